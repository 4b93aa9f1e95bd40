import type { z } from 'zod';
import { deleteAccountRequestSchema, sessionIdParamSchema } from '@/shared/schemas/account';
import { analyticsBatchSchema } from '@/shared/schemas/analytics';
import { cocktailIdParamSchema } from '@/shared/schemas/cocktail';
import { cocktailListQuerySchema, cocktailSampleQuerySchema } from '@/shared/schemas/cocktail-query';
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
} from '@/shared/schemas/collections';
import { recoveryEmailSchema } from '@/shared/schemas/dev-tools';
import { accountExportSchema, exportQuerySchema } from '@/shared/schemas/export';
import {
  importQuerySchema,
  importReviewSchema,
  ownRecipeListQuerySchema,
  ownRecipeParamSchema,
  ownRecipeWriteSchema,
  recipeCopyParamSchema,
  recipeShareSchema,
} from '@/shared/schemas/recipes';
import { favoriteParamSchema } from '@/shared/schemas/favorites';
import {
  barAddManySchema,
  cocktailParamSchema,
  ingredientParamSchema,
  madeCreateSchema,
  makeableQuerySchema,
  swapSchema,
} from '@/shared/schemas/my-bar';
import { ingredientListQuerySchema } from '@/shared/schemas/ingredient';
import { suggestionQuerySchema } from '@/shared/schemas/search';
import { revenueCatWebhookSchema, simulatedPurchaseSchema, simulatedRestoreSchema } from '@/shared/schemas/payments';
import {
  backupCodeVerifyRequestSchema,
  oauthProviderParamSchema,
  oauthStartSchema,
  totpVerifyRequestSchema,
} from '@/shared/schemas/session';
import { supportMessageSchema } from '@/shared/schemas/support';
import {
  availabilityWriteSchema,
  eightySixSchema,
  invitationCreateSchema,
  invitationIdParamSchema,
  invitationParamSchema,
  memberParamSchema,
  menuItemParamSchema,
  menuWriteSchema,
  signatureParamSchema,
  signatureWriteSchema,
  venueCreateSchema,
  venueIngredientParamSchema,
  venueParamSchema,
  venueUpdateSchema,
} from '@/shared/schemas/venues';
import { isServedAuthEndpoint } from '@/server/auth/served-routes';
import { TEST_WEBHOOK_AUTH } from '../../tests/support/payments';
import { VALID_JPEG, VALID_PNG, type ImageSample } from './images';

/**
 * The fuzz suite's route table: every API route the server mounts (src/server/app.ts and the route files it mounts), and
 * every better-auth endpoint under /api/auth, each with one valid request (path parameters, query, JSON body or an
 * upload's raw image body, headers) and the shared zod schema that describes it where there is one. The fuzz starts from the valid request and mutates it.
 * better-auth's organization endpoints are in it too, as paths the server must not serve (see {@link RouteSpec.notServed}).
 */

/** What the fuzz knows of the world when it builds requests: the catalogue, and the victim's ids to aim at. */
export interface FuzzContext {
  /** Ids of cocktails in the catalogue. */
  cocktailIds: number[];
  /** Ids of ingredients in the catalogue. */
  ingredientIds: number[];
  /** User A's identifiers, which hostile callers put wherever an id goes (see {@link VICTIM_KEYS}). */
  victim: VictimIds;
  /** The user signed webhooks may name (never the victim): their events change only this user. */
  webhookTargetId: string;
  /** The slug of a collection A shares on purpose (public: anyone may read it, nobody else may change it). */
  publicShareSlug: string;
  /** The slug of an own recipe A shares on purpose (public, as the collection's). */
  publicRecipeSlug: string;
  /** A collection of B' (the pro caller), the valid target of the collection routes (stale after B' is replaced). */
  ownCollectionId: number;
  /**
   * An own recipe of B' (the pro caller), the valid target of the own-recipe routes. The world keeps it current: a new
   * one when a request deleted it or B' was replaced (see keepOwnRecipe in world.ts).
   */
  ownRecipeId: number;
  /**
   * The venue of B-enterprise (the enterprise caller), the valid target of the venue routes. The world keeps it current:
   * a new one when B-enterprise is replaced, a new invitation for B when B is, a menu item id when a menu write replaced
   * the items, a signature cocktail when a request deleted it (see keepActorsSignedIn in world.ts).
   */
  ownVenue: OwnVenue;
}

/** B-enterprise's venue, and the team rows its valid requests act on. */
export interface OwnVenue {
  /** The organization id. */
  id: string;
  slug: string;
  /** A waiting invitation to B's email: what the join page shows, and what B may accept. */
  invitationId: string;
  /** A waiting invitation to an address nobody signs in with: the one the valid request withdraws. */
  spareInvitationId: string;
  /** The member id of a staff member (a helper user who joined during setup): the one the valid request removes. */
  memberId: string;
  /**
   * An item on the venue's menu: the one the valid availability request sets. The world keeps it current (a valid
   * `PUT /api/venues/:slug/menu` replaces every item: see keepActorsSignedIn in world.ts).
   */
  menuItemId: number;
  /**
   * A signature cocktail of the venue (created through the API in setup): the one the valid recipe, photo and delete
   * requests act on. The world keeps it current (a valid `DELETE /api/venues/:slug/signatures/:cocktailId` removes it:
   * see keepActorsSignedIn in world.ts).
   */
  signatureId: number;
}

/** User A's identifiers: what B or an anonymous caller could learn or guess of A. */
export interface VictimIds {
  userId: string;
  email: string;
  /** A's session row id (not a credential). */
  sessionId: string;
  /** A's session token as stored (the cookie carries it signed; the raw token alone must not be a credential). */
  sessionToken: string;
  /** A's account row ids (what unlink-account and account-info take). */
  accountIds: string[];
  /** Cocktails A has favorited. */
  favoriteIds: number[];
  /** Ingredients in A's bar (My Bar). */
  barIngredientIds: number[];
  /** A's private (unshared) collection. */
  collectionId: number;
  /** A's support message id. */
  supportMessageId: number;
  /** The id of the webhook event that granted A's entitlement. */
  webhookEventId: string;
  /** The slug of A's venue (public: it is the venue's address). */
  venueSlug: string;
  /** The organization id of A's venue. */
  venueId: string;
  /** The member id of the staff member of A's venue (not A's own membership: the owner cannot be removed anyway). */
  venueMemberId: string;
  /** The id of the invitation waiting in A's venue (the join link's secret). */
  venueInvitationId: string;
  /** The id of an item on A's venue's menu (set 'off' by hand, so an attacker's 'on' would show). */
  venueMenuItemId: number;
  /**
   * The id of A's venue's signature cocktail (a `cocktail` row with venue_id set, with a photo; not on A's menu, so its
   * name is A's secret): what no other venue may read, change or delete, and what the catalogue and personal routes must
   * not serve.
   */
  venueSignatureId: number;
  /** The id of A's private own recipe (its name is A's secret): what no other user may read, change, copy or share. */
  ownRecipeId: number;
}

/** The victim identifiers a request may carry, by name (resolved against {@link VictimIds} when a plan is built). */
export const VICTIM_KEYS = [
  'userId',
  'email',
  'sessionId',
  'sessionToken',
  'accountId',
  'favoriteId',
  'barIngredientId',
  'collectionId',
  'supportMessageId',
  'webhookEventId',
  'venueSlug',
  'venueId',
  'venueMemberId',
  'venueInvitationId',
  'venueMenuItemId',
  'venueSignatureId',
  'ownRecipeId',
] as const;
export type VictimKey = (typeof VICTIM_KEYS)[number];

/** The value of one victim identifier (the first account id, favorite id and bar ingredient id stand for the lists). */
export function victimValue(victim: VictimIds, key: VictimKey): string {
  switch (key) {
    case 'accountId':
      return victim.accountIds[0] ?? '';
    case 'favoriteId':
      return String(victim.favoriteIds[0] ?? '');
    case 'barIngredientId':
      return String(victim.barIngredientIds[0] ?? '');
    case 'supportMessageId':
      return String(victim.supportMessageId);
    case 'collectionId':
      return String(victim.collectionId);
    case 'venueMenuItemId':
      return String(victim.venueMenuItemId);
    case 'venueSignatureId':
      return String(victim.venueSignatureId);
    case 'ownRecipeId':
      return String(victim.ownRecipeId);
    default:
      return victim[key];
  }
}

/**
 * Who sends the valid form of a request: anyone, a signed-in user, a user with the pro plan, or a user with the
 * enterprise plan and a venue of their own.
 */
export type Caller = 'anyone' | 'user' | 'pro' | 'enterprise';

/** One route of the table. */
export interface RouteSpec {
  /** `METHOD /path/:param`, unique; a second variant of a path adds a label in brackets. */
  id: string;
  method: string;
  /** Path template: `:name` segments are filled from `params`. */
  path: string;
  caller: Caller;
  params?: Record<string, { valid: (ctx: FuzzContext) => string; schema?: z.ZodType }>;
  /** The valid query (repeatable parameters as arrays). */
  query?: (ctx: FuzzContext) => Record<string, string | string[]>;
  querySchema?: z.ZodType;
  /** The valid JSON body (absent: the route takes none). */
  body?: (ctx: FuzzContext) => unknown;
  bodySchema?: z.ZodType;
  /**
   * The valid raw body of an upload route (the image itself, not JSON: a photo or a logo), sent with its own
   * Content-Type. Its mutations are binary ones instead of the JSON ones (see rawBodyMutation in plan.ts): truncated,
   * bytes overwritten, random bytes, another format or a refused file (images.ts IMAGE_SAMPLES), text appended, another
   * Content-Type or none; and the whole-body ones (text, huge, none).
   */
  rawBody?: (ctx: FuzzContext) => ImageSample;
  /** Extra headers of the valid request (e.g. the webhook's Authorization). */
  headers?: Record<string, string>;
  /**
   * A request only a trusted peer can make (RevenueCat's webhook with the real secret): it never carries the victim's ids,
   * so whatever it changes is not a cross-user write.
   */
  trusted?: boolean;
  /** Mounted only with WRAPPER_SIMULATOR=1. */
  wrapperSimulator?: boolean;
  /** Answers requests from this machine only (src/server/http/this-machine.ts): half its plans come from loopback. */
  thisMachineOnly?: boolean;
  /**
   * A path the server must not serve: a better-auth endpoint the app does not use over HTTP (src/server/auth/served-routes.ts),
   * such as the organization endpoints the venues feature calls in-process (with the venue rules around them); the
   * server answers 404 NOT_FOUND. The entry keeps the request an attacker would send (for the organization ones, aimed at
   * B-enterprise's own venue); every request to it must be
   * refused (404, or the server's own refusal before any route), whoever sends it and however the path is spelled (see
   * sweepChoices in plan.ts): any other answer is a failure of kind `served` (see servedProblem in detectors.ts).
   */
  notServed?: boolean;
  /** Relative frequency (default 1). */
  weight?: number;
}

/** The origin test apps trust (APP_URL's default). */
export const TRUSTED_ORIGIN = 'http://localhost:3000';

const now = () => new Date().toISOString();
const someCocktail = (ctx: FuzzContext) => String(ctx.cocktailIds[0] ?? 1);
const otherCocktail = (ctx: FuzzContext) => String(ctx.cocktailIds[ctx.cocktailIds.length - 1] ?? 2);
const someIngredient = (ctx: FuzzContext) => ctx.ingredientIds[0] ?? 1;
const otherIngredient = (ctx: FuzzContext) => ctx.ingredientIds[ctx.ingredientIds.length - 1] ?? 2;
/** A My Bar route's ingredient path parameter. */
const ingredientParam = (valid: (ctx: FuzzContext) => number) => ({
  ingredientId: { valid: (ctx: FuzzContext) => String(valid(ctx)), schema: ingredientParamSchema.shape.ingredientId },
});

/** A collection route's `:id`: B''s own collection (the cross-user sweep puts A's private one there instead). */
const collectionParam = {
  id: { valid: (ctx: FuzzContext) => String(ctx.ownCollectionId), schema: collectionParamSchema.shape.id },
};
/** An own-recipe route's `:id`: B''s own recipe (the cross-user sweep puts A's there). */
const ownRecipeParam = {
  id: { valid: (ctx: FuzzContext) => String(ctx.ownRecipeId), schema: ownRecipeParamSchema.shape.id },
};
/** A note or rating route's `:cocktailId`. */
const noteParam = {
  cocktailId: { valid: someCocktail, schema: cocktailNoteParamSchema.shape.cocktailId },
};

/** A venue route's `:slug`: B-enterprise's own venue (the cross-user sweep puts A's there instead). */
const venueParam = {
  slug: { valid: (ctx: FuzzContext) => ctx.ownVenue.slug, schema: venueParamSchema.shape.slug },
};

/** A team-inventory route's `:slug` and `:ingredientId` (the sweep puts A's venue and A's bottle there instead). */
const venueBarParams = (valid: (ctx: FuzzContext) => number) => ({
  ...venueParam,
  ingredientId: {
    valid: (ctx: FuzzContext) => String(valid(ctx)),
    schema: venueIngredientParamSchema.shape.ingredientId,
  },
});

/** A signature route's `:slug` and `:cocktailId`: B-enterprise's venue and signature (the sweep puts A's there instead). */
const signatureParams = {
  ...venueParam,
  cocktailId: {
    valid: (ctx: FuzzContext) => String(ctx.ownVenue.signatureId),
    schema: signatureParamSchema.shape.cocktailId,
  },
};

/**
 * A small valid signature recipe (SignatureWrite) named `name`, on the catalogue's first and last ingredients: every field
 * given (a range, an optional line with a note, each list), so the sweep's typed variants reach each of them.
 */
export function signatureRecipe(ingredientIds: readonly number[], name: string): Record<string, unknown> {
  return {
    name,
    base_spirit: 'Gin',
    category: 'Modern',
    description: 'A house recipe, fuzzed.',
    instructions: 'Stir with ice for 30 seconds and strain into a chilled coupe.',
    difficulty_level: 'Medium',
    glassware: 'Coupe',
    technique: 'Stir',
    garnish: 'Lemon twist',
    preparation_time: 4,
    flavor_profile: ['Herbal', 'Dry'],
    seasonal_tags: ['All year'],
    occasion_tags: ['Aperitif'],
    ingredients: [
      { ingredient_id: ingredientIds[0] ?? 1, amount: 45, amount_max: 50, unit: 'ml', is_optional: false, note: null },
      {
        ingredient_id: ingredientIds[ingredientIds.length - 1] ?? 2,
        amount: 2,
        amount_max: null,
        unit: 'dash',
        is_optional: true,
        note: 'to taste',
      },
    ],
  };
}

let venueCounter = 0;
/**
 * A slug no venue has yet (so each valid `POST /api/venues` creates one, and a mutated name reaches the database rather
 * than stopping at "slug taken").
 */
function freshVenueSlug(): string {
  venueCounter += 1;
  return `fuzz-bar-${process.pid.toString(36)}-${venueCounter.toString(36)}`;
}

/** A RevenueCat event for `appUserId`, shaped as RevenueCat sends it. */
function webhookEvent(appUserId: string): unknown {
  const at = Date.now();
  return {
    api_version: '1.0',
    event: {
      id: 'fuzz-event-0001',
      type: 'INITIAL_PURCHASE',
      event_timestamp_ms: at,
      app_id: 'app1234567890',
      app_user_id: appUserId,
      original_app_user_id: appUserId,
      aliases: [appUserId],
      product_id: 'app.barback.pro.monthly',
      entitlement_id: null,
      entitlement_ids: ['pro'],
      period_type: 'NORMAL',
      purchased_at_ms: at,
      expiration_at_ms: at + 30 * 86_400_000,
      store: 'APP_STORE',
      environment: 'SANDBOX',
      transferred_from: null,
      transferred_to: null,
    },
  };
}

const app = (route: RouteSpec): RouteSpec => route;
/**
 * A better-auth route: its path is under /api/auth (it answers errors as `{code, message}`); one the app does not serve
 * over HTTP (src/server/auth/served-routes.ts) is fuzzed as a path that must answer 404 ({@link RouteSpec.notServed}).
 */
const auth = (route: RouteSpec): RouteSpec => ({
  ...route,
  path: `/api/auth${route.path}`,
  notServed: route.notServed ?? !isServedAuthEndpoint(route.method, route.path),
});
/**
 * One of better-auth's organization endpoints, which the server does not serve (see {@link RouteSpec.notServed}): in
 * every run, at a small weight (all 22 together weigh about one ordinary route), since every request stops at the same
 * 404.
 */
const organization = (route: RouteSpec): RouteSpec =>
  auth({ ...route, notServed: true, weight: 0.05 * (route.weight ?? 1) });

/** Every API route, with its valid request. */
export const ROUTES: readonly RouteSpec[] = [
  // --- The server's own routes (src/server/app.ts).
  app({ id: 'GET /api/health', method: 'GET', path: '/api/health', caller: 'anyone' }),
  app({
    id: 'GET /api/cocktails',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'anyone',
    weight: 2,
    query: () => ({ q: 'gin', page: '0', pageSize: '12', spirit: ['Gin'], category: ['Classic'] }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // The same route in the caller's own order (their ratings): signed in only, answered privately.
    id: 'GET /api/cocktails (my ratings)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'user',
    query: () => ({ q: 'gin', page: '0', pageSize: '12', sort: 'my-ratings', minRating: '0.5' }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // Issue 14's facets and counts, with a typo'd text.
    id: 'GET /api/cocktails (facets)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'anyone',
    query: () => ({
      q: 'negorni',
      facets: '1',
      glass: ['Rocks', 'Coupe'],
      technique: ['Stir'],
      strength: ['Strong'],
      difficulty: ['Easy'],
      flavor: ['Bitter'],
      season: ['Winter'],
      occasion: ['Aperitif'],
      with: ['1'],
      without: ['2'],
      maxPrep: '5',
    }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    // The caller's own cocktails: favorites and (with My Bar's plan) what their bar makes.
    id: 'GET /api/cocktails (favorites, can make)',
    method: 'GET',
    path: '/api/cocktails',
    caller: 'user',
    query: () => ({ q: 'gin', favorites: '1', canMake: '1' }),
    querySchema: cocktailListQuerySchema,
  }),
  app({
    id: 'GET /api/search/suggestions',
    method: 'GET',
    path: '/api/search/suggestions',
    caller: 'anyone',
    weight: 2,
    query: () => ({ q: 'old fashoined' }),
    querySchema: suggestionQuerySchema,
  }),
  app({
    id: 'GET /api/cocktails/sample',
    method: 'GET',
    path: '/api/cocktails/sample',
    caller: 'anyone',
    query: () => ({ size: '5' }),
    querySchema: cocktailSampleQuerySchema,
  }),
  app({
    id: 'GET /api/cocktails/:id',
    method: 'GET',
    path: '/api/cocktails/:id',
    caller: 'anyone',
    params: { id: { valid: someCocktail, schema: cocktailIdParamSchema.shape.id } },
  }),
  app({
    id: 'GET /api/ingredients',
    method: 'GET',
    path: '/api/ingredients',
    caller: 'anyone',
    query: () => ({ q: 'gin', category: 'Spirits' }),
    querySchema: ingredientListQuerySchema,
  }),
  app({
    id: 'POST /api/events',
    method: 'POST',
    path: '/api/events',
    caller: 'anyone',
    weight: 2,
    body: () => ({
      events: [
        { type: 'page_view', timestamp: now(), userId: null, plan: 'free', props: { path: '/', ms: 12 } },
        { type: 'search_performed', timestamp: now(), props: { q: 'gin' } },
      ],
    }),
    bodySchema: analyticsBatchSchema,
  }),
  app({ id: 'GET /api/session/providers', method: 'GET', path: '/api/session/providers', caller: 'anyone' }),
  app({
    id: 'POST /api/session/oauth/:provider',
    method: 'POST',
    path: '/api/session/oauth/:provider',
    caller: 'anyone',
    params: { provider: { valid: () => 'google', schema: oauthProviderParamSchema.shape.provider } },
    body: () => ({ callbackURL: '/auth/callback', prompt: 'select_account', scopes: ['email'], link: false }),
    bodySchema: oauthStartSchema,
  }),
  app({ id: 'GET /api/me', method: 'GET', path: '/api/me', caller: 'user' }),
  app({
    id: 'DELETE /api/me',
    method: 'DELETE',
    path: '/api/me',
    caller: 'user',
    weight: 0.5,
    body: () => ({ confirm: 'DELETE' }),
    bodySchema: deleteAccountRequestSchema,
  }),
  app({ id: 'GET /api/me/activity', method: 'GET', path: '/api/me/activity', caller: 'user' }),
  app({ id: 'GET /api/me/sessions', method: 'GET', path: '/api/me/sessions', caller: 'user' }),
  app({
    id: 'POST /api/me/sessions/revoke-others',
    method: 'POST',
    path: '/api/me/sessions/revoke-others',
    caller: 'user',
    weight: 0.5,
  }),
  // Aimed at A's session: the only answer B may get is 404, and A stays signed in.
  app({
    id: 'DELETE /api/me/sessions/:id',
    method: 'DELETE',
    path: '/api/me/sessions/:id',
    caller: 'user',
    params: { id: { valid: (ctx) => ctx.victim.sessionId, schema: sessionIdParamSchema.shape.id } },
  }),
  app({ id: 'GET /api/me/favorites', method: 'GET', path: '/api/me/favorites', caller: 'user' }),
  app({
    id: 'PUT /api/me/favorites/:cocktailId',
    method: 'PUT',
    path: '/api/me/favorites/:cocktailId',
    caller: 'user',
    weight: 1.5,
    params: { cocktailId: { valid: someCocktail, schema: favoriteParamSchema.shape.cocktailId } },
  }),
  app({
    id: 'DELETE /api/me/favorites/:cocktailId',
    method: 'DELETE',
    path: '/api/me/favorites/:cocktailId',
    caller: 'user',
    weight: 1.5,
    params: { cocktailId: { valid: otherCocktail, schema: favoriteParamSchema.shape.cocktailId } },
  }),
  app({ id: 'POST /api/me/purchases/sync', method: 'POST', path: '/api/me/purchases/sync', caller: 'user' }),
  // My Bar: every route behind the pro entitlement (B' calls them; B is refused).
  app({ id: 'GET /api/me/bar', method: 'GET', path: '/api/me/bar', caller: 'pro' }),
  app({
    id: 'PUT /api/me/bar/:ingredientId',
    method: 'PUT',
    path: '/api/me/bar/:ingredientId',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'POST /api/me/bar',
    method: 'POST',
    path: '/api/me/bar',
    caller: 'pro',
    body: (ctx) => ({ ingredientIds: [someIngredient(ctx), otherIngredient(ctx)] }),
    bodySchema: barAddManySchema,
  }),
  app({
    id: 'DELETE /api/me/bar/:ingredientId',
    method: 'DELETE',
    path: '/api/me/bar/:ingredientId',
    caller: 'pro',
    params: ingredientParam(otherIngredient),
  }),
  app({
    id: 'GET /api/me/bar/makeable',
    method: 'GET',
    path: '/api/me/bar/makeable',
    caller: 'pro',
    query: () => ({ view: 'one-away', page: '0', q: 'gin' }),
    querySchema: makeableQuerySchema,
  }),
  app({ id: 'GET /api/me/bar/makeable-ids', method: 'GET', path: '/api/me/bar/makeable-ids', caller: 'pro' }),
  app({
    id: 'GET /api/me/bar/match/:cocktailId',
    method: 'GET',
    path: '/api/me/bar/match/:cocktailId',
    caller: 'pro',
    params: { cocktailId: { valid: someCocktail, schema: cocktailParamSchema.shape.cocktailId } },
  }),
  app({ id: 'GET /api/me/bar/suggestions', method: 'GET', path: '/api/me/bar/suggestions', caller: 'pro' }),
  app({ id: 'GET /api/me/shopping-list', method: 'GET', path: '/api/me/shopping-list', caller: 'pro' }),
  app({
    id: 'DELETE /api/me/shopping-list',
    method: 'DELETE',
    path: '/api/me/shopping-list',
    caller: 'pro',
    weight: 0.5,
  }),
  app({
    id: 'PUT /api/me/shopping-list/:ingredientId',
    method: 'PUT',
    path: '/api/me/shopping-list/:ingredientId',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'DELETE /api/me/shopping-list/:ingredientId',
    method: 'DELETE',
    path: '/api/me/shopping-list/:ingredientId',
    caller: 'pro',
    params: ingredientParam(otherIngredient),
  }),
  app({
    id: 'POST /api/me/shopping-list/:ingredientId/bought',
    method: 'POST',
    path: '/api/me/shopping-list/:ingredientId/bought',
    caller: 'pro',
    params: ingredientParam(someIngredient),
  }),
  app({
    id: 'POST /api/me/made',
    method: 'POST',
    path: '/api/me/made',
    caller: 'pro',
    body: (ctx) => ({ cocktailId: Number(someCocktail(ctx)), note: 'Fuzzed, stirred', madeAt: now() }),
    bodySchema: madeCreateSchema,
  }),
  app({ id: 'GET /api/me/made', method: 'GET', path: '/api/me/made', caller: 'pro' }),
  app({ id: 'GET /api/me/swaps', method: 'GET', path: '/api/me/swaps', caller: 'pro' }),
  app({
    id: 'PUT /api/me/swaps',
    method: 'PUT',
    path: '/api/me/swaps',
    caller: 'pro',
    body: (ctx) => ({ fromId: someIngredient(ctx), toId: otherIngredient(ctx) }),
    bodySchema: swapSchema,
  }),
  app({
    id: 'DELETE /api/me/swaps',
    method: 'DELETE',
    path: '/api/me/swaps',
    caller: 'pro',
    query: (ctx) => ({ fromId: String(someIngredient(ctx)), toId: String(otherIngredient(ctx)) }),
    querySchema: swapSchema,
  }),
  // Collections, notes, ratings: reads, the export and deletes for any signed-in user, other writes behind pro (B' calls
  // them all; B is refused the writes). B' aims at its own collection through `:id`; the sweep puts A's there.
  app({
    id: 'GET /api/me/collections',
    method: 'GET',
    path: '/api/me/collections',
    caller: 'user',
    query: (ctx) => ({ cocktailId: someCocktail(ctx) }),
    querySchema: collectionListQuerySchema,
  }),
  app({
    id: 'POST /api/me/collections',
    method: 'POST',
    path: '/api/me/collections',
    caller: 'pro',
    body: (ctx) => ({ name: 'Fuzzed list', description: 'stirred', cocktailIds: [Number(someCocktail(ctx))] }),
    bodySchema: collectionCreateSchema,
  }),
  app({
    id: 'GET /api/me/collections/:id',
    method: 'GET',
    path: '/api/me/collections/:id',
    caller: 'user',
    params: collectionParam,
  }),
  app({
    id: 'PATCH /api/me/collections/:id',
    method: 'PATCH',
    path: '/api/me/collections/:id',
    caller: 'pro',
    params: collectionParam,
    body: () => ({ name: 'Renamed by fuzz', description: 'shaken', shared: true }),
    bodySchema: collectionUpdateSchema,
  }),
  app({
    id: 'DELETE /api/me/collections/:id',
    method: 'DELETE',
    path: '/api/me/collections/:id',
    caller: 'user',
    weight: 0.5,
    params: collectionParam,
  }),
  app({
    id: 'PUT /api/me/collections/:id/items/:cocktailId',
    method: 'PUT',
    path: '/api/me/collections/:id/items/:cocktailId',
    caller: 'pro',
    params: {
      ...collectionParam,
      cocktailId: { valid: otherCocktail, schema: collectionItemParamSchema.shape.cocktailId },
    },
  }),
  app({
    id: 'DELETE /api/me/collections/:id/items/:cocktailId',
    method: 'DELETE',
    path: '/api/me/collections/:id/items/:cocktailId',
    caller: 'user',
    params: {
      ...collectionParam,
      cocktailId: { valid: someCocktail, schema: collectionItemParamSchema.shape.cocktailId },
    },
  }),
  app({
    id: 'PUT /api/me/collections/:id/order',
    method: 'PUT',
    path: '/api/me/collections/:id/order',
    caller: 'pro',
    params: collectionParam,
    body: (ctx) => ({ cocktailIds: [Number(someCocktail(ctx))] }),
    bodySchema: collectionOrderSchema,
  }),
  app({
    id: 'GET /api/me/notes/:cocktailId',
    method: 'GET',
    path: '/api/me/notes/:cocktailId',
    caller: 'user',
    params: noteParam,
  }),
  app({
    id: 'PUT /api/me/notes/:cocktailId',
    method: 'PUT',
    path: '/api/me/notes/:cocktailId',
    caller: 'pro',
    params: noteParam,
    body: () => ({ text: 'Fuzzed note: less sugar' }),
    bodySchema: noteWriteSchema,
  }),
  app({
    id: 'DELETE /api/me/notes/:cocktailId',
    method: 'DELETE',
    path: '/api/me/notes/:cocktailId',
    caller: 'user',
    params: noteParam,
  }),
  app({ id: 'GET /api/me/ratings', method: 'GET', path: '/api/me/ratings', caller: 'user' }),
  app({
    id: 'PUT /api/me/ratings/:cocktailId',
    method: 'PUT',
    path: '/api/me/ratings/:cocktailId',
    caller: 'pro',
    params: noteParam,
    body: () => ({ stars: 4.5 }),
    bodySchema: ratingWriteSchema,
  }),
  app({
    id: 'DELETE /api/me/ratings/:cocktailId',
    method: 'DELETE',
    path: '/api/me/ratings/:cocktailId',
    caller: 'user',
    params: noteParam,
  }),
  app({
    id: 'GET /api/me/export',
    method: 'GET',
    path: '/api/me/export',
    caller: 'user',
    query: () => ({ format: 'md' }),
    querySchema: exportQuerySchema,
  }),
  // The account import restores Barback's own export; the valid one is a small file (a bottle, a saved cocktail).
  app({
    id: 'POST /api/me/import',
    method: 'POST',
    path: '/api/me/import',
    caller: 'pro',
    weight: 0.3,
    body: () => ({
      app: 'barback',
      version: 1,
      exportedAt: '2026-01-01T00:00:00.000Z',
      recipes: [],
      favorites: [],
      bar: [{ slug: 'gin', name: 'Gin' }],
      shoppingList: [],
      swaps: [],
      made: [],
      collections: [],
      notes: [],
      ratings: [],
    }),
    bodySchema: accountExportSchema,
  }),
  app({
    id: 'GET /api/collections/shared/:slug',
    method: 'GET',
    path: '/api/collections/shared/:slug',
    caller: 'anyone',
    params: { slug: { valid: (ctx) => ctx.publicShareSlug, schema: shareSlugSchema.shape.slug } },
  }),
  // Own recipes: any signed-in user writes them (B' calls them all on its own recipe; the sweep puts A's there). A free
  // account's limit is a 403 past 10, which B's valid create reaches quickly: a refusal the detectors allow.
  // `q` searches the caller's own recipes only: A's recipe names (secrets of the world) must never come back to B.
  app({
    id: 'GET /api/me/recipes',
    method: 'GET',
    path: '/api/me/recipes',
    caller: 'pro',
    query: () => ({ q: 'sour' }),
    querySchema: ownRecipeListQuerySchema,
  }),
  app({
    id: 'POST /api/me/recipes',
    method: 'POST',
    path: '/api/me/recipes',
    caller: 'pro',
    weight: 0.5,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house sour'),
    bodySchema: ownRecipeWriteSchema,
  }),
  app({
    id: 'POST /api/me/recipes/copy/:cocktailId',
    method: 'POST',
    path: '/api/me/recipes/copy/:cocktailId',
    caller: 'pro',
    weight: 0.5,
    params: { cocktailId: { valid: someCocktail, schema: recipeCopyParamSchema.shape.cocktailId } },
  }),
  // The import reads any upload; the valid one is a flat JSON record, previewed (and, less often, written).
  app({
    id: 'POST /api/me/recipes/import?preview=1',
    method: 'POST',
    path: '/api/me/recipes/import',
    caller: 'pro',
    query: () => ({ preview: '1' }),
    querySchema: importQuerySchema,
    body: () => [
      { name: 'Fuzz import', ingredients: ['2 oz gin', '3/4 oz lemon juice'], directions: 'Shake, strain.' },
    ],
  }),
  app({
    id: 'POST /api/me/recipes/import',
    method: 'POST',
    path: '/api/me/recipes/import',
    caller: 'pro',
    weight: 0.3,
    body: () => [
      { name: 'Fuzz import', ingredients: ['2 oz gin', '3/4 oz lemon juice'], directions: 'Shake, strain.' },
    ],
  }),
  app({
    id: 'POST /api/me/recipes/import/reviewed',
    method: 'POST',
    path: '/api/me/recipes/import/reviewed',
    caller: 'pro',
    weight: 0.3,
    body: (ctx) => ({
      format: 'text',
      recipes: [{ index: 0, write: signatureRecipe(ctx.ingredientIds, 'Fuzz reviewed sour') }],
      refusals: [],
    }),
    bodySchema: importReviewSchema,
  }),
  app({
    id: 'PUT /api/me/recipes/:id/photo',
    method: 'PUT',
    path: '/api/me/recipes/:id/photo',
    caller: 'pro',
    params: ownRecipeParam,
    rawBody: () => VALID_JPEG,
  }),
  app({
    id: 'DELETE /api/me/recipes/:id/photo',
    method: 'DELETE',
    path: '/api/me/recipes/:id/photo',
    caller: 'pro',
    params: ownRecipeParam,
  }),
  app({
    id: 'GET /api/me/recipes/:id',
    method: 'GET',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    params: ownRecipeParam,
  }),
  app({
    id: 'PUT /api/me/recipes/:id',
    method: 'PUT',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    params: ownRecipeParam,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house sour, revised'),
    bodySchema: ownRecipeWriteSchema,
  }),
  app({
    id: 'PUT /api/me/recipes/:id/share',
    method: 'PUT',
    path: '/api/me/recipes/:id/share',
    caller: 'pro',
    params: ownRecipeParam,
    body: () => ({ shared: true }),
    bodySchema: recipeShareSchema,
  }),
  app({
    id: 'DELETE /api/me/recipes/:id',
    method: 'DELETE',
    path: '/api/me/recipes/:id',
    caller: 'pro',
    weight: 0.5,
    params: ownRecipeParam,
  }),
  app({
    id: 'GET /api/recipes/shared/:slug',
    method: 'GET',
    path: '/api/recipes/shared/:slug',
    caller: 'anyone',
    params: { slug: { valid: (ctx) => ctx.publicRecipeSlug, schema: shareSlugSchema.shape.slug } },
  }),
  // Venues (Enterprise): B-enterprise owns a venue and calls them all on it; the sweep puts A's venue, member and
  // invitation there instead. The invitation answers take the invitation B-enterprise sent B (accepted by B).
  app({
    id: 'POST /api/venues',
    method: 'POST',
    path: '/api/venues',
    caller: 'enterprise',
    body: () => ({ name: 'Fuzz Bar', slug: freshVenueSlug() }),
    bodySchema: venueCreateSchema,
  }),
  app({ id: 'GET /api/venues', method: 'GET', path: '/api/venues', caller: 'enterprise' }),
  app({
    id: 'GET /api/venues/:slug',
    method: 'GET',
    path: '/api/venues/:slug',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PATCH /api/venues/:slug',
    method: 'PATCH',
    path: '/api/venues/:slug',
    caller: 'enterprise',
    params: venueParam,
    body: () => ({
      name: 'Fuzz Bar renamed',
      brand: { background: '#1b2a3a', accent: '#f2c14e' },
      address: '1 Fuzz Lane',
      openingHours: 'Tue–Sat 5pm–1am',
    }),
    bodySchema: venueUpdateSchema,
  }),
  app({
    id: 'GET /api/venues/:slug/members',
    method: 'GET',
    path: '/api/venues/:slug/members',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'POST /api/venues/:slug/invitations',
    method: 'POST',
    path: '/api/venues/:slug/invitations',
    caller: 'enterprise',
    params: venueParam,
    body: () => ({ email: 'fuzz-invitee@example.test', role: 'staff' }),
    bodySchema: invitationCreateSchema,
  }),
  app({
    id: 'DELETE /api/venues/:slug/invitations/:invitationId',
    method: 'DELETE',
    path: '/api/venues/:slug/invitations/:invitationId',
    caller: 'enterprise',
    params: {
      ...venueParam,
      invitationId: {
        valid: (ctx) => ctx.ownVenue.spareInvitationId,
        schema: invitationParamSchema.shape.invitationId,
      },
    },
  }),
  app({
    id: 'DELETE /api/venues/:slug/members/:memberId',
    method: 'DELETE',
    path: '/api/venues/:slug/members/:memberId',
    caller: 'enterprise',
    weight: 0.5,
    params: {
      ...venueParam,
      memberId: { valid: (ctx) => ctx.ownVenue.memberId, schema: memberParamSchema.shape.memberId },
    },
  }),
  // The team inventory (any member of the venue).
  app({
    id: 'GET /api/venues/:slug/bar',
    method: 'GET',
    path: '/api/venues/:slug/bar',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'GET /api/venues/:slug/bar/activity',
    method: 'GET',
    path: '/api/venues/:slug/bar/activity',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PUT /api/venues/:slug/bar/:ingredientId',
    method: 'PUT',
    path: '/api/venues/:slug/bar/:ingredientId',
    caller: 'enterprise',
    params: venueBarParams(someIngredient),
  }),
  app({
    id: 'DELETE /api/venues/:slug/bar/:ingredientId',
    method: 'DELETE',
    path: '/api/venues/:slug/bar/:ingredientId',
    caller: 'enterprise',
    params: venueBarParams(otherIngredient),
  }),
  app({
    id: 'PUT /api/venues/:slug/bar/:ingredientId/86',
    method: 'PUT',
    path: '/api/venues/:slug/bar/:ingredientId/86',
    caller: 'enterprise',
    params: venueBarParams(someIngredient),
    body: () => ({ eightySixed: true }),
    bodySchema: eightySixSchema,
  }),
  // The menu (B-enterprise's venue; the sweep puts A's venue and A's menu item there instead).
  app({
    id: 'GET /api/venues/:slug/menu',
    method: 'GET',
    path: '/api/venues/:slug/menu',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'PUT /api/venues/:slug/menu',
    method: 'PUT',
    path: '/api/venues/:slug/menu',
    caller: 'enterprise',
    params: venueParam,
    body: (ctx) => ({
      sections: [
        {
          title: 'Fuzz classics',
          items: [
            { cocktailId: ctx.cocktailIds[0] ?? 1, priceCents: 1200, availability: 'auto' },
            { cocktailId: ctx.cocktailIds[ctx.cocktailIds.length - 1] ?? 2, priceCents: null, availability: 'off' },
          ],
        },
        { title: 'Coming soon', items: [] },
      ],
    }),
    bodySchema: menuWriteSchema,
  }),
  app({
    id: 'PUT /api/venues/:slug/menu/items/:itemId/availability',
    method: 'PUT',
    path: '/api/venues/:slug/menu/items/:itemId/availability',
    caller: 'enterprise',
    params: {
      ...venueParam,
      itemId: { valid: (ctx) => String(ctx.ownVenue.menuItemId), schema: menuItemParamSchema.shape.itemId },
    },
    // 'on': A's item is 'off' by hand, so the same request aimed at it would show in A's rows.
    body: () => ({ availability: 'on' }),
    bodySchema: availabilityWriteSchema,
  }),
  // The menu's QR code (any member), as SVG and as PNG (a 1024-pixel image: drawn less often).
  app({
    id: 'GET /api/venues/:slug/qr/:format',
    method: 'GET',
    path: '/api/venues/:slug/qr/:format',
    caller: 'enterprise',
    params: { ...venueParam, format: { valid: () => 'svg' } },
    query: () => ({ download: '1' }),
  }),
  app({
    id: 'GET /api/venues/:slug/qr/:format [png]',
    method: 'GET',
    path: '/api/venues/:slug/qr/:format',
    caller: 'enterprise',
    weight: 0.5,
    params: { ...venueParam, format: { valid: () => 'png' } },
  }),
  // Signature cocktails (B-enterprise's venue and signature; the sweep puts A's venue and A's signature there instead,
  // and a catalogue cocktail too): the recipes, their photos and the venue's logo. The uploads take the image itself as
  // the body (RouteSpec.rawBody).
  app({
    id: 'GET /api/venues/:slug/signatures',
    method: 'GET',
    path: '/api/venues/:slug/signatures',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    id: 'POST /api/venues/:slug/signatures',
    method: 'POST',
    path: '/api/venues/:slug/signatures',
    caller: 'enterprise',
    params: venueParam,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house martini'),
    bodySchema: signatureWriteSchema,
  }),
  app({
    id: 'PUT /api/venues/:slug/signatures/:cocktailId',
    method: 'PUT',
    path: '/api/venues/:slug/signatures/:cocktailId',
    caller: 'enterprise',
    params: signatureParams,
    body: (ctx) => signatureRecipe(ctx.ingredientIds, 'Fuzz house martini, revised'),
    bodySchema: signatureWriteSchema,
  }),
  app({
    // The world creates a new signature when this one is gone (keepActorsSignedIn in world.ts).
    id: 'DELETE /api/venues/:slug/signatures/:cocktailId',
    method: 'DELETE',
    path: '/api/venues/:slug/signatures/:cocktailId',
    caller: 'enterprise',
    weight: 0.5,
    params: signatureParams,
  }),
  app({
    id: 'PUT /api/venues/:slug/signatures/:cocktailId/photo',
    method: 'PUT',
    path: '/api/venues/:slug/signatures/:cocktailId/photo',
    caller: 'enterprise',
    params: signatureParams,
    rawBody: () => VALID_JPEG,
  }),
  app({
    id: 'DELETE /api/venues/:slug/signatures/:cocktailId/photo',
    method: 'DELETE',
    path: '/api/venues/:slug/signatures/:cocktailId/photo',
    caller: 'enterprise',
    params: signatureParams,
  }),
  app({
    id: 'PUT /api/venues/:slug/logo',
    method: 'PUT',
    path: '/api/venues/:slug/logo',
    caller: 'enterprise',
    params: venueParam,
    rawBody: () => VALID_PNG,
  }),
  app({
    id: 'DELETE /api/venues/:slug/logo',
    method: 'DELETE',
    path: '/api/venues/:slug/logo',
    caller: 'enterprise',
    params: venueParam,
  }),
  app({
    // The public menu: anyone, no sign-in. A's is public on purpose (A's venue name, drinks and prices: see publicAt in
    // world.ts's secrets); A's team and private data are not.
    id: 'GET /api/menus/:slug',
    method: 'GET',
    path: '/api/menus/:slug',
    caller: 'anyone',
    params: venueParam,
  }),
  app({
    id: 'GET /api/venue-invitations/:invitationId',
    method: 'GET',
    path: '/api/venue-invitations/:invitationId',
    caller: 'anyone',
    params: {
      invitationId: { valid: (ctx) => ctx.ownVenue.invitationId, schema: invitationIdParamSchema.shape.invitationId },
    },
  }),
  app({
    id: 'POST /api/venue-invitations/:invitationId/accept',
    method: 'POST',
    path: '/api/venue-invitations/:invitationId/accept',
    caller: 'user',
    params: {
      invitationId: { valid: (ctx) => ctx.ownVenue.invitationId, schema: invitationIdParamSchema.shape.invitationId },
    },
  }),
  app({
    id: 'POST /api/support',
    method: 'POST',
    path: '/api/support',
    caller: 'anyone',
    weight: 1.5,
    body: () => ({ email: 'fuzz@example.test', message: 'Hello from the fuzz suite', page: '/support' }),
    bodySchema: supportMessageSchema,
  }),
  app({ id: 'GET /api/dev/auth-health', method: 'GET', path: '/api/dev/auth-health', caller: 'anyone' }),
  app({
    id: 'GET /api/dev/mailbox',
    method: 'GET',
    path: '/api/dev/mailbox',
    caller: 'anyone',
    thisMachineOnly: true,
    weight: 0.5,
  }),
  app({
    id: 'POST /api/session/recovery',
    method: 'POST',
    path: '/api/session/recovery',
    caller: 'anyone',
    body: () => ({ email: 'fuzz@example.test' }),
    bodySchema: recoveryEmailSchema,
  }),
  app({
    id: 'POST /api/dev/recovery-email',
    method: 'POST',
    path: '/api/dev/recovery-email',
    caller: 'anyone',
    body: () => ({ email: 'fuzz@example.test' }),
    bodySchema: recoveryEmailSchema,
  }),
  app({
    id: 'POST /api/webhooks/revenuecat',
    method: 'POST',
    path: '/api/webhooks/revenuecat',
    caller: 'anyone',
    body: (ctx) => webhookEvent(ctx.victim.userId),
    bodySchema: revenueCatWebhookSchema,
  }),
  app({
    id: 'POST /api/webhooks/revenuecat [signed]',
    method: 'POST',
    path: '/api/webhooks/revenuecat',
    caller: 'anyone',
    weight: 1.5,
    trusted: true,
    headers: { authorization: TEST_WEBHOOK_AUTH },
    body: (ctx) => webhookEvent(ctx.webhookTargetId),
    bodySchema: revenueCatWebhookSchema,
  }),
  app({
    id: 'GET /api/wrapper-sim',
    method: 'GET',
    path: '/api/wrapper-sim',
    caller: 'anyone',
    wrapperSimulator: true,
    thisMachineOnly: true,
  }),
  app({
    id: 'POST /api/wrapper-sim/purchase',
    method: 'POST',
    path: '/api/wrapper-sim/purchase',
    caller: 'user',
    wrapperSimulator: true,
    thisMachineOnly: true,
    body: () => ({ productId: 'app.barback.pro.monthly' }),
    bodySchema: simulatedPurchaseSchema,
  }),
  app({
    id: 'POST /api/wrapper-sim/restore',
    method: 'POST',
    path: '/api/wrapper-sim/restore',
    caller: 'user',
    wrapperSimulator: true,
    thisMachineOnly: true,
    body: () => ({ receipts: [{ productId: 'app.barback.pro.monthly', appUserId: 'fuzz-other-device-user' }] }),
    bodySchema: simulatedRestoreSchema,
  }),

  // --- better-auth (mounted at /api/auth): the endpoints the app uses.
  auth({
    id: 'POST /api/auth/sign-in/magic-link',
    method: 'POST',
    path: '/sign-in/magic-link',
    caller: 'anyone',
    weight: 1.5,
    body: () => ({ email: 'fuzz@example.test', callbackURL: '/auth/callback', newUserCallbackURL: '/welcome' }),
  }),
  auth({
    id: 'GET /api/auth/magic-link/verify',
    method: 'GET',
    path: '/magic-link/verify',
    caller: 'anyone',
    weight: 1.5,
    query: () => ({ token: 'aGVsbG8tZnV6ei10b2tlbi0wMDAx', callbackURL: '/auth/callback', errorCallbackURL: '/' }),
  }),
  auth({
    id: 'GET /api/auth/get-session',
    method: 'GET',
    path: '/get-session',
    caller: 'user',
    query: () => ({ disableCookieCache: 'true' }),
  }),
  auth({
    // The same session read by POST (served as the GET is: src/server/auth/served-routes.ts).
    id: 'POST /api/auth/get-session',
    method: 'POST',
    path: '/get-session',
    caller: 'user',
    query: () => ({ disableCookieCache: 'true' }),
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/sign-out',
    method: 'POST',
    path: '/sign-out',
    caller: 'user',
    weight: 0.5,
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/enable',
    method: 'POST',
    path: '/two-factor/enable',
    caller: 'user',
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/disable',
    method: 'POST',
    path: '/two-factor/disable',
    caller: 'user',
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/get-totp-uri',
    method: 'POST',
    path: '/two-factor/get-totp-uri',
    caller: 'user',
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/verify-totp',
    method: 'POST',
    path: '/two-factor/verify-totp',
    caller: 'user',
    body: () => ({ code: '123456', trustDevice: false }),
    bodySchema: totpVerifyRequestSchema,
  }),
  auth({
    id: 'POST /api/auth/two-factor/verify-backup-code',
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    caller: 'user',
    body: () => ({ code: 'abcde-fghij' }),
    bodySchema: backupCodeVerifyRequestSchema,
  }),
  auth({
    id: 'POST /api/auth/two-factor/generate-backup-codes',
    method: 'POST',
    path: '/two-factor/generate-backup-codes',
    caller: 'user',
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/send-otp',
    method: 'POST',
    path: '/two-factor/send-otp',
    caller: 'user',
    weight: 0.5,
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/two-factor/verify-otp',
    method: 'POST',
    path: '/two-factor/verify-otp',
    caller: 'user',
    weight: 0.5,
    body: () => ({ code: '123456' }),
  }),
  auth({ id: 'GET /api/auth/list-sessions', method: 'GET', path: '/list-sessions', caller: 'user' }),
  auth({ id: 'GET /api/auth/list-accounts', method: 'GET', path: '/list-accounts', caller: 'user' }),
  // Signed tokens (issue 15, auth/jwt.ts): the caller's own 15-minute JWT, and the public keys (also at /.well-known).
  auth({ id: 'GET /api/auth/token', method: 'GET', path: '/token', caller: 'user' }),
  auth({ id: 'GET /api/auth/jwks', method: 'GET', path: '/jwks', caller: 'anyone', weight: 0.5 }),
  app({
    id: 'GET /.well-known/jwks.json',
    method: 'GET',
    path: '/.well-known/jwks.json',
    caller: 'anyone',
    weight: 0.5,
  }),
  auth({
    id: 'POST /api/auth/unlink-account',
    method: 'POST',
    path: '/unlink-account',
    caller: 'user',
    body: (ctx) => ({ providerId: 'magic-link', accountId: ctx.victim.email }),
  }),
  auth({
    id: 'POST /api/auth/update-user',
    method: 'POST',
    path: '/update-user',
    caller: 'user',
    body: () => ({ name: 'Fuzz Tester', image: null }),
  }),
  auth({
    id: 'POST /api/auth/sign-in/social',
    method: 'POST',
    path: '/sign-in/social',
    caller: 'anyone',
    body: () => ({ provider: 'google', callbackURL: '/auth/callback', disableRedirect: true }),
  }),
  auth({
    id: 'POST /api/auth/link-social',
    method: 'POST',
    path: '/link-social',
    caller: 'user',
    body: () => ({ provider: 'facebook', callbackURL: '/account' }),
  }),
  auth({
    id: 'GET /api/auth/callback/:id',
    method: 'GET',
    path: '/callback/:id',
    caller: 'anyone',
    params: { id: { valid: () => 'google' } },
    query: () => ({ code: 'fuzz-code', state: 'fuzz-state' }),
  }),
  auth({
    // A provider's redirect back as a form post (response_mode=form_post): better-auth reads the code and state from the
    // body and sends the browser on to the GET callback.
    id: 'POST /api/auth/callback/:id',
    method: 'POST',
    path: '/callback/:id',
    caller: 'anyone',
    params: { id: { valid: () => 'google' } },
    body: () => ({ code: 'fuzz-code', state: 'fuzz-state' }),
  }),
  auth({
    id: 'POST /api/auth/revoke-session',
    method: 'POST',
    path: '/revoke-session',
    caller: 'user',
    body: (ctx) => ({ token: ctx.victim.sessionToken }),
  }),
  auth({
    id: 'POST /api/auth/revoke-sessions',
    method: 'POST',
    path: '/revoke-sessions',
    caller: 'user',
    weight: 0.3,
    body: () => ({}),
  }),
  auth({
    id: 'POST /api/auth/revoke-other-sessions',
    method: 'POST',
    path: '/revoke-other-sessions',
    caller: 'user',
    weight: 0.5,
    body: () => ({}),
  }),

  // --- better-auth endpoints the app does not use: mounted by better-auth, not served over HTTP (404).
  auth({
    id: 'POST /api/auth/update-session',
    method: 'POST',
    path: '/update-session',
    caller: 'user',
    weight: 0.3,
    body: () => ({}),
  }),
  auth({ id: 'GET /api/auth/ok', method: 'GET', path: '/ok', caller: 'anyone', weight: 0.3 }),
  auth({
    id: 'GET /api/auth/error',
    method: 'GET',
    path: '/error',
    caller: 'anyone',
    weight: 0.3,
    query: () => ({ error: 'x' }),
  }),
  auth({
    id: 'GET /api/auth/account-info',
    method: 'GET',
    path: '/account-info',
    caller: 'user',
    weight: 0.5,
    query: (ctx) => ({ accountId: ctx.victim.accountIds[0] ?? 'x' }),
  }),
  auth({
    id: 'POST /api/auth/get-access-token',
    method: 'POST',
    path: '/get-access-token',
    caller: 'user',
    weight: 0.5,
    body: (ctx) => ({ providerId: 'google', userId: ctx.victim.userId }),
  }),
  auth({
    id: 'POST /api/auth/refresh-token',
    method: 'POST',
    path: '/refresh-token',
    caller: 'user',
    weight: 0.3,
    body: (ctx) => ({ providerId: 'google', userId: ctx.victim.userId }),
  }),
  auth({
    id: 'POST /api/auth/delete-user',
    method: 'POST',
    path: '/delete-user',
    caller: 'user',
    weight: 0.3,
    body: () => ({ callbackURL: '/' }),
  }),
  auth({
    id: 'GET /api/auth/delete-user/callback',
    method: 'GET',
    path: '/delete-user/callback',
    caller: 'anyone',
    weight: 0.3,
    query: () => ({ token: 'fuzz-token', callbackURL: '/' }),
  }),
  auth({
    id: 'POST /api/auth/sign-up/email',
    method: 'POST',
    path: '/sign-up/email',
    caller: 'anyone',
    weight: 0.3,
    body: () => ({ email: 'fuzz@example.test', password: 'correct horse battery', name: 'Fuzz' }),
  }),
  auth({
    id: 'POST /api/auth/sign-in/email',
    method: 'POST',
    path: '/sign-in/email',
    caller: 'anyone',
    weight: 0.3,
    body: (ctx) => ({ email: ctx.victim.email, password: 'correct horse battery' }),
  }),
  auth({
    id: 'POST /api/auth/change-email',
    method: 'POST',
    path: '/change-email',
    caller: 'user',
    weight: 0.3,
    body: (ctx) => ({ newEmail: ctx.victim.email, callbackURL: '/' }),
  }),
  auth({
    id: 'POST /api/auth/change-password',
    method: 'POST',
    path: '/change-password',
    caller: 'user',
    weight: 0.3,
    body: () => ({ currentPassword: 'a', newPassword: 'correct horse battery', revokeOtherSessions: true }),
  }),
  auth({
    id: 'POST /api/auth/request-password-reset',
    method: 'POST',
    path: '/request-password-reset',
    caller: 'anyone',
    weight: 0.3,
    body: (ctx) => ({ email: ctx.victim.email, redirectTo: '/' }),
  }),
  auth({
    id: 'POST /api/auth/reset-password',
    method: 'POST',
    path: '/reset-password',
    caller: 'anyone',
    weight: 0.3,
    body: () => ({ newPassword: 'correct horse battery', token: 'fuzz-token' }),
  }),
  auth({
    id: 'GET /api/auth/reset-password/:token',
    method: 'GET',
    path: '/reset-password/:token',
    caller: 'anyone',
    weight: 0.3,
    params: { token: { valid: () => 'fuzz-token' } },
    query: () => ({ callbackURL: '/' }),
  }),
  auth({
    id: 'POST /api/auth/verify-password',
    method: 'POST',
    path: '/verify-password',
    caller: 'user',
    weight: 0.3,
    body: () => ({ password: 'correct horse battery' }),
  }),
  auth({
    id: 'GET /api/auth/verify-email',
    method: 'GET',
    path: '/verify-email',
    caller: 'anyone',
    weight: 0.3,
    query: () => ({ token: 'fuzz-token', callbackURL: '/' }),
  }),
  auth({
    id: 'POST /api/auth/send-verification-email',
    method: 'POST',
    path: '/send-verification-email',
    caller: 'anyone',
    weight: 0.3,
    body: () => ({ email: 'fuzz@example.test', callbackURL: '/' }),
  }),

  // --- better-auth's organization plugin (Enterprise venues): the app goes through /api/venues, which calls these
  // in-process; over HTTP the server answers 404 to all of them (RouteSpec.notServed). Each keeps the request an attacker
  // would send: B-enterprise at its own venue (B at the invitation B-enterprise sent B).
  organization({
    id: 'POST /api/auth/organization/create',
    method: 'POST',
    path: '/organization/create',
    caller: 'enterprise',
    weight: 0.5,
    body: () => ({ name: 'Fuzz Org', slug: freshVenueSlug(), keepCurrentActiveOrganization: true }),
  }),
  organization({
    id: 'POST /api/auth/organization/check-slug',
    method: 'POST',
    path: '/organization/check-slug',
    caller: 'user',
    weight: 0.5,
    body: () => ({ slug: 'fuzz-free-slug' }),
  }),
  organization({
    id: 'GET /api/auth/organization/list',
    method: 'GET',
    path: '/organization/list',
    caller: 'enterprise',
  }),
  organization({
    id: 'GET /api/auth/organization/get-organization',
    method: 'GET',
    path: '/organization/get-organization',
    caller: 'enterprise',
    query: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
  organization({
    id: 'GET /api/auth/organization/get-full-organization',
    method: 'GET',
    path: '/organization/get-full-organization',
    caller: 'enterprise',
    query: (ctx) => ({ organizationId: ctx.ownVenue.id, membersLimit: '20' }),
  }),
  organization({
    id: 'POST /api/auth/organization/update',
    method: 'POST',
    path: '/organization/update',
    caller: 'enterprise',
    body: (ctx) => ({ organizationId: ctx.ownVenue.id, data: { name: 'Fuzz Bar (auth)' } }),
  }),
  organization({
    id: 'POST /api/auth/organization/set-active',
    method: 'POST',
    path: '/organization/set-active',
    caller: 'enterprise',
    body: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
  organization({
    id: 'GET /api/auth/organization/get-active-member',
    method: 'GET',
    path: '/organization/get-active-member',
    caller: 'enterprise',
  }),
  organization({
    id: 'GET /api/auth/organization/get-active-member-role',
    method: 'GET',
    path: '/organization/get-active-member-role',
    caller: 'enterprise',
    query: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
  organization({
    id: 'POST /api/auth/organization/has-permission',
    method: 'POST',
    path: '/organization/has-permission',
    caller: 'enterprise',
    body: (ctx) => ({ organizationId: ctx.ownVenue.id, permissions: { invitation: ['create'] } }),
  }),
  organization({
    id: 'GET /api/auth/organization/list-members',
    method: 'GET',
    path: '/organization/list-members',
    caller: 'enterprise',
    query: (ctx) => ({
      organizationId: ctx.ownVenue.id,
      limit: '20',
      offset: '0',
      sortBy: 'createdAt',
      sortDirection: 'asc',
      filterField: 'role',
      filterOperator: 'eq',
      filterValue: 'staff',
    }),
  }),
  organization({
    id: 'POST /api/auth/organization/update-member-role',
    method: 'POST',
    path: '/organization/update-member-role',
    caller: 'enterprise',
    body: (ctx) => ({ organizationId: ctx.ownVenue.id, memberId: ctx.ownVenue.memberId, role: 'manager' }),
  }),
  organization({
    id: 'POST /api/auth/organization/remove-member',
    method: 'POST',
    path: '/organization/remove-member',
    caller: 'enterprise',
    weight: 0.5,
    body: (ctx) => ({ organizationId: ctx.ownVenue.id, memberIdOrEmail: ctx.ownVenue.memberId }),
  }),
  organization({
    id: 'POST /api/auth/organization/invite-member',
    method: 'POST',
    path: '/organization/invite-member',
    caller: 'enterprise',
    body: (ctx) => ({
      organizationId: ctx.ownVenue.id,
      email: 'fuzz-invitee@example.test',
      role: 'staff',
      resend: true,
    }),
  }),
  organization({
    id: 'GET /api/auth/organization/list-invitations',
    method: 'GET',
    path: '/organization/list-invitations',
    caller: 'enterprise',
    query: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
  organization({
    id: 'POST /api/auth/organization/cancel-invitation',
    method: 'POST',
    path: '/organization/cancel-invitation',
    caller: 'enterprise',
    body: (ctx) => ({ invitationId: ctx.ownVenue.spareInvitationId }),
  }),
  organization({
    id: 'GET /api/auth/organization/get-invitation',
    method: 'GET',
    path: '/organization/get-invitation',
    caller: 'user',
    query: (ctx) => ({ id: ctx.ownVenue.invitationId }),
  }),
  organization({
    id: 'GET /api/auth/organization/list-user-invitations',
    method: 'GET',
    path: '/organization/list-user-invitations',
    caller: 'user',
  }),
  organization({
    id: 'POST /api/auth/organization/accept-invitation',
    method: 'POST',
    path: '/organization/accept-invitation',
    caller: 'user',
    body: (ctx) => ({ invitationId: ctx.ownVenue.invitationId }),
  }),
  organization({
    id: 'POST /api/auth/organization/leave',
    method: 'POST',
    path: '/organization/leave',
    caller: 'user',
    weight: 0.5,
    body: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
  organization({
    id: 'POST /api/auth/organization/reject-invitation',
    method: 'POST',
    path: '/organization/reject-invitation',
    caller: 'user',
    weight: 0.3,
    body: (ctx) => ({ invitationId: ctx.ownVenue.invitationId }),
  }),
  organization({
    id: 'POST /api/auth/organization/delete',
    method: 'POST',
    path: '/organization/delete',
    caller: 'enterprise',
    weight: 0.2,
    body: (ctx) => ({ organizationId: ctx.ownVenue.id }),
  }),
];

/** The routes a run fuzzes: the whole table, less the wrapper simulator's when it is off. */
export function activeRoutes(options: { wrapperSimulator: boolean; filter?: string | null }): RouteSpec[] {
  return ROUTES.filter((route) => options.wrapperSimulator || !route.wrapperSimulator).filter(
    (route) => !options.filter || route.id.toLowerCase().includes(options.filter.toLowerCase()),
  );
}
