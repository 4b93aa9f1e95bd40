import { Special, toJsonText } from '../values';
import type { Encoding } from './types';

/** Values as query or path text, and that text as sent on the wire. */

/** A value as query or path text. */
export function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Special) return value.render();
  return toJsonText(value);
}

/** UTF-8 percent-encoding; lone surrogates as the bytes of their WTF-8 form (invalid UTF-8 on the wire). */
function percentEncode(text: string, mode: Encoding): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (/^[A-Za-z0-9\-._~]$/.test(ch)) out += ch;
    else if (code >= 0xd800 && code <= 0xdfff) {
      out +=
        mode === 'wtf8'
          ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
              .map((byte) => `%${byte.toString(16).toUpperCase()}`)
              .join('')
          : '%EF%BF%BD';
    } else {
      out += [...Buffer.from(ch, 'utf8')]
        .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
        .join('');
    }
  }
  return out;
}

/** Query or path text as sent: percent-encoded, WTF-8 encoded, or raw (left for the URL parser, `#` and `?` escaped). */
export function encodeText(text: string, mode: Encoding): string {
  if (mode === 'raw') return text.replace(/[#?&%]/g, (ch) => (ch === '%' ? '%' : encodeURIComponent(ch)));
  return percentEncode(text, mode);
}
