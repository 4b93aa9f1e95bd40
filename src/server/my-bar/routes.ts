import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  barAddManySchema,
  cocktailParamSchema,
  ingredientParamSchema,
  madeCreateSchema,
  makeableQuerySchema,
  swapSchema,
} from '@/shared/schemas/my-bar';
import type { Database } from '../db/types';
import { sameOriginGuard } from '../http/origin-guard';
import type { SessionReader } from '../http/current-session';
import { jsonBody, validate } from '../http/validate';
import { writeMadeAt } from '../http/write-age';
import { requireEntitlementToAdd } from '../payments';
import { listBar } from './bar-rows';
import { addBarItem, addBarItems, removeBarItem } from './bar';
import { listMadeDrinks, recordMadeDrink } from './made-drinks';
import { listMakeable, listMakeableIds, listSuggestions, matchRecipe } from './matching';
import { addSwap, listSwaps, removeSwap } from './swaps';
import { addShoppingItem, clearShoppingList, listShopping, markBought, removeShoppingItem } from './shopping';

/** Every My Bar answer is the user's own and changes with every write: never stored by any cache. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * My Bar's HTTP routes, mounted at /api/me (shapes: src/shared/schemas/my-bar.ts; rules: operations.ts). Every route sits
 * behind the pro entitlement (pro or enterprise), except that a user whose plan lapsed still reads (GET) and removes
 * (DELETE) their bar, shopping list, swaps and made drinks (requireEntitlementToAdd); adding (PUT, POST) needs the plan
 * now. Routes read the user from the session, never from the request; writes are refused from another site. Bodies are limited by the API's body-limit guard (http/request-guards.ts).
 * - `GET /bar` -> BarList; `PUT /bar/:ingredientId` -> BarList (idempotent; 404 unknown ingredient; 409 past
 *   MAX_BAR_ITEMS); `POST /bar` `{ingredientIds}` -> BarList (adds many; 404 naming unknown ids, nothing added);
 *   `DELETE /bar/:ingredientId` -> BarList (idempotent); both one-bottle writes take `Barback-Write-Age`
 *   (http/write-age.ts): a queued write made before the bottle was last added or removed answers 409 WRITE_CONFLICT,
 *   nothing written;
 * - `GET /bar/makeable?view=can-make|one-away&page=&q=` -> MakeablePage; `GET /bar/makeable-ids` -> MakeableIds;
 *   `GET /bar/match/:cocktailId` -> RecipeMatch (404 unknown cocktail); `GET /bar/suggestions` -> SuggestionList;
 * - `GET /shopping-list` -> ShoppingList; `DELETE /shopping-list` -> the empty list; `PUT|DELETE
 *   /shopping-list/:ingredientId` -> ShoppingList; `POST /shopping-list/:ingredientId/bought` -> `{bar, list}` (404
 *   unknown ingredient; 409 for a full bar; `Barback-Write-Age` as the bottle's PUT: a queued one made before the
 *   bottle was last added or removed answers 409 WRITE_CONFLICT, nothing written);
 * - `POST /made` `{cocktailId, note?, madeAt?}` -> 201 MadeDrink (404 unknown cocktail; 400 madeAt in the future);
 *   `GET /made` -> MadeList;
 * - `GET /swaps` -> SwapList; `PUT /swaps` `{fromId, toId}` -> SwapList (404 unknown ingredient);
 *   `DELETE /swaps?fromId=&toId=` -> SwapList.
 * Errors (`{"error": {code, message}}`): 401 signed out; 403 ENTITLEMENT_REQUIRED without the plan (for a lapsed plan: on
 * PUT and POST only); 403 FORBIDDEN for a
 * cross-site write; 400 VALIDATION_FAILED naming a bad id, query or body field; 413 for an oversized body; 503 while the
 * database is away.
 */
export function myBarRoutes({
  db,
  sessions,
  trustedOrigins,
}: {
  db: Kysely<Database>;
  sessions: SessionReader;
  trustedOrigins: readonly string[];
}): Hono {
  // Reads and removals stay open after the plan lapses; adding needs the plan now.
  const gate = requireEntitlementToAdd({ db, sessions }, 'pro');
  const guard = sameOriginGuard(trustedOrigins);
  const userOf = async (c: Context) => ({ db, userId: (await sessions.require(c)).user.id });

  const bar = new Hono();
  bar.use(guard, gate);
  bar.get('/', async (c) => c.json(await listBar(await userOf(c)), 200, NO_STORE));
  bar.post('/', jsonBody(barAddManySchema), async (c) =>
    c.json(
      await addBarItems({ ...(await userOf(c)), ingredientIds: c.req.valid('json').ingredientIds }),
      200,
      NO_STORE,
    ),
  );
  bar.get('/makeable', validate('query', makeableQuerySchema), async (c) =>
    c.json(await listMakeable({ ...(await userOf(c)), query: c.req.valid('query') }), 200, NO_STORE),
  );
  bar.get('/makeable-ids', async (c) => c.json(await listMakeableIds(await userOf(c)), 200, NO_STORE));
  bar.get('/suggestions', async (c) => c.json(await listSuggestions(await userOf(c)), 200, NO_STORE));
  bar.get('/match/:cocktailId', validate('param', cocktailParamSchema), async (c) =>
    c.json(await matchRecipe({ ...(await userOf(c)), cocktailId: c.req.valid('param').cocktailId }), 200, NO_STORE),
  );
  /** The user and bottle of a bottle write, with when a queued one was made (http/write-age.ts). */
  const bottleOf = async (c: Context, ingredientId: number) => ({
    ...(await userOf(c)),
    ingredientId,
    madeAt: writeMadeAt(c),
  });
  bar.put('/:ingredientId', validate('param', ingredientParamSchema), async (c) =>
    c.json(await addBarItem(await bottleOf(c, c.req.valid('param').ingredientId)), 200, NO_STORE),
  );
  bar.delete('/:ingredientId', validate('param', ingredientParamSchema), async (c) =>
    c.json(await removeBarItem(await bottleOf(c, c.req.valid('param').ingredientId)), 200, NO_STORE),
  );

  const shopping = new Hono();
  shopping.use(guard, gate);
  shopping.get('/', async (c) => c.json(await listShopping(await userOf(c)), 200, NO_STORE));
  shopping.delete('/', async (c) => c.json(await clearShoppingList(await userOf(c)), 200, NO_STORE));
  shopping.put('/:ingredientId', validate('param', ingredientParamSchema), async (c) =>
    c.json(
      await addShoppingItem({ ...(await userOf(c)), ingredientId: c.req.valid('param').ingredientId }),
      200,
      NO_STORE,
    ),
  );
  shopping.delete('/:ingredientId', validate('param', ingredientParamSchema), async (c) =>
    c.json(
      await removeShoppingItem({ ...(await userOf(c)), ingredientId: c.req.valid('param').ingredientId }),
      200,
      NO_STORE,
    ),
  );
  shopping.post('/:ingredientId/bought', validate('param', ingredientParamSchema), async (c) =>
    c.json(await markBought(await bottleOf(c, c.req.valid('param').ingredientId)), 200, NO_STORE),
  );

  const made = new Hono();
  made.use(guard, gate);
  made.get('/', async (c) => c.json(await listMadeDrinks(await userOf(c)), 200, NO_STORE));
  made.post('/', jsonBody(madeCreateSchema), async (c) =>
    c.json(await recordMadeDrink({ ...(await userOf(c)), ...c.req.valid('json') }), 201, NO_STORE),
  );

  const swaps = new Hono();
  swaps.use(guard, gate);
  swaps.get('/', async (c) => c.json(await listSwaps(await userOf(c)), 200, NO_STORE));
  swaps.put('/', jsonBody(swapSchema), async (c) =>
    c.json(await addSwap({ ...(await userOf(c)), ...c.req.valid('json') }), 200, NO_STORE),
  );
  swaps.delete('/', validate('query', swapSchema), async (c) =>
    c.json(await removeSwap({ ...(await userOf(c)), ...c.req.valid('query') }), 200, NO_STORE),
  );

  const routes = new Hono();
  routes.route('/bar', bar);
  routes.route('/shopping-list', shopping);
  routes.route('/made', made);
  routes.route('/swaps', swaps);
  return routes;
}
