/** What the route table's areas share: path parameters, sample bodies, and the app and better-auth route wrappers. */
import { cocktailNoteParamSchema, collectionParamSchema } from '@/shared/schemas/collections';
import { ownRecipeParamSchema } from '@/shared/schemas/recipes';
import { ingredientParamSchema } from '@/shared/schemas/my-bar';
import { signatureParamSchema, venueIngredientParamSchema, venueParamSchema } from '@/shared/schemas/venues';
import { isServedAuthEndpoint } from '@/server/auth/served-routes';
import type { FuzzContext, RouteSpec } from './types';

export const now = () => new Date().toISOString();
export const someCocktail = (ctx: FuzzContext) => String(ctx.cocktailIds[0] ?? 1);
export const otherCocktail = (ctx: FuzzContext) => String(ctx.cocktailIds[ctx.cocktailIds.length - 1] ?? 2);
export const someIngredient = (ctx: FuzzContext) => ctx.ingredientIds[0] ?? 1;
export const otherIngredient = (ctx: FuzzContext) => ctx.ingredientIds[ctx.ingredientIds.length - 1] ?? 2;
/** A My Bar route's ingredient path parameter. */
export const ingredientParam = (valid: (ctx: FuzzContext) => number) => ({
  ingredientId: { valid: (ctx: FuzzContext) => String(valid(ctx)), schema: ingredientParamSchema.shape.ingredientId },
});

/** A collection route's `:id`: B''s own collection (the cross-user sweep puts A's private one there instead). */
export const collectionParam = {
  id: { valid: (ctx: FuzzContext) => String(ctx.ownCollectionId), schema: collectionParamSchema.shape.id },
};
/** An own-recipe route's `:id`: B''s own recipe (the cross-user sweep puts A's there). */
export const ownRecipeParam = {
  id: { valid: (ctx: FuzzContext) => String(ctx.ownRecipeId), schema: ownRecipeParamSchema.shape.id },
};
/** A note or rating route's `:cocktailId`. */
export const noteParam = {
  cocktailId: { valid: someCocktail, schema: cocktailNoteParamSchema.shape.cocktailId },
};

/** A venue route's `:slug`: B-enterprise's own venue (the cross-user sweep puts A's there instead). */
export const venueParam = {
  slug: { valid: (ctx: FuzzContext) => ctx.ownVenue.slug, schema: venueParamSchema.shape.slug },
};

/** A team-inventory route's `:slug` and `:ingredientId` (the sweep puts A's venue and A's bottle there instead). */
export const venueBarParams = (valid: (ctx: FuzzContext) => number) => ({
  ...venueParam,
  ingredientId: {
    valid: (ctx: FuzzContext) => String(valid(ctx)),
    schema: venueIngredientParamSchema.shape.ingredientId,
  },
});

/** A signature route's `:slug` and `:cocktailId`: B-enterprise's venue and signature (the sweep puts A's there instead). */
export const signatureParams = {
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
export function freshVenueSlug(): string {
  venueCounter += 1;
  return `fuzz-bar-${process.pid.toString(36)}-${venueCounter.toString(36)}`;
}

/** A RevenueCat event for `appUserId`, shaped as RevenueCat sends it. */
export function webhookEvent(appUserId: string): unknown {
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

export const app = (route: RouteSpec): RouteSpec => route;
/**
 * A better-auth route: its path is under /api/auth (it answers errors as `{code, message}`); one the app does not serve
 * over HTTP (src/server/auth/served-routes.ts) is fuzzed as a path that must answer 404 ({@link RouteSpec.notServed}).
 */
export const auth = (route: RouteSpec): RouteSpec => ({
  ...route,
  path: `/api/auth${route.path}`,
  notServed: route.notServed ?? !isServedAuthEndpoint(route.method, route.path),
});
/**
 * One of better-auth's organization endpoints, which the server does not serve (see {@link RouteSpec.notServed}): in
 * every run, at a small weight (all 22 together weigh about one ordinary route), since every request stops at the same
 * 404.
 */
export const organization = (route: RouteSpec): RouteSpec =>
  auth({ ...route, notServed: true, weight: 0.05 * (route.weight ?? 1) });
