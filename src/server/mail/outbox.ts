import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@/shared/schemas/dev-tools';
import type { Database } from '../db/types';

/** Most messages the mailbox shows at once. */
export const OUTBOX_LIST_LIMIT = 50;

/** The dev outbox, newest first (at most {@link OUTBOX_LIST_LIMIT} messages). */
export async function listOutbox({ db }: { db: Kysely<Database> }): Promise<OutboxMessage[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text', 'html', 'created_at'])
    .orderBy('id', 'desc')
    .limit(OUTBOX_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
