/** The signed-in benches' users and routes: Pro users made through the real sign-in and webhook, and what they request. */
import { revenueCatEvent, TEST_WEBHOOK_AUTH, webhookBody } from '../../tests/support/payments';
import type { LoadRequest } from './load';
import { signIn, type Running } from './resilience-server';

/** What each bench user holds: 200 favorites, 30 bottles (and 3 collections of 10). */
export const FAVORITES = 200;
export const BOTTLES = 30;

/** A signed-in Pro user of the run: their Cookie header and what they hold. */
export interface BenchUser {
  cookie: string;
  collectionIds: number[];
}

/** A route measured, its target and the request it sends for a random user. */
export interface Route {
  name: string;
  kind: 'account' | 'list' | 'write';
  next: (user: BenchUser, i: number) => LoadRequest;
}

export const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** Sends `request` with `cookie` and the app's origin; @throws unless it answers 2xx. */
export async function send(server: Running, cookie: string, request: LoadRequest): Promise<unknown> {
  const response = await fetch(server.url + request.path, {
    method: request.method,
    headers: { cookie, origin: server.url, 'content-type': 'application/json', ...request.headers },
    body: request.body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${request.method} ${request.path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The catalogue's first FAVORITES cocktail ids and every ingredient id (pages past the first need a signed-in caller). */
export async function catalogueIds(
  url: string,
  cookie: string,
): Promise<{ cocktails: number[]; ingredients: number[] }> {
  const cocktails: number[] = [];
  for (let page = 0; cocktails.length < FAVORITES; page += 1) {
    const response = await fetch(`${url}/api/cocktails?pageSize=50&page=${page}`, { headers: { cookie } });
    const body = (await response.json()) as { items: { id: number }[] };
    if (body.items.length === 0) break;
    cocktails.push(...body.items.map((item) => item.id));
  }
  const ingredients = ((await (await fetch(`${url}/api/ingredients`)).json()) as { items: { id: number }[] }).items.map(
    (item) => item.id,
  );
  return { cocktails: cocktails.slice(0, FAVORITES), ingredients };
}

/** Signs in `count` users, makes each Pro by RevenueCat's webhook, and fills their favorites, bar and collections. */
export async function prepareUsers(
  server: Running,
  ids: { cocktails: number[]; ingredients: number[] },
  count: number,
): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let n = 0; n < count; n += 1) {
    const cookie = await signIn(server.url, `bench-${n}-${Date.now()}@example.com`);
    const me = (await send(server, cookie, { method: 'GET', path: '/api/me' })) as { user: { id: string } };
    const webhook = await fetch(`${server.url}/api/webhooks/revenuecat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: TEST_WEBHOOK_AUTH },
      body: JSON.stringify(webhookBody(revenueCatEvent('INITIAL_PURCHASE', me.user.id))),
    });
    if (!webhook.ok) throw new Error(`webhook: ${webhook.status} ${await webhook.text()}`);
    const writes: LoadRequest[] = [
      ...ids.cocktails.map((id): LoadRequest => ({ method: 'PUT', path: `/api/me/favorites/${id}` })),
      ...ids.ingredients.slice(0, BOTTLES).map((id): LoadRequest => ({ method: 'PUT', path: `/api/me/bar/${id}` })),
    ];
    for (let i = 0; i < writes.length; i += 20) {
      await Promise.all(writes.slice(i, i + 20).map((request) => send(server, cookie, request)));
    }
    const collectionIds: number[] = [];
    for (let c = 0; c < 3; c += 1) {
      const created = (await send(server, cookie, {
        method: 'POST',
        path: '/api/me/collections',
        body: JSON.stringify({ name: `Bench ${c}` }),
      })) as { id: number };
      collectionIds.push(created.id);
      for (const id of ids.cocktails.slice(c * 10, c * 10 + 10)) {
        await send(server, cookie, { method: 'PUT', path: `/api/me/collections/${created.id}/items/${id}` });
      }
    }
    users.push({ cookie, collectionIds });
  }
  return users;
}

/**
 * Puts every user back to what {@link prepareUsers} gave them (the write routes leave spare bottles in and favorites
 * out): all FAVORITES favorites, and the first BOTTLES bottles only, so two measurements read the same rows.
 */
export async function restoreUsers(
  server: Running,
  users: BenchUser[],
  ids: { cocktails: number[]; ingredients: number[] },
): Promise<void> {
  const kept = new Set(ids.ingredients.slice(0, BOTTLES));
  for (const user of users) {
    const bar = (await send(server, user.cookie, { method: 'GET', path: '/api/me/bar' })) as {
      items: { id: number }[];
    };
    const writes: LoadRequest[] = [
      ...ids.cocktails.map((id): LoadRequest => ({ method: 'PUT', path: `/api/me/favorites/${id}` })),
      ...bar.items
        .filter((item) => !kept.has(item.id))
        .map((item): LoadRequest => ({ method: 'DELETE', path: `/api/me/bar/${item.id}` })),
    ];
    for (let i = 0; i < writes.length; i += 20) {
      await Promise.all(writes.slice(i, i + 20).map((request) => send(server, user.cookie, request)));
    }
  }
}

/**
 * The signed-in routes measured. Each write route alternates, per user, a change and its undoing (a held favorite
 * deleted then put back, a spare bottle put then deleted), so every request changes a row and the users' lists keep
 * their size through the run (a bar that grew with every stray put would make the answers, the whole bar, grow too).
 */
export function routes(ids: { cocktails: number[]; ingredients: number[] }): Route[] {
  const spare = ids.ingredients.slice(BOTTLES);
  /** Per user and route, the id changed by its last request and not yet undone. */
  const undo = (change: 'DELETE' | 'PUT', path: (id: number) => string, choose: () => number) => {
    const pending = new WeakMap<BenchUser, number>();
    return (user: BenchUser): LoadRequest => {
      const id = pending.get(user);
      if (id === undefined) {
        const chosen = choose();
        pending.set(user, chosen);
        return { method: change, path: path(chosen) };
      }
      pending.delete(user);
      return { method: change === 'PUT' ? 'DELETE' : 'PUT', path: path(id) };
    };
  };
  return [
    { name: 'GET /api/me', kind: 'account', next: () => ({ method: 'GET', path: '/api/me' }) },
    {
      name: 'GET /api/auth/get-session',
      kind: 'account',
      next: () => ({ method: 'GET', path: '/api/auth/get-session' }),
    },
    { name: 'GET /api/me/favorites', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/favorites' }) },
    { name: 'GET /api/me/bar', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/bar' }) },
    { name: 'GET /api/me/collections', kind: 'list', next: () => ({ method: 'GET', path: '/api/me/collections' }) },
    {
      name: 'PUT/DELETE /api/me/favorites/:id',
      kind: 'write',
      // Every cocktail of the seed is among the user's 200: one is deleted, then put back.
      next: undo(
        'DELETE',
        (id) => `/api/me/favorites/${id}`,
        () => pick(ids.cocktails),
      ),
    },
    {
      name: 'PUT/DELETE /api/me/bar/:id',
      kind: 'write',
      next: undo(
        'PUT',
        (id) => `/api/me/bar/${id}`,
        () => pick(spare),
      ),
    },
  ];
}
