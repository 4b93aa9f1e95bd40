import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/types';
import type { Logger } from '../logger';

/** One email: plain-text and HTML bodies of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go (support messages: the sender). */
  replyTo?: string;
}

/** How mail leaves the server: real SMTP, or the dev outbox (a table plus a log line). */
export type MailTransportKind = 'smtp' | 'outbox';

/** Sends email. `send` resolves once the mail server (or the outbox) has accepted the message. */
export interface Mailer {
  transport: MailTransportKind;
  /** The From header of every message. */
  from: string;
  /**
   * Sends one message.
   * @throws MailError when the mail server refuses it or cannot be reached (message: the reason, for people).
   */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections (no-op for the outbox). */
  close(): void;
}

/** A message could not be handed over; `message` says why (e.g. "connect ECONNREFUSED 127.0.0.1:2525"). */
export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

/** Longest wait for the SMTP server at each step (connect, greeting, each command), ms. */
export const SMTP_TIMEOUT_MS = 10_000;

/** Replaces the value of every `token=` parameter (query or fragment: recovery links), so sign-in links never reach a production log. */
export function redactTokens(text: string): string {
  return text.replace(/([?&#]token=)[^&\s"'<>]+/g, '$1[redacted]');
}

/**
 * Builds the mailer the configuration asks for: SMTP through nodemailer when SMTP_URL is set; otherwise the dev outbox,
 * which stores each message in `mail_outbox` (readable at GET /api/dev/mailbox in development) and logs it: in full in
 * development, with sign-in tokens redacted elsewhere.
 */
export function createMailer({
  config,
  db,
  logger,
}: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>;
  db: Kysely<Database>;
  logger: Logger;
}): Mailer {
  const from = config.mailFrom;
  if (config.smtpUrl) {
    // Options set in the URL's query (e.g. ?secure=true) win over these defaults.
    const transporter = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      transport: 'smtp',
      from,
      async send(message) {
        try {
          await transporter.sendMail({
            from,
            to: message.to,
            replyTo: message.replyTo,
            subject: message.subject,
            text: message.text,
            html: message.html,
          });
        } catch (error) {
          throw new MailError((error as Error).message || 'the mail server refused the message', { cause: error });
        }
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transporter.close(),
    };
  }
  return {
    transport: 'outbox',
    from,
    async send(message) {
      let id: number;
      try {
        const row = await db
          .insertInto('mail_outbox')
          .values({
            to_address: message.to,
            reply_to: message.replyTo ?? null,
            subject: message.subject,
            text: message.text,
            html: message.html,
            created_at: new Date().toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = Number(row.id);
      } catch (error) {
        throw new MailError(`the dev outbox could not store the message: ${(error as Error).message}`, {
          cause: error,
        });
      }
      const text = config.nodeEnv === 'development' ? message.text : redactTokens(message.text);
      logger.info({ id, to: message.to, subject: message.subject, text }, 'mail kept in the dev outbox');
    },
    close: () => {},
  };
}
