import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server (smtp-server) on a random loopback port that keeps every message it is given, so a journey can read
 * the mail the app sent (magic links, support messages). The raw RFC 822 text is parsed here, minimally: headers (with
 * folded lines and RFC 2047 encoded words), multipart bodies (nested), and the quoted-printable / base64 transfer
 * encodings nodemailer uses.
 */

/** One MIME leaf part: its content type (lower case, without parameters) and its decoded body. */
export interface MailPart {
  contentType: string;
  body: string;
}

/** One captured message. Header names are lower case; `to` is the envelope's recipients. */
export interface CapturedMail {
  /** SMTP envelope sender and recipients (what the server was told, not the headers). */
  envelope: { from: string; to: string[] };
  headers: Record<string, string>;
  subject: string;
  from: string;
  replyTo: string | null;
  /** The text/plain part ('' when there is none). */
  text: string;
  /** The text/html part ('' when there is none). */
  html: string;
  parts: MailPart[];
  raw: string;
}

/** The running capture. `url` is what the app's SMTP_URL should be. */
export interface MailCapture {
  url: string;
  /** Every message received so far, oldest first. */
  messages: CapturedMail[];
  /**
   * Waits for a message sent to `to` (case-insensitive; envelope or To header) that `match` accepts, received after the
   * first `after` messages (default: any).
   * @throws Error listing what did arrive, after `timeoutMs` (default 10 s)
   */
  waitFor(options: {
    to: string;
    after?: number;
    match?: (mail: CapturedMail) => boolean;
    timeoutMs?: number;
  }): Promise<CapturedMail>;
  /** Makes the server refuse the next `count` messages with a 550 (mail-failure paths). */
  refuseNext(count?: number): void;
  stop(): Promise<void>;
}

/** Splits a header block into lower-case names and unfolded values (a repeated header keeps its first value). */
function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const unfolded = block.replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!(name in headers)) headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Decodes a quoted-printable body (RFC 2045 section 6.7): soft line breaks and =XX bytes, read as UTF-8. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const char = joined[index]!;
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(joined.slice(index + 1, index + 3))) {
      bytes.push(parseInt(joined.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (`=?utf-8?Q?...?=`, `=?utf-8?B?...?=`) in a header value. */
export function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, encoding: string, data: string) => {
      if (encoding.toUpperCase() === 'B') return Buffer.from(data, 'base64').toString('utf8');
      return decodeQuotedPrintable(data.replace(/_/g, ' '));
    });
}

/** A header parameter such as `boundary` from `multipart/alternative; boundary="abc"`. */
function headerParam(value: string, name: string): string | null {
  const match = new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value);
  return match ? match[1]! : null;
}

/** Decodes one entity (headers + body) into its leaf parts, descending into multipart bodies. */
function parseEntity(raw: string): { headers: Record<string, string>; parts: MailPart[] } {
  const split = /\r?\n\r?\n/.exec(raw);
  const headerBlock = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = parseHeaders(headerBlock);
  const contentTypeHeader = headers['content-type'] ?? 'text/plain';
  const contentType = contentTypeHeader.split(';')[0]!.trim().toLowerCase();
  if (contentType.startsWith('multipart/')) {
    const boundary = headerParam(contentTypeHeader, 'boundary');
    if (!boundary) return { headers, parts: [] };
    const sections = body.split(`--${boundary}`);
    const parts: MailPart[] = [];
    // sections[0] is the preamble; the section after the closing boundary starts with '--'.
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      parts.push(...parseEntity(section.replace(/^\r?\n/, '')).parts);
    }
    return { headers, parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let decoded = body;
  if (encoding === 'quoted-printable') decoded = decodeQuotedPrintable(body);
  else if (encoding === 'base64') decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, parts: [{ contentType, body: decoded.replace(/\r\n/g, '\n') }] };
}

/** Parses a raw RFC 822 message as the SMTP DATA command delivered it. */
export function parseMail(raw: string, envelope: CapturedMail['envelope']): CapturedMail {
  const { headers, parts } = parseEntity(raw);
  const part = (type: string) => parts.find((p) => p.contentType === type)?.body ?? '';
  return {
    envelope,
    headers,
    subject: decodeEncodedWords(headers.subject ?? ''),
    from: decodeEncodedWords(headers.from ?? ''),
    replyTo: headers['reply-to'] ? decodeEncodedWords(headers['reply-to']) : null,
    text: part('text/plain'),
    html: part('text/html'),
    parts,
    raw,
  };
}

/** Does `mail` go to `address` (envelope recipient or To header, case-insensitive)? */
function addressedTo(mail: CapturedMail, address: string): boolean {
  const wanted = address.toLowerCase();
  return (
    mail.envelope.to.some((to) => to.toLowerCase() === wanted) || (mail.headers.to ?? '').toLowerCase().includes(wanted)
  );
}

/**
 * Starts the capture on 127.0.0.1 and a free port: no TLS (STARTTLS not offered, so nodemailer stays on plain SMTP), no
 * authentication required, every message kept in memory.
 */
export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
          return;
        }
        const mailFrom = session.envelope.mailFrom;
        const envelope = {
          from: mailFrom ? mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        };
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelope));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor({ to, after = 0, match = () => true, timeoutMs = 10_000 }) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(after).find((mail) => addressedTo(mail, to) && match(mail));
        if (found) return found;
        if (Date.now() > deadline) {
          const seen = messages.map((m) => `  ${m.envelope.to.join(', ')}: ${m.subject}`).join('\n') || '  (none)';
          throw new Error(`no matching mail to ${to} arrived in ${timeoutMs} ms; the capture holds:\n${seen}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    refuseNext(count = 1) {
      refusals += count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The sign-in link of a magic-link email: the one URL the text part holds that points at better-auth's verify route.
 * @throws Error when the text part holds no such link
 */
export function magicLinkIn(mail: CapturedMail): string {
  const link = /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no sign-in link in the text part of "${mail.subject}":\n${mail.text}`);
  return link;
}
