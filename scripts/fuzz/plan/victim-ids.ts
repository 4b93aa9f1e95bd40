import { victimValue, type FuzzContext, type RouteSpec, type VictimIds, type VictimKey } from '../routes/types';
import { Special } from '../values';
import { VictimRef } from './types';

/** Where the victim's ids go in a request, filling them in, and telling whether a request names the victim. */

/** Field and parameter names that take an identifier (where the victim's ids are aimed). */
export const ID_LIKE = /(^|_)id$|Id$|ids$|email|token|user|alias|transferred|account|slug/i;

/** The victim keys whose values are numbers (JSON numbers in bodies). */
const NUMERIC_VICTIM_KEYS: ReadonlySet<VictimKey> = new Set<VictimKey>([
  'favoriteId',
  'barIngredientId',
  'collectionId',
  'supportMessageId',
  'venueMenuItemId',
  'venueSignatureId',
  'ownRecipeId',
]);

/**
 * The victim keys a numeric path parameter takes, the likeliest first (A's favorite, then A's venue's signature cocktail,
 * then A's own recipe, for a cocktail id; the other way round on a venue's signature routes, where a catalogue cocktail
 * is the second target;
 * A's bar ingredient for an ingredient id), or null when the parameter takes any of A's identifiers.
 */
export function numericVictimKeys(route: RouteSpec, name: string | undefined): VictimKey[] | null {
  if (name === 'id' && route.path.startsWith('/api/me/collections')) return ['collectionId'];
  if (name === 'id' && route.path.startsWith('/api/me/recipes')) return ['ownRecipeId'];
  if (name === 'cocktailId' && route.path.startsWith('/api/me/recipes')) return ['ownRecipeId', 'venueSignatureId'];
  if (name === 'cocktailId' && route.path.startsWith('/api/venues/')) return ['venueSignatureId', 'favoriteId'];
  // A's own recipe too: collections, notes, ratings, made drinks and My Bar take an own recipe's id for its owner only.
  if (name === 'cocktailId' || (name === 'id' && route.path.startsWith('/api/cocktails'))) {
    return ['favoriteId', 'venueSignatureId', 'ownRecipeId'];
  }
  if (name === 'ingredientId') return ['barIngredientId'];
  if (name === 'itemId') return ['venueMenuItemId'];
  return null;
}

/** The victim key a numeric path parameter takes: `wanted` when it is one of its keys, else the likeliest. */
export function numericVictimKey(route: RouteSpec, name: string | undefined, wanted?: VictimKey): VictimKey | null {
  const keys = numericVictimKeys(route, name);
  if (!keys) return null;
  return wanted !== undefined && keys.includes(wanted) ? wanted : keys[0]!;
}

/**
 * The victim key that matches a path parameter, for aiming all of a route's parameters at A at once (A's venue and A's
 * staff member in `DELETE /api/venues/:slug/members/:memberId`, A's venue and A's menu item in the availability route):
 * the numeric ones of {@link numericVictimKey}, A's venue slug (venue routes and the public menu), member and
 * invitation ids; null for a parameter no victim id matches (it keeps its valid value).
 */
export function matchingVictimKey(route: RouteSpec, name: string): VictimKey | null {
  const numeric = numericVictimKey(route, name);
  if (numeric) return numeric;
  if (name === 'slug' && /^\/api\/(?:venues|menus)\//.test(route.path)) return 'venueSlug';
  if (name === 'memberId') return 'venueMemberId';
  if (name === 'invitationId') return 'venueInvitationId';
  return null;
}

/** Fills in victim references (JSON numbers for numeric ids in bodies, text elsewhere); notes that the victim is aimed at. */
export function resolve(value: unknown, victim: VictimIds, aim: { hit: boolean }, numeric: boolean): unknown {
  if (value instanceof VictimRef) {
    aim.hit = true;
    const text = victimValue(victim, value.key);
    return numeric && NUMERIC_VICTIM_KEYS.has(value.key) ? Number(text) : text;
  }
  if (value instanceof Special || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolve(item, victim, aim, numeric));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(out, key, {
      value: resolve(item, victim, aim, numeric),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** Whether `text` holds one of the victim's identifiers or session material. */
export function containsVictim(text: string, victim: VictimIds): boolean {
  return [
    victim.userId,
    victim.email,
    victim.sessionToken,
    victim.sessionId,
    ...victim.accountIds,
    victim.venueSlug,
    victim.venueId,
    victim.venueMemberId,
    victim.venueInvitationId,
  ].some((id) => id !== '' && text.includes(id));
}

/** Stand-in ids for trusted requests: the webhook target's user id, and ids that belong to nobody. */
export function decoyOf(ctx: FuzzContext): VictimIds {
  return {
    userId: ctx.webhookTargetId,
    email: 'fuzz-webhook-target@example.test',
    sessionId: 'fuzz-decoy-session',
    sessionToken: 'fuzz-decoy-token',
    accountIds: ['fuzz-decoy-account'],
    favoriteIds: [1],
    barIngredientIds: [1],
    collectionId: 0,
    supportMessageId: 1,
    webhookEventId: 'fuzz-decoy-event',
    venueSlug: 'fuzz-decoy-venue',
    venueId: 'fuzz-decoy-venue-id',
    venueMemberId: 'fuzz-decoy-member',
    venueInvitationId: 'fuzz-decoy-invitation',
    venueMenuItemId: 1,
    venueSignatureId: 1,
    ownRecipeId: 0,
  };
}
