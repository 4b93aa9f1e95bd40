import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

/** Offline, the app's client still runs writes and tries each query once: the service worker and write queue answer. */
describe('the query client offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('runs a write while the browser says it is offline', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const result = await client
      .getMutationCache()
      .build(client, { mutationFn: async (value: number) => value * 2 })
      .execute(21);
    expect(result).toBe(42);
  });

  it('tries a query once while offline, answering what the fetch answers', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const answer = await client.fetchQuery({ queryKey: ['kept'], queryFn: async () => 'from the device' });
    expect(answer).toBe('from the device');
  });
});
