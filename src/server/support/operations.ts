import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { supportEmail } from '../mail/templates';

/** Longest support message, characters. */
export const MAX_SUPPORT_MESSAGE_LENGTH = 5000;

/** Body of `POST /api/support`: email (required, valid), message (1–5000 characters after trimming), page (optional). */
export const supportMessageSchema = z.object({
  email: z
    .string({ error: 'email is required' })
    .trim()
    .min(1, 'email is required')
    .max(254, 'email must be at most 254 characters')
    .pipe(z.email('email must be a valid email address')),
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message is required')
    .max(MAX_SUPPORT_MESSAGE_LENGTH, `message must be at most ${MAX_SUPPORT_MESSAGE_LENGTH} characters`),
  page: z.string({ error: 'page must be text' }).trim().max(500, 'page must be at most 500 characters').optional(),
});
export type SupportMessageInput = z.infer<typeof supportMessageSchema>;

/** `POST /api/support` answer (201). mailed: false when the mail server could not take it (the message is kept anyway). */
export interface SupportReceipt {
  id: number;
  status: 'received';
  mailed: boolean;
}

/**
 * Stores a Contact Support message (`support_message`, priority 'standard', the signed-in user or null), then mails it to
 * `supportAddress` with Reply-To the sender. A mail failure is logged and reported as `mailed: false`; the stored message
 * stays.
 * @throws the database's error when the message cannot be stored.
 */
export async function sendSupportMessage({
  db,
  mailer,
  logger,
  supportAddress,
  userId,
  input,
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  supportAddress: string;
  userId: string | null;
  input: SupportMessageInput;
}): Promise<SupportReceipt> {
  const page = input.page ? input.page : null;
  const row = await db
    .insertInto('support_message')
    .values({
      email: input.email,
      message: input.message,
      user_id: userId,
      page,
      priority: 'standard',
      mailed: 0,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  let mailed = false;
  try {
    await mailer.send(
      supportEmail({ to: supportAddress, from: input.email, message: input.message, page, userId, id }),
    );
    mailed = true;
    await db.updateTable('support_message').set({ mailed: 1 }).where('id', '=', id).execute();
  } catch (error) {
    logger.warn({ err: error, id }, 'support message stored but not mailed');
  }
  return { id, status: 'received', mailed };
}
