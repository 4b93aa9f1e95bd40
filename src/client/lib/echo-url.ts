/** Exact messages of the URL echo tool (docs/product.md, Validation). */
export const ECHO_URL_TEXT = { empty: 'Please enter a URL to test', invalid: 'Invalid URL format' } as const;

/** The parts of a parsed URL the tool shows. */
export interface EchoedUrl {
  href: string;
  protocol: string;
  host: string;
  path: string;
  params: [string, string][];
  hash: string;
}

/**
 * Parses `input` for display.
 * @returns the parts, or an error message: 'Please enter a URL to test' for blank input, 'Invalid URL format' when the
 *   text is not an absolute URL.
 */
export function echoUrl(input: string): { ok: true; url: EchoedUrl } | { ok: false; error: string } {
  const text = input.trim();
  if (text === '') return { ok: false, error: ECHO_URL_TEXT.empty };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: ECHO_URL_TEXT.invalid };
  }
  return {
    ok: true,
    url: {
      href: url.href,
      protocol: url.protocol,
      host: url.host,
      path: url.pathname,
      params: [...url.searchParams.entries()],
      hash: url.hash,
    },
  };
}
