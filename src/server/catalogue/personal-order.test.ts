import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@/shared/schemas/api-error';
import type { CocktailPage } from '@/shared/schemas/cocktail';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement, revokeEntitlement } from '../payments';
import { SIGN_IN_FOR_RATINGS_MESSAGE } from './list-operations';

/**
 * `GET /api/cocktails?sort=my-ratings|rated-first&minRating=`: the catalogue in the caller's own order, over
 * HTTP on both databases. Ratings are written through the API, so each test sees what a user would.
 */
describe.each(testDialects())('The catalogue in my own order on %s', (dialect) => {
  let t: TestApp;
  /** The catalogue A to Z: [id, name]. */
  let catalogue: { id: number; name: string }[];
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const page = await t.json<CocktailPage>('/api/cocktails?pageSize=100');
    catalogue = page.body.items.map((item) => ({ id: item.id, name: item.name }));
    expect(catalogue.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => t?.close());

  async function proUser(label: string): Promise<{ jar: CookieJar; id: string }> {
    const jar = await signIn(t, randomEmail(label));
    const id = await userIdOf(t, jar);
    await grantEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    return { jar, id };
  }
  async function rate(jar: CookieJar, cocktailId: number, stars: number) {
    const answer = await t.json(`/api/me/ratings/${cocktailId}`, postJson({ stars }, jar, 'PUT'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const list = (jar: CookieJar | null, query: string) =>
    t.json<CocktailPage & ApiErrorBody>(`/api/cocktails?${query}`, { headers: jar ? jar.headers() : {} });
  const names = (page: CocktailPage) => page.items.map((item) => item.name);
  const nameOf = (index: number) => (catalogue[index] as { name: string }).name;
  const idOf = (index: number) => (catalogue[index] as { id: number }).id;

  it('orders by my stars, most recently rated first, and filters to rated 4+, across pages', async () => {
    const { jar } = await proUser('orders');
    // Rated in this order: the 6th (3 stars), the 3rd (5), the 5th (4.5), the 1st (4).
    await rate(jar, idOf(5), 3);
    await rate(jar, idOf(2), 5);
    await rate(jar, idOf(4), 4.5);
    await rate(jar, idOf(0), 4);
    const rest = catalogue.map((c) => c.name).filter((_, i) => ![5, 2, 4, 0].includes(i));

    const byStars = await list(jar, 'sort=my-ratings&pageSize=100');
    expect(byStars.status).toBe(200);
    expect(byStars.headers.get('cache-control')).toBe('private, no-cache');
    expect(names(byStars.body)).toEqual([nameOf(2), nameOf(4), nameOf(0), nameOf(5), ...rest]);
    expect(byStars.body.total).toBe(catalogue.length);

    const recent = await list(jar, 'sort=rated-first&pageSize=100');
    expect(names(recent.body).slice(0, 4)).toEqual([nameOf(0), nameOf(4), nameOf(2), nameOf(5)]);

    const fourPlus = await list(jar, 'minRating=4');
    expect(names(fourPlus.body)).toEqual([nameOf(0), nameOf(2), nameOf(4)]); // catalogue order (A to Z)
    expect(fourPlus.body.total).toBe(3);
    const fourPlusByStars = await list(jar, 'minRating=4&sort=my-ratings');
    expect(names(fourPlusByStars.body)).toEqual([nameOf(2), nameOf(4), nameOf(0)]);

    // Pages slice the personal order: page 1 of size 2 holds the 3rd and 4th by stars.
    const second = await list(jar, 'sort=my-ratings&pageSize=2&page=1');
    expect(names(second.body)).toEqual([nameOf(0), nameOf(5)]);
    expect(second.body.total).toBe(catalogue.length);

    // A new rating shows at once: no shared cache keeps the old order.
    await rate(jar, idOf(5), 5);
    expect(names((await list(jar, 'minRating=4&sort=my-ratings')).body)).toEqual([
      nameOf(2),
      nameOf(5),
      nameOf(4),
      nameOf(0),
    ]);
  });

  it('combines with text and filters: only matches of the search are ordered', async () => {
    const { jar } = await proUser('combined');
    const all = await list(null, 'q=gin&pageSize=100');
    const gin = all.body.items;
    expect(gin.length).toBeGreaterThan(2);
    const last = gin[gin.length - 1] as { id: number; name: string };
    await rate(jar, last.id, 4.5);
    // A rated cocktail that does not match the text never appears.
    const outsider = catalogue.find((c) => !gin.some((g) => g.id === c.id)) as { id: number };
    await rate(jar, outsider.id, 5);
    const ordered = await list(jar, 'q=gin&sort=my-ratings&pageSize=100');
    expect(names(ordered.body)).toEqual([last.name, ...gin.slice(0, -1).map((g) => g.name)]);
    const filtered = await list(jar, 'q=gin&minRating=4');
    expect(names(filtered.body)).toEqual([last.name]);
  });

  it('gives a user with no ratings the catalogue order, and an empty rated 4+ list', async () => {
    const { jar } = await proUser('none');
    const plain = await list(jar, 'pageSize=100');
    expect(names((await list(jar, 'sort=my-ratings&pageSize=100')).body)).toEqual(names(plain.body));
    const empty = await list(jar, 'minRating=4');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ items: [], total: 0 });
  });

  it('keeps working after the plan lapses: ratings are still the user’s to read', async () => {
    const { jar, id } = await proUser('lapsed');
    await rate(jar, idOf(3), 4);
    await revokeEntitlement({ db: t.database.db, userId: id, name: 'pro' });
    expect(names((await list(jar, 'minRating=4')).body)).toEqual([nameOf(3)]);
  });

  it('refuses a signed-out caller with 401 and a clear message, and bad values with 400', async () => {
    for (const query of ['sort=my-ratings', 'sort=rated-first', 'minRating=4', 'minRating=4&page=1']) {
      const answer = await list(null, query);
      expect(answer.status, query).toBe(401);
      expect(answer.body.error).toEqual({ code: 'UNAUTHORIZED', message: SIGN_IN_FOR_RATINGS_MESSAGE });
    }
    const { jar } = await proUser('bad');
    for (const query of ['sort=best', 'minRating=4.2', 'minRating=0', 'minRating=6', 'minRating=four', 'minRating=']) {
      const answer = await list(jar, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.code).toBe('VALIDATION_FAILED');
    }
  });

  it('never orders B’s list by A’s ratings, nor A’s by B’s, even through the same URL', async () => {
    const a = await proUser('iso-a');
    const b = await proUser('iso-b');
    await rate(a.jar, idOf(1), 5);
    await rate(b.jar, idOf(4), 5);
    expect(names((await list(b.jar, 'minRating=0.5')).body)).toEqual([nameOf(4)]);
    expect(names((await list(a.jar, 'minRating=0.5')).body)).toEqual([nameOf(1)]);
    // The same URL, one after the other: each caller gets their own answer (nothing shared through a cache).
    expect(names((await list(b.jar, 'sort=my-ratings&pageSize=1')).body)).toEqual([nameOf(4)]);
    expect(names((await list(a.jar, 'sort=my-ratings&pageSize=1')).body)).toEqual([nameOf(1)]);
    expect(names((await list(null, 'pageSize=1')).body)).toEqual([nameOf(0)]);
  });
});

describe.each(testDialects())('My own order while the database is away, on %s', (dialect) => {
  let t: TestApp;
  let jar: CookieJar;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    jar = await signIn(t, randomEmail('outage'));
    await t.database.destroy();
  });
  afterAll(() => t?.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After, never a 500', async () => {
    for (const query of ['sort=my-ratings', 'minRating=4']) {
      const answer = await t.json<ApiErrorBody>(`/api/cocktails?${query}`, { headers: jar.headers() });
      expect(answer.status, query).toBe(503);
      expect(answer.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(answer.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    }
  });
});
