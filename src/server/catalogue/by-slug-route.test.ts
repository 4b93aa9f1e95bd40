import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema, type ApiErrorBody } from '@/shared/schemas/api-error';
import { cocktailDetailSchema, type CocktailDetail } from '@/shared/schemas/cocktail';
import { ownRecipeSchema, type OwnRecipe, type OwnRecipeWriteInput } from '@/shared/schemas/recipes';
import { signatureSchema, type Signature, type SignatureWriteInput } from '@/shared/schemas/signatures';
import { venueSchema, type Venue } from '@/shared/schemas/venues';
import { postJson, randomEmail, signIn, userIdOf } from '../../../tests/support/auth';
import type { CookieJar } from '../../../tests/support/cookie-jar';
import { createTestApp, type TestApp, ingredientIdsOf } from '../../../tests/support/test-app';
import { testDialects } from '../../../tests/support/test-database';
import { RETRY_AFTER_SECONDS } from '../app';
import { grantEntitlement } from '../payments';

/**
 * `GET /api/cocktails/by-slug/:slug`: a public catalogue cocktail by the address of its page. The same answer as
 * `GET /api/cocktails/:id`; malformed slugs refused at the edge; own recipes and venue signatures have no public page,
 * so their slugs are not found, whoever asks; 503 while the database is away.
 */

/** A recipe a home bartender or a venue writes (the fields both editors share), with ingredients of the test seed. */
function stirredRecipe(ing: Record<string, number>, name: string): OwnRecipeWriteInput & SignatureWriteInput {
  return {
    name,
    base_spirit: 'Whiskey',
    category: 'Modern',
    description: 'Rounder than the catalogue one.',
    instructions: 'Stir with ice for thirty seconds and strain over a large cube.',
    difficulty_level: 'Easy',
    glassware: 'Rocks',
    technique: 'Stir',
    garnish: 'Orange twist',
    preparation_time: 3,
    ingredients: [
      { ingredient_id: ing.bourbon!, amount: 60, unit: 'ml' },
      { ingredient_id: ing['sweet-vermouth']!, amount: 30, unit: 'ml' },
    ],
  };
}

describe.each(testDialects())('GET /api/cocktails/by-slug/:slug on %s', (dialect) => {
  let t: TestApp;
  let ing: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    ing = await ingredientIdsOf(t);
  });
  afterAll(() => t?.close());

  const idOf = async (slug: string) => {
    const row = await t.database.db
      .selectFrom('cocktail')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  /** A GET as `jar` (null: signed out). */
  const get = <T>(jar: CookieJar | null, path: string) => t.json<T>(path, jar ? { headers: jar.headers() } : undefined);

  const expectError = (answer: { status: number; body: unknown }, status: number, code: string) => {
    expect(answer.status).toBe(status);
    const body = apiErrorBodySchema.parse(answer.body);
    expect(body).toEqual(answer.body);
    expect(body.error.code).toBe(code);
    return body;
  };

  describe('a public catalogue cocktail', () => {
    it.each(['negroni', 'old-fashioned'])(
      'answers %s exactly as GET /api/cocktails/<id> does, body, Cache-Control and ETag',
      async (slug) => {
        const id = await idOf(slug);
        const bySlug = await t.json<CocktailDetail>(`/api/cocktails/by-slug/${slug}`);
        const byId = await t.json<CocktailDetail>(`/api/cocktails/${id}`);
        expect(bySlug.status).toBe(200);
        expect(bySlug.headers.get('content-type')).toMatch(/^application\/json/);
        expect(cocktailDetailSchema.parse(bySlug.body)).toEqual(bySlug.body);
        expect(bySlug.body).toMatchObject({ id, slug });
        expect(bySlug.body.ingredients.length).toBeGreaterThan(0);
        expect(bySlug.body).toEqual(byId.body);
        expect(bySlug.headers.get('cache-control')).toBe('public, no-cache');
        expect(bySlug.headers.get('cache-control')).toBe(byId.headers.get('cache-control'));
        expect(bySlug.headers.get('etag')).toBeTruthy();
        expect(bySlug.headers.get('etag')).toBe(byId.headers.get('etag'));
      },
    );

    it('answers 304 with no body to a matching If-None-Match, and 200 to another ETag', async () => {
      const first = await t.request('/api/cocktails/by-slug/negroni');
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag') as string;
      expect(etag).toBeTruthy();
      // Asked a few times: the first answers are produced by the route, later ones come from the answer cache.
      for (let round = 0; round < 3; round += 1) {
        const again = await t.request('/api/cocktails/by-slug/negroni', { headers: { 'If-None-Match': etag } });
        expect(again.status, `round ${round}`).toBe(304);
        expect(await again.text(), `round ${round}`).toBe('');
        expect(again.headers.get('etag'), `round ${round}`).toBe(etag);
      }
      const other = await t.request('/api/cocktails/by-slug/old-fashioned', { headers: { 'If-None-Match': etag } });
      expect(other.status).toBe(200);
      expect(((await other.json()) as CocktailDetail).slug).toBe('old-fashioned');
    });
  });

  describe('slugs that name no public cocktail', () => {
    it('answers 404 NOT_FOUND for an unknown slug, well-formed up to 80 characters', async () => {
      for (const slug of ['no-such-drink', 'negroni-2', 'a', 'x'.repeat(80)]) {
        const answer = await t.json<ApiErrorBody>(`/api/cocktails/by-slug/${slug}`);
        expect(answer.status, slug).toBe(404);
        expect(expectError(answer, 404, 'NOT_FOUND').error.message, slug).toContain(slug);
        expect(answer.headers.get('cache-control') ?? '', slug).not.toMatch(/public/);
      }
    });

    it.each([
      ['upper-case letters', 'Negroni'],
      ['a space', 'old%20fashioned'],
      ['an underscore', 'old_fashioned'],
      ['a leading hyphen', '-negroni'],
      ['a trailing hyphen', 'negroni-'],
      ['a double hyphen', 'old--fashioned'],
      ['81 characters', 'x'.repeat(81)],
      ['10,000 characters', 'x'.repeat(10_000)],
      ['a dot', 'negroni.json'],
      ['a quote', "negroni'"],
      ['non-ASCII letters', 'caf%C3%A9'],
    ])('answers 400 VALIDATION_FAILED for a slug with %s', async (_, slug) => {
      const answer = await t.json<ApiErrorBody>(`/api/cocktails/by-slug/${slug}`);
      expect(expectError(answer, 400, 'VALIDATION_FAILED').error.message).toMatch(/^slug/);
    });
  });

  describe('cocktails that are not the public catalogue', () => {
    /** A signed-in user; with `plan`, granted it. */
    async function user(label: string, plan?: 'enterprise'): Promise<{ jar: CookieJar; id: string }> {
      const jar = await signIn(t, randomEmail(label));
      const id = await userIdOf(t, jar);
      if (plan) await grantEntitlement({ db: t.database.db, userId: id, name: plan });
      return { jar, id };
    }

    /**
     * Gives cocktail `id` a slug in the catalogue's form (no double hyphen, which the app's own slugs for own recipes
     * and signatures carry), so the lookup reaches the database rather than stopping at the slug's shape.
     */
    async function catalogueFormSlug(id: number, slug: string): Promise<string> {
      await t.database.db.updateTable('cocktail').set({ slug }).where('id', '=', id).execute();
      return slug;
    }

    /**
     * Asks for `slug` signed out and as each of `jars`: never found, never a word of the recipe named `name`; a 404 is
     * the very answer a slug nobody uses gets (nothing tells that such a cocktail exists, not even its id).
     */
    async function expectHidden(slug: string, name: string, jars: CookieJar[], status: 400 | 404) {
      const unknown = await get<ApiErrorBody>(null, '/api/cocktails/by-slug/nobody-uses-this-slug');
      for (const jar of [null, ...jars]) {
        const who = jar ? 'its owner' : 'signed out';
        const answer = await get<ApiErrorBody>(jar, `/api/cocktails/by-slug/${slug}`);
        expect(answer.status, `${slug}, ${who}`).toBe(status);
        const body = expectError(answer, status, status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED');
        if (status === 404) {
          expect(body.error.message, `${slug}, ${who}`).toBe(
            unknown.body.error.message.replace('nobody-uses-this-slug', slug),
          );
        }
        const text = JSON.stringify(answer.body);
        expect(text, `${slug}, ${who}`).not.toContain(name);
        expect(text, `${slug}, ${who}`).not.toContain('Rounder than the catalogue one');
        expect(text, `${slug}, ${who}`).not.toContain('thirty seconds');
      }
    }

    it("a user's own recipe is not found by its slug, signed out or by its owner, who still reads it by id", async () => {
      const owner = await user('by-slug-own');
      const name = 'Quillon Private Stir';
      const created = await t.json<OwnRecipe>('/api/me/recipes', postJson(stirredRecipe(ing, name), owner.jar));
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const recipe = ownRecipeSchema.parse(created.body);

      // Its own slug (`u--…`) is not a catalogue slug's shape: refused before any lookup.
      await expectHidden(recipe.slug, name, [owner.jar], 400);
      // Even with a slug of the catalogue's shape it is no public cocktail.
      await expectHidden(await catalogueFormSlug(recipe.id, 'quillon-private-stir'), name, [owner.jar], 404);

      // The recipe is there: its owner reads it by id, privately.
      const byId = await get<CocktailDetail>(owner.jar, `/api/cocktails/${recipe.id}`);
      expect(byId.status).toBe(200);
      expect(byId.body.name).toBe(name);
      expect(byId.headers.get('cache-control')).toBe('private, no-store');
    });

    it("a venue's signature cocktail is not found by its slug, signed out or by the venue's owner", async () => {
      const owner = await user('by-slug-venue', 'enterprise');
      const venueAnswer = await t.json<Venue>(
        '/api/venues',
        postJson({ name: `The Slug Bar ${Date.now()}` }, owner.jar),
      );
      expect(venueAnswer.status, JSON.stringify(venueAnswer.body)).toBe(201);
      const venue = venueSchema.parse(venueAnswer.body);
      const name = 'Zephyr House Stir';
      const created = await t.json<Signature>(
        `/api/venues/${venue.slug}/signatures`,
        postJson(stirredRecipe(ing, name), owner.jar),
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const signature = signatureSchema.parse(created.body);

      await expectHidden(signature.slug, name, [owner.jar], 400);
      await expectHidden(await catalogueFormSlug(signature.id, 'zephyr-house-stir'), name, [owner.jar], 404);
      expect((await get(null, `/api/cocktails/${signature.id}`)).status).toBe(404);
    });
  });
});

describe.each(testDialects())('GET /api/cocktails/by-slug/:slug while the database is away, on %s', (dialect) => {
  let gone: TestApp;
  beforeAll(async () => {
    gone = await createTestApp({ dialect });
    await gone.database.destroy();
  });
  afterAll(() => gone?.close());

  it('answers 503 SERVICE_UNAVAILABLE with the error shape and Retry-After, never a 500', async () => {
    for (const slug of ['negroni', 'no-such-drink']) {
      const { status, body, headers } = await gone.json<ApiErrorBody>(`/api/cocktails/by-slug/${slug}`);
      expect(status, slug).toBe(503);
      expect(apiErrorBodySchema.parse(body), slug).toEqual(body);
      expect(body.error.code, slug).toBe('SERVICE_UNAVAILABLE');
      expect(headers.get('retry-after'), slug).toBe(String(RETRY_AFTER_SECONDS));
      expect(JSON.stringify(body), slug).not.toMatch(/at .*\.ts|stack|select /i);
    }
  });
});
