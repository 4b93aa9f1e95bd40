import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { apiFetch, ApiError, type BodyParser } from '@/client/lib/api-client';

/**
 * Writes made with no network, kept in IndexedDB until it returns (docs/product.md, "Offline").
 *
 * A write goes to the server at once when it can; when no answer comes (offline, or the connection dropped), it is kept
 * here with the id the device made for it and sent again later by {@link flushWrites}, in the order it was made. The
 * server runs each id once (`Idempotency-Key`), so a write whose first answer was lost is never doubled, and it is told
 * how long ago the write was made (`Barback-Write-Age`, ms), so a value changed on another device since then is kept
 * and the write is dropped (409 WRITE_CONFLICT): the user is told which.
 */

/** The IndexedDB database of offline data (emptied at sign-out: lib/offline/offline-data.ts). */
export const OFFLINE_DB_NAME = 'barback-offline';

/** One write waiting to be sent. */
export interface QueuedWrite {
  /** Order of making (IndexedDB's key). */
  seq?: number;
  /** The id the device made for it (a UUID), sent as Idempotency-Key. */
  key: string;
  /** Whose write it is: only that user's session sends it. */
  userId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute API path, e.g. `/api/me/favorites/12`. */
  path: string;
  /** JSON text of the body, when there is one. */
  body?: string;
  /** When it was made, ms since the epoch (this device's clock; only differences are sent). */
  madeAt: number;
  /** What the user did, for messages: 'Save Negroni to your favorites', 'Rate Daiquiri 4 stars'. */
  label: string;
}

interface OfflineSchema extends DBSchema {
  writes: { key: number; value: QueuedWrite };
}

let opened: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The offline database, opened once (version 1: one store of writes by their order). */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opened ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore('writes', { keyPath: 'seq', autoIncrement: true });
    },
    // Another tab deleting the database (sign-out, 'Clear offline data') must not wait for this one.
    blocking() {
      void closeOfflineDb();
    },
    terminated() {
      opened = null;
    },
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** Closes the database (before it is deleted), so the next use opens it afresh. */
export async function closeOfflineDb(): Promise<void> {
  const db = await opened?.catch(() => null);
  opened = null;
  db?.close();
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever the queue changes (a write kept, sent or dropped). @returns the function that stops it. */
export function subscribeWriteQueue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the subscribers that the queue changed. */
export function writeQueueChanged(): void {
  for (const listener of listeners) listener();
}

/** Every kept write, oldest first ([] when IndexedDB cannot be opened). */
export async function pendingWrites(): Promise<QueuedWrite[]> {
  try {
    return await (await offlineDb()).getAll('writes');
  } catch {
    return [];
  }
}

/** True for a write that sets its path's whole value (PUT, DELETE): a later one of the same path replaces it. */
const setsWholeValue = (method: QueuedWrite['method']) => method === 'PUT' || method === 'DELETE';

/**
 * Keeps `write` for later. A PUT or DELETE replaces the same user's earlier kept PUT or DELETE of the same path (three
 * taps on the stars send one rating, with the last one's age); POSTs and PATCHes are all kept, in order.
 * @throws when IndexedDB refuses (private mode with no storage, quota): nothing is kept.
 */
export async function keepWrite(write: Omit<QueuedWrite, 'seq'>): Promise<void> {
  const transaction = (await offlineDb()).transaction('writes', 'readwrite');
  if (setsWholeValue(write.method)) {
    for (const kept of await transaction.store.getAll()) {
      if (kept.userId === write.userId && kept.path === write.path && setsWholeValue(kept.method)) {
        await transaction.store.delete(kept.seq!);
      }
    }
  }
  await transaction.store.add(write);
  await transaction.done;
  writeQueueChanged();
}

/** What a write asks for. */
export interface WriteRequest {
  userId: string;
  method: QueuedWrite['method'];
  path: string;
  /** Sent as JSON. */
  body?: unknown;
  label: string;
}

/** Answers made on the device for writes that were kept (see {@link wasKept}). */
const keptAnswers = new WeakSet<object>();

/** True when `answer` came from {@link sendWrite} keeping the write rather than from the server. */
export function wasKept(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && keptAnswers.has(answer);
}

/** True for a failure that means the server was not reached (the write may still be sent later). */
function isUnreached(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0 && error.code === 'NETWORK_ERROR';
}

/**
 * Sends one write, or keeps it when the server cannot be reached.
 * @param parser validates the server's answer (null: the API's typed contract).
 * @param keptAnswer the answer to give the caller when the write is kept (what the server would have answered), so
 *   the screen shows the change at once; {@link wasKept} tells it apart.
 * @returns the server's answer, or `keptAnswer()` when the write was kept.
 * @throws ApiError for the server's refusals (4xx/5xx) as apiFetch does, and NETWORK_ERROR when the write could not be
 *   kept either (no IndexedDB).
 */
export async function sendWrite<T extends object>(
  request: WriteRequest,
  parser: BodyParser<T> | null,
  keptAnswer: () => T,
): Promise<T> {
  const key = crypto.randomUUID();
  const madeAt = Date.now();
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (!offline) {
    try {
      return await apiFetch(request.path, parser, {
        method: request.method,
        headers: { 'Idempotency-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body }),
      });
    } catch (error) {
      if (!isUnreached(error)) throw error;
    }
  }
  try {
    await keepWrite({
      key,
      userId: request.userId,
      method: request.method,
      path: request.path,
      body,
      madeAt,
      label: request.label,
    });
  } catch (cause) {
    throw new ApiError(0, 'NETWORK_ERROR', 'You are offline, and this device could not keep the change.', { cause });
  }
  const answer = keptAnswer();
  keptAnswers.add(answer);
  return answer;
}
