import type { QueryClient } from '@tanstack/react-query';
import { showToast } from '@/client/lib/toast-events';
import { pendingWrites, subscribeWriteQueue } from './write-queue';
import { flushWrites, type FlushOutcome } from './write-sync';

/**
 * Keeps the signed-in user's offline writes moving: sends them when the page starts, when the browser says it is back
 * online, and every {@link RETRY_MS} while some wait; then refetches what they changed and tells the user what
 * happened (saved, kept the newer change from another device, or refused).
 */

/** How often waiting writes are tried again while the page is open, ms. */
export const RETRY_MS = 30_000;

/** The toasts a pass shows: one for what was saved, one per conflict and per refusal ([] when nothing happened). */
export function syncMessages(
  outcome: FlushOutcome,
): { title: string; description?: string; variant: 'success' | 'error' | 'default' }[] {
  const messages: { title: string; description?: string; variant: 'success' | 'error' | 'default' }[] = [];
  const saved = outcome.sent.length;
  if (saved > 0) {
    messages.push({
      title: saved === 1 ? 'Your change made offline is saved.' : `Your ${saved} changes made offline are saved.`,
      variant: 'success',
    });
  }
  for (const write of outcome.conflicts) {
    messages.push({
      title: 'A newer change from another device was kept.',
      description: `Your older change made offline was not applied: ${write.label}.`,
      variant: 'default',
    });
  }
  for (const { write, message } of outcome.refused) {
    messages.push({
      title: 'A change made offline could not be saved.',
      description: `${write.label}: ${message}`,
      variant: 'error',
    });
  }
  return messages;
}

/** Options of {@link startWriteSync}. */
export interface WriteSyncOptions {
  userId: string;
  queryClient: QueryClient;
  /** Called with the number of this user's waiting writes whenever it may have changed. */
  onPending: (count: number) => void;
}

/**
 * Starts sending `userId`'s waiting writes (see the module's header).
 * @returns the function that stops it.
 */
export function startWriteSync({ userId, queryClient, onPending }: WriteSyncOptions): () => void {
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const countPending = async () => {
    const count = (await pendingWrites()).filter((write) => write.userId === userId).length;
    if (stopped) return;
    onPending(count);
    if (count > 0 && timer === undefined) timer = setInterval(() => void run(), RETRY_MS);
    if (count === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  const run = (): Promise<void> => {
    if (stopped || navigator.onLine === false) return Promise.resolve();
    running ??= (async () => {
      try {
        const outcome = await flushWrites(userId);
        if (stopped) return;
        if (outcome.sent.length + outcome.conflicts.length + outcome.refused.length > 0) {
          // The server's truth replaces what the screen showed at once.
          await queryClient.invalidateQueries();
        }
        for (const message of syncMessages(outcome)) showToast(message);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const unsubscribe = subscribeWriteQueue(() => void countPending());
  const onOnline = () => void run();
  window.addEventListener('online', onOnline);
  void countPending();
  void run();
  return () => {
    stopped = true;
    unsubscribe();
    window.removeEventListener('online', onOnline);
    if (timer !== undefined) clearInterval(timer);
  };
}
