import { offlineDb, pendingWrites, writeQueueChanged, type QueuedWrite } from './write-queue';

/**
 * Sends the writes kept offline (write-queue.ts) when the network is back: one at a time, oldest first, each with its
 * own id (`Idempotency-Key`) and its age (`Barback-Write-Age`, ms since it was made), one tab at a time (a Web Lock).
 */

/** What one pass of {@link flushWrites} did. */
export interface FlushOutcome {
  /** Writes the server took. */
  sent: QueuedWrite[];
  /** Writes dropped because another device had changed the same thing since (409 WRITE_CONFLICT): the newer was kept. */
  conflicts: QueuedWrite[];
  /** Writes the server refused for good (a 4xx other than a conflict), with its message. */
  refused: { write: QueuedWrite; message: string }[];
  /** Writes still waiting (the server was not reached, was busy, or the session has to be renewed). */
  waiting: number;
}

/** The oldest age the server takes (30 days, ms): an older write is sent as that old, still older than any newer value. */
const MAX_WRITE_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** The name of the Web Lock that keeps two tabs from sending the same writes at once. */
const SYNC_LOCK = 'barback-write-sync';

/** The error code and message of an answer, when it carries the API's error body. */
async function errorOf(answer: Response): Promise<{ code: string; message: string }> {
  const body = (await answer.json().catch(() => null)) as { error?: { code?: unknown; message?: unknown } } | null;
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'HTTP_ERROR';
  const message =
    typeof body?.error?.message === 'string' ? body.error.message : `The server answered ${answer.status}.`;
  return { code, message };
}

/** Sends one write: 'sent', 'conflict', a refusal's message, or 'wait' (try again later). */
async function sendOne(write: QueuedWrite): Promise<'sent' | 'conflict' | 'wait' | { message: string }> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Idempotency-Key': write.key,
    'Barback-Write-Age': String(Math.min(MAX_WRITE_AGE_MS, Math.max(0, Date.now() - write.madeAt))),
  };
  if (write.body !== undefined) headers['Content-Type'] = 'application/json';
  let answer: Response;
  try {
    answer = await fetch(write.path, {
      method: write.method,
      headers,
      credentials: 'same-origin',
      ...(write.body === undefined ? {} : { body: write.body }),
    });
  } catch {
    return 'wait';
  }
  if (answer.ok) return 'sent';
  const { code, message } = await errorOf(answer);
  if (code === 'WRITE_CONFLICT') return 'conflict';
  // Signed out (renew the session), a duplicate still running, throttled, or a server fault: try again later.
  if (answer.status === 401 || answer.status >= 500 || answer.status === 429 || code === 'IDEMPOTENCY_IN_PROGRESS') {
    return 'wait';
  }
  return { message };
}

/** Runs `work` under the sync lock where the browser has Web Locks (every current one), or as it is. */
function underLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(SYNC_LOCK, work) as Promise<T>) : work();
}

/**
 * Sends the kept writes of `userId`, oldest first, until one cannot be sent now (the rest wait behind it, so writes
 * land in the order they were made). Writes of another user (a session that ended without signing out) are dropped
 * unsent: they must never land in this user's account.
 * @returns what was sent, dropped as conflicts, refused, and how many still wait. Never throws (IndexedDB away: nothing
 *   is sent).
 */
export function flushWrites(userId: string): Promise<FlushOutcome> {
  return underLock(async () => {
    const outcome: FlushOutcome = { sent: [], conflicts: [], refused: [], waiting: 0 };
    const writes = await pendingWrites();
    let db;
    try {
      db = await offlineDb();
    } catch {
      return { ...outcome, waiting: writes.length };
    }
    const waitingFrom = (index: number) => writes.slice(index).filter((kept) => kept.userId === userId).length;
    // False when the store is gone (the offline data cleared at sign-out, here or in another tab): stop sending.
    const forget = (write: QueuedWrite) =>
      db.delete('writes', write.seq!).then(
        () => true,
        () => false,
      );
    for (let index = 0; index < writes.length; index += 1) {
      const write = writes[index]!;
      if (write.userId !== userId) {
        if (!(await forget(write))) {
          outcome.waiting = waitingFrom(index);
          break;
        }
        continue;
      }
      const result = await sendOne(write);
      if (result === 'wait') {
        outcome.waiting = waitingFrom(index);
        break;
      }
      if (result === 'sent') outcome.sent.push(write);
      else if (result === 'conflict') outcome.conflicts.push(write);
      else outcome.refused.push({ write, message: result.message });
      if (!(await forget(write))) {
        outcome.waiting = waitingFrom(index + 1);
        break;
      }
    }
    writeQueueChanged();
    return outcome;
  });
}
