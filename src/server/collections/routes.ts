import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  cocktailNoteParamSchema,
  collectionCreateSchema,
  collectionItemParamSchema,
  collectionListQuerySchema,
  collectionOrderSchema,
  collectionParamSchema,
  collectionUpdateSchema,
  noteWriteSchema,
  ratingWriteSchema,
  shareSlugSchema,
  type CollectionUpdate,
} from '@/shared/schemas/collections';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { jsonBody, validate } from '../http/validate';
import { writeMadeAt } from '../http/write-age';
import { requireEntitlement } from '../payments';
import {
  addCollectionItem,
  createCollection,
  deleteCollection,
  getCollection,
  getSharedCollection,
  removeCollectionItem,
  reorderCollection,
  updateCollection,
} from './collections';
import { listCollections } from './collection-rows';
import { deleteNote, getNote, saveNote } from './notes';
import { listRatings, rateCocktail, removeRating } from './ratings';

/** The user's own answers change with every write: never stored by any cache. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/** True when an update only turns sharing off (no rename, no description, no sharing on). */
function isUnshareOnly(input: CollectionUpdate): boolean {
  return input.shared === false && input.name === undefined && input.description === undefined;
}

/**
 * Collections, notes and ratings, mounted at /api/me (shapes: src/shared/schemas/collections.ts; rules: operations.ts);
 * their export is the account's (account/data-routes.ts). The user always comes from the session. Reads, DELETEs and
 * turning sharing off (a PATCH of `{shared: false}` alone) need only a signed-in user (a lapsed plan still reads,
 * unshares and deletes); every
 * other write (POST, PATCH, PUT) needs the pro entitlement. Writes
 * are refused from another site; bodies are limited by the API's body-limit guard (http/request-guards.ts).
 * - `GET /collections[?cocktailId=]` -> CollectionList (`contains` marks those holding the cocktail); `POST /collections` -> 201 CollectionDetail (404 unknown cocktail, 400 past
 *   MAX_COLLECTIONS); `GET|PATCH|DELETE /collections/:id` -> CollectionDetail (DELETE: the CollectionList left);
 * - `PUT|DELETE /collections/:id/items/:cocktailId` -> CollectionDetail (PUT: 404 unknown cocktail, 400 when full);
 *   `PUT /collections/:id/order` `{cocktailIds}` -> CollectionDetail (400 unless exactly the collection's cocktails);
 * - `GET|PUT|DELETE /notes/:cocktailId` -> Note; `GET /ratings` -> RatingList; `PUT|DELETE /ratings/:cocktailId` -> Rating;
 *   these four writes take `Barback-Write-Age` (http/write-age.ts): a queued write made before the stored note or
 *   rating last changed (a deletion included) answers 409 WRITE_CONFLICT and writes nothing;
 * Another user's collection is 404, as one that does not exist. Errors (`{"error": {code, message}}`): 401 signed out;
 * 403 ENTITLEMENT_REQUIRED on a write without the plan; 403 FORBIDDEN for a cross-site write; 400 VALIDATION_FAILED;
 * 413 for an oversized body; 503 while the database is away.
 */
export function collectionRoutes({
  db,
  sessions,
  trustedOrigins,
}: {
  db: Kysely<Database>;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
}): Hono {
  const pro = requireEntitlement({ db, sessions }, 'pro');
  const guard = sameOriginGuard(trustedOrigins);
  const userOf = async (c: Context) => ({ db, userId: (await sessions.require(c)).user.id });
  const me = new Hono();

  const collections = new Hono();
  collections.use(guard);
  collections.get('/', validate('query', collectionListQuerySchema), async (c) =>
    c.json(await listCollections({ ...(await userOf(c)), cocktailId: c.req.valid('query').cocktailId }), 200, NO_STORE),
  );
  collections.post('/', pro, jsonBody(collectionCreateSchema), async (c) =>
    c.json(await createCollection({ ...(await userOf(c)), input: c.req.valid('json') }), 201, NO_STORE),
  );
  collections.get('/:id', validate('param', collectionParamSchema), async (c) =>
    c.json(await getCollection({ ...(await userOf(c)), id: c.req.valid('param').id }), 200, NO_STORE),
  );
  collections.patch('/:id', validate('param', collectionParamSchema), jsonBody(collectionUpdateSchema), async (c) => {
    const input = c.req.valid('json');
    // Turning sharing off takes something away, as a delete does: a lapsed plan may still do it. Other edits are paid.
    if (!isUnshareOnly(input)) await pro(c, async () => {});
    return c.json(await updateCollection({ ...(await userOf(c)), id: c.req.valid('param').id, input }), 200, NO_STORE);
  });
  collections.delete('/:id', validate('param', collectionParamSchema), async (c) =>
    c.json(await deleteCollection({ ...(await userOf(c)), id: c.req.valid('param').id }), 200, NO_STORE),
  );
  collections.put(
    '/:id/order',
    pro,
    validate('param', collectionParamSchema),
    jsonBody(collectionOrderSchema),
    async (c) =>
      c.json(
        await reorderCollection({
          ...(await userOf(c)),
          id: c.req.valid('param').id,
          cocktailIds: c.req.valid('json').cocktailIds,
        }),
        200,
        NO_STORE,
      ),
  );
  collections.put('/:id/items/:cocktailId', pro, validate('param', collectionItemParamSchema), async (c) =>
    c.json(await addCollectionItem({ ...(await userOf(c)), ...c.req.valid('param') }), 200, NO_STORE),
  );
  collections.delete('/:id/items/:cocktailId', validate('param', collectionItemParamSchema), async (c) =>
    c.json(await removeCollectionItem({ ...(await userOf(c)), ...c.req.valid('param') }), 200, NO_STORE),
  );
  me.route('/collections', collections);

  const notes = new Hono();
  notes.use(guard);
  notes.get('/:cocktailId', validate('param', cocktailNoteParamSchema), async (c) =>
    c.json(await getNote({ ...(await userOf(c)), ...c.req.valid('param') }), 200, NO_STORE),
  );
  /** The user and cocktail of a note or rating write, with when a queued one was made (http/write-age.ts). */
  const valueScope = async (c: Context, cocktailId: number) => ({
    ...(await userOf(c)),
    cocktailId,
    madeAt: writeMadeAt(c),
  });
  notes.put('/:cocktailId', pro, validate('param', cocktailNoteParamSchema), jsonBody(noteWriteSchema), async (c) =>
    c.json(
      await saveNote({ ...(await valueScope(c, c.req.valid('param').cocktailId)), text: c.req.valid('json').text }),
      200,
      NO_STORE,
    ),
  );
  notes.delete('/:cocktailId', validate('param', cocktailNoteParamSchema), async (c) =>
    c.json(await deleteNote(await valueScope(c, c.req.valid('param').cocktailId)), 200, NO_STORE),
  );
  me.route('/notes', notes);

  const ratings = new Hono();
  ratings.use(guard);
  ratings.get('/', async (c) => c.json(await listRatings(await userOf(c)), 200, NO_STORE));
  ratings.put('/:cocktailId', pro, validate('param', cocktailNoteParamSchema), jsonBody(ratingWriteSchema), async (c) =>
    c.json(
      await rateCocktail({
        ...(await valueScope(c, c.req.valid('param').cocktailId)),
        stars: c.req.valid('json').stars,
      }),
      200,
      NO_STORE,
    ),
  );
  ratings.delete('/:cocktailId', validate('param', cocktailNoteParamSchema), async (c) =>
    c.json(await removeRating(await valueScope(c, c.req.valid('param').cocktailId)), 200, NO_STORE),
  );
  me.route('/ratings', ratings);

  return me;
}

/**
 * The public, read-only share link, mounted at /api/collections: `GET /shared/:slug` -> SharedCollection (no owner, no
 * ids of other collections). An unknown slug, a malformed one and one whose sharing is off answer the same 404.
 * Answered `no-store`: when the owner turns sharing off, the link stops working at once, even in a browser that opened it.
 */
export function sharedCollectionRoutes({ db }: { db: Kysely<Database> }): Hono {
  const shared = new Hono();
  shared.get('/shared/:slug', async (c) => {
    const parsed = shareSlugSchema.safeParse({ slug: c.req.param('slug') });
    const body = await getSharedCollection({ db, slug: parsed.success ? parsed.data.slug : '' });
    return c.json(body, 200, { 'Cache-Control': 'no-store' });
  });
  return shared;
}
