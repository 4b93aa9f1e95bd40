import type { Kysely } from 'kysely';
import type { SupportMessage, SupportReceipt } from '@/shared/schemas/support';
import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { supportEmail, type Mailer } from '../mail';

/**
 * Stores a Contact Support message (`support_message` with its priority, the signed-in user or null), then mails it to
 * `supportAddress` with Reply-To the sender ('[Priority]' first in the subject for an Enterprise customer). A mail failure is logged and reported as `mailed: false`; the stored message
 * stays.
 * @param now the clock that stamps `created_at` (default the system clock; tests pass their own).
 * @throws the database's error when the message cannot be stored.
 */
export async function sendSupportMessage({
  db,
  mailer,
  logger,
  supportAddress,
  userId,
  input,
  priority = 'standard',
  now = () => new Date(),
}: {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  supportAddress: string;
  userId: string | null;
  input: SupportMessage;
  /** 'priority' for an Enterprise customer (decided by the route from the account, never from the request). */
  priority?: SupportReceipt['priority'];
  now?: () => Date;
}): Promise<SupportReceipt> {
  const page = input.page ? input.page : null;
  const row = await db
    .insertInto('support_message')
    .values({
      email: input.email,
      message: input.message,
      user_id: userId,
      page,
      priority,
      mailed: 0,
      created_at: now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  let mailed = false;
  try {
    await mailer.send(
      supportEmail({ to: supportAddress, from: input.email, message: input.message, page, userId, id, priority }),
    );
    mailed = true;
    await db.updateTable('support_message').set({ mailed: 1 }).where('id', '=', id).execute();
  } catch (error) {
    logger.warn({ err: error, id }, 'support message stored but not mailed');
  }
  return { id, status: 'received', mailed, priority };
}
