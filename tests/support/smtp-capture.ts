import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message received by the capture server, decoded: headers, and the text and HTML parts. */
export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  headers: Record<string, string>;
  text: string;
  html: string;
  raw: string;
}

/** A running SMTP server that keeps every message it receives. */
export interface SmtpCapture {
  /** SMTP_URL for the server under test, e.g. smtp://127.0.0.1:40123. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message to `to` received after `since` messages (polls every 20 ms up to `timeoutMs`). */
  waitFor(to: string, options?: { since?: number; timeoutMs?: number }): Promise<CapturedMail>;
  /** Makes the server refuse the next `count` messages with a 550. */
  refuseNext(count?: number): void;
  stop(): Promise<void>;
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const char = soft[i]!;
    if (char === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Splits a MIME entity into its (lower-cased, unfolded) headers and its body. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '7bit').toLowerCase();
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** Decodes RFC 2047 encoded words (=?utf-8?Q?...?= / =?utf-8?B?...?=) in a header value. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/** Walks a (possibly multipart) entity, collecting its text/plain and text/html parts. */
function collectParts(raw: string, into: { text: string; html: string }): void {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), into);
    }
    return;
  }
  const decoded = decodeBody(body, headers['content-transfer-encoding']);
  if (/^text\/html/i.test(type)) into.html += decoded;
  else if (/^text\/plain/i.test(type)) into.text += decoded;
}

/** Decodes a raw RFC 5322 message into a {@link CapturedMail}. */
export function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const { headers } = splitEntity(raw);
  const parts = { text: '', html: '' };
  collectParts(raw, parts);
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeHeader(headers.subject ?? ''),
    headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, decodeHeader(value)])),
    text: parts.text,
    html: parts.html,
    raw,
  };
}

/**
 * Starts smtp-server on a free port of 127.0.0.1 without authentication or STARTTLS (plain SMTP, as a local relay would
 * be), keeping every message decoded in `messages`.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          return callback(error);
        }
        const envelope = session.envelope;
        messages.push(
          parseMail(Buffer.concat(chunks).toString('utf8'), {
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((rcpt) => rcpt.address),
          }),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to, { since = 0, timeoutMs = 5000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.slice(since).find((message) => message.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    refuseNext(count = 1) {
      refusals += count;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
