import { ONE_LINE_TEXT } from './schemas/text';

/**
 * The rule for every address the app is sent back to after a sign-in step (better-auth's callbackURL,
 * newUserCallbackURL, errorCallbackURL, redirectTo): a path on this site. No zod here, so the server's auth guard and the
 * shared schemas can both use it without loading a schema library.
 */

/** Longest callback path accepted, characters. */
export const MAX_SAME_ORIGIN_PATH_LENGTH = 2000;

/** An origin no real request has, for resolving a path without a base of its own. */
const PARSER_ORIGIN = 'http://same-origin.invalid';

/**
 * True when `value` is a path on this site once normalised: it starts with one `/` followed by something other than `/`
 * or `\`, holds no backslash or control character (no address needs one; a header splitter does), and still does once
 * percent-decoded (better-auth decodes callback query values once more) and with its dot segments resolved
 * (`/.//evil.example` resolves to `//evil.example`, which a browser reads as another host). At most
 * {@link MAX_SAME_ORIGIN_PATH_LENGTH} characters.
 * @param value the address as received
 */
export function isSameOriginPath(value: string): boolean {
  if (value.length > MAX_SAME_ORIGIN_PATH_LENGTH) return false;
  const forms = [value];
  try {
    const decoded = decodeURIComponent(value);
    if (decoded !== value) forms.push(decoded);
  } catch {
    return false; // better-auth would throw decoding it
  }
  return forms.every((form) => {
    if (!/^\/(?![/\\])/.test(form) || form.includes('\\') || !ONE_LINE_TEXT.test(form)) return false;
    let resolved: URL;
    try {
      resolved = new URL(form, PARSER_ORIGIN);
    } catch {
      return false;
    }
    return resolved.origin === PARSER_ORIGIN && !resolved.pathname.startsWith('//');
  });
}
