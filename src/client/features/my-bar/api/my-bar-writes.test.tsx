// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { deleteDB } from 'idb';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb, OFFLINE_DB_NAME, pendingWrites } from '@/client/lib/offline/write-queue';
import { flushWrites } from '@/client/lib/offline/write-sync';
import { syncMessages } from '@/client/lib/offline/sync-runner';
import { createQueryClient } from '@/client/lib/query-client';
import { server } from '@/client/test/msw-server';
import type { BarIngredient, BarList, ShoppingBought, ShoppingListBody } from '@/shared/schemas/my-bar';
import { useChangeShoppingList } from './my-bar-writes';
import { myBarKeys } from './query-keys';

const USER = 'user-1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BOUGHT_PATH = '/api/me/shopping-list/2/bought';
const LABEL = 'Move Sweet vermouth from your shopping list to My Bar';

const ingredient = (id: number, name: string): BarIngredient => ({
  id,
  slug: name.toLowerCase().replace(/ /g, '-'),
  name,
  category: 'Spirits',
  parentId: null,
  houseMade: false,
});
const GIN = ingredient(1, 'Gin');
const VERMOUTH = ingredient(2, 'Sweet vermouth');
const CAMPARI = ingredient(3, 'Campari');
const AT = '2024-05-01T10:00:00.000Z';
const BAR: BarList = { items: [{ ...GIN, addedAt: AT }] };
const LIST: ShoppingListBody = {
  items: [
    { ingredient: VERMOUTH, addedAt: AT, unlocks: 1, examples: ['Gin & It'] },
    { ingredient: CAMPARI, addedAt: AT, unlocks: 0, examples: [] },
  ],
  together: { unlocks: 2, examples: ['Gin & It', 'Negroni'] },
};

/** A query client holding the bar and the list as My Bar shows them, and the shopping list's write hook over it. */
function renderWrites(seeded: { bar?: BarList } = { bar: BAR }) {
  const client: QueryClient = createQueryClient();
  if (seeded.bar) client.setQueryData(myBarKeys.bar(USER), seeded.bar);
  client.setQueryData(myBarKeys.shopping(USER), LIST);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(() => useChangeShoppingList(USER), { wrapper });
  return { client, result };
}

/** The server's 'bought' answer for LIST and BAR: the bottle in the bar, the item off the list. */
const SERVER_ANSWER: ShoppingBought = {
  bar: {
    items: [
      { ...GIN, addedAt: AT },
      { ...VERMOUTH, addedAt: '2025-01-01T00:00:00.000Z' },
    ],
  },
  list: { items: [{ ...LIST.items[1]!, unlocks: 1, examples: ['Negroni'] }], together: { unlocks: 1, examples: [] } },
};

/** Answers 'bought' with `answer`, recording each request's key and write age. */
function serveBought(answer: () => Response) {
  const received: { key: string | null; age: string | null }[] = [];
  server.use(
    http.post(BOUGHT_PATH, ({ request }) => {
      received.push({ key: request.headers.get('Idempotency-Key'), age: request.headers.get('Barback-Write-Age') });
      return answer();
    }),
  );
  return received;
}

afterEach(async () => {
  vi.restoreAllMocks();
  await closeOfflineDb();
  await deleteDB(OFFLINE_DB_NAME);
});

describe("'bought' on the shopping list", () => {
  it('online, is sent once with a key of its own, and the screen takes the answer', async () => {
    const received = serveBought(() => HttpResponse.json(SERVER_ANSWER));
    const { client, result } = renderWrites();

    const list = await result.current.mutateAsync({ kind: 'bought', ingredientId: VERMOUTH.id });

    expect(list).toEqual(SERVER_ANSWER.list);
    expect(client.getQueryData(myBarKeys.bar(USER))).toEqual(SERVER_ANSWER.bar);
    expect(received).toEqual([{ key: expect.stringMatching(UUID) as string, age: null }]);
    expect(await pendingWrites()).toEqual([]);
  });

  it('offline, is kept with its key and label, and shows at once: off the list, into the bar', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { client, result } = renderWrites();

    const list = await result.current.mutateAsync({ kind: 'bought', ingredientId: VERMOUTH.id });

    expect(list.items.map((item) => item.ingredient.name)).toEqual(['Campari']);
    expect(client.getQueryData<ShoppingListBody>(myBarKeys.shopping(USER))).toEqual(list);
    const bar = client.getQueryData<BarList>(myBarKeys.bar(USER));
    expect(bar?.items.map((item) => item.name)).toEqual(['Gin', 'Sweet vermouth']);
    expect(bar?.items[1]).toMatchObject(VERMOUTH);
    expect(await pendingWrites()).toEqual([
      {
        seq: expect.any(Number) as number,
        key: expect.stringMatching(UUID) as string,
        userId: USER,
        method: 'POST',
        path: BOUGHT_PATH,
        madeAt: expect.any(Number) as number,
        label: LABEL,
      },
    ]);
  });

  it('offline with no bar on screen, leaves the bar to be read again rather than show a bar of one', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { client, result } = renderWrites({});

    await result.current.mutateAsync({ kind: 'bought', ingredientId: VERMOUTH.id });

    expect(client.getQueryData(myBarKeys.bar(USER))).toBeUndefined();
    expect(await pendingWrites()).toHaveLength(1);
  });

  it('kept, is sent when the network returns with the same key every time, until the server takes it', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { result } = renderWrites();
    await result.current.mutateAsync({ kind: 'bought', ingredientId: VERMOUTH.id });
    const [kept] = await pendingWrites();
    online.mockReturnValue(true);

    // The first answer is lost on the way back: the write waits, and the next pass sends it again under its key.
    let lose = true;
    const received = serveBought(() => {
      const answer = lose ? HttpResponse.error() : HttpResponse.json(SERVER_ANSWER);
      lose = false;
      return answer;
    });
    expect(await flushWrites(USER)).toMatchObject({ sent: [], waiting: 1 });
    const outcome = await flushWrites(USER);

    expect(received.map((request) => request.key)).toEqual([kept!.key, kept!.key]);
    for (const request of received) expect(request.age).toMatch(/^\d+$/);
    expect(outcome).toMatchObject({ sent: [{ key: kept!.key, label: LABEL }], waiting: 0 });
    expect(await pendingWrites()).toEqual([]);
    expect(syncMessages(outcome).map((message) => message.title)).toEqual(['Your change made offline is saved.']);
    // Had another device changed the bottle since, the user is told which change was not applied.
    expect(syncMessages({ sent: [], conflicts: [kept!], refused: [], waiting: 0 })[0]?.description).toBe(
      `Your older change made offline was not applied: ${LABEL}.`,
    );
  });
});
