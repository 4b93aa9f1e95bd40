/** The route table's types: a route, who calls it, and the context (the victim's ids among it) requests come from. */
import type { z } from 'zod';
import type { ImageSample } from '../images';

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
