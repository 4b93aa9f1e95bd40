import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. The migrations in ./migrations own the truth; these mirror them.
 *
 * Conventions shared by both dialects:
 * - booleans are integers 0/1 (SQLite has no boolean; one representation keeps the writers dialect-free);
 * - list columns (flavor_profile, seasonal_tags, occasion_tags, props) hold JSON text;
 * - timestamps are ISO 8601 strings on write; SQLite returns them as text, PostgreSQL (timestamptz) as Date.
 */

/** A timestamp column: written as an ISO string, read back as a string (SQLite) or a Date (PostgreSQL). */
export type Timestamp = ColumnType<Date | string, string | undefined, string>;

/** A 0/1 flag column. */
export type Flag = ColumnType<number, number | undefined, number>;

/** `ingredient`: the things recipes use, with a parent hierarchy. */
export interface IngredientTable {
  id: Generated<number>;
  slug: string;
  name: string;
  category: string;
  /** Broader ingredient (Bourbon -> American whiskey -> Whiskey); null at the top. */
  parent_id: number | null;
  /** Strength, % ABV (0–100). */
  abv: number;
  description: string;
  /** Other names people type for it: a JSON array of strings (default '[]'). */
  aliases: ColumnType<string, string | undefined, string>;
  /**
   * 1 when it sits below its parent without standing in for it (citron vodka below vodka): matching does not let it
   * cover a line naming the parent (migration 0015). 0 by default.
   */
  is_variant: ColumnType<number, number | undefined, number>;
  /** The user whose own, free-text ingredient it is (migration 0018); null for the catalogue's. */
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** `ingredient_part`: one part of a house-made ingredient (simple syrup -> sugar); primary key both columns. */
export interface IngredientPartTable {
  ingredient_id: number;
  part_id: number;
}

/** `cocktail_ingredient_substitute`: an ingredient a recipe line accepts instead of its own; primary key all three. */
export interface CocktailIngredientSubstituteTable {
  cocktail_id: number;
  /** The line's position (see {@link CocktailIngredientTable}). */
  position: number;
  ingredient_id: number;
}

/** `cocktail`: one recipe of the public catalogue (venue_id null) or of a venue. */
export interface CocktailTable {
  id: Generated<number>;
  slug: string;
  name: string;
  base_spirit: string;
  category: string | null;
  description: string;
  instructions: string;
  difficulty_level: string;
  strength: string;
  glassware: string;
  technique: string;
  garnish: string;
  /** Minutes. */
  preparation_time: number;
  /** JSON array of strings. */
  flavor_profile: string;
  /** JSON array of strings. */
  seasonal_tags: string;
  /** JSON array of strings. */
  occasion_tags: string;
  is_signature: Flag;
  image_url: string | null;
  /**
   * 1 when each glass is served on fresh ice, 0 when not, null to let the glass decide (migration 0016;
   * shared/domain/batch-service.ts `isServedOverIce`). Optional on insert: venue recipes may leave it null.
   */
  served_over_ice: ColumnType<number | null, number | null | undefined, number | null>;
  /** Owning venue (its organization id); null for the public catalogue. */
  venue_id: string | null;
  /** Owning user of an own recipe (migration 0017); null for the public catalogue and venue recipes. */
  owner_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** An own recipe's public link slug while sharing is on (migration 0017); null otherwise. */
  share_slug: ColumnType<string | null, string | null | undefined, string | null>;
  /** A venue recipe's uploaded photo: JSON of shared/schemas/venues.ts `StoredPhoto`; null without one. */
  photo: string | null;
  /** Display name of the dataset a public recipe was imported from (migration 0019); null for Barback's own. */
  source_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** That dataset's licence as its licence file names it ('MIT'), or null. */
  source_licence: ColumnType<string | null, string | null | undefined, string | null>;
  /** That dataset's address, or null. */
  source_url: ColumnType<string | null, string | null | undefined, string | null>;
  /** Search key of the name (see catalogue/search-text.ts): ordering and name-first ranking use it. */
  name_key: string;
  /**
   * Search keys of the base spirit, category, technique, glassware and ingredient names, one per line (migration 0013;
   * catalogue/search-text.ts buildSearchKeys).
   */
  search_text: string;
  /** Search key of the description (migration 0013). */
  description_key: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `cocktail_source_also` (migration 0019): another source holding the same drink, merged into the cocktail. */
export interface CocktailSourceAlsoTable {
  cocktail_id: number;
  source_name: string;
  source_licence: string | null;
  source_url: string | null;
}

/** `cocktail_ingredient`: one line of a recipe; primary key (cocktail_id, position). */
/** The public catalogue's vocabulary (migration 0013): each search term and how many public cocktails hold it. */
export interface SearchTermTable {
  term: string;
  doc_count: number;
}
export interface CocktailIngredientTable {
  cocktail_id: number;
  /** 0-based order of the line in the recipe. */
  position: number;
  ingredient_id: number;
  /** Amount in `unit`; for top/splash the expected ml; null when the recipe gives none. */
  amount: number | null;
  /** Upper bound of a range ("2–3 dashes"), same unit. */
  amount_max: number | null;
  unit: string;
  is_optional: Flag;
  note: string | null;
}

/** Key/value facts about the catalogue: `version` (changes whenever the catalogue does) and `seed_hash`. */
export interface CatalogueMetaTable {
  key: string;
  value: string;
}

/** `analytics_event`: one event reported by a client through `POST /api/events`. */
export interface AnalyticsEventTable {
  id: Generated<number>;
  type: string;
  occurred_at: Timestamp;
  user_id: string | null;
  plan: string | null;
  /** JSON object. */
  props: string;
  received_at: Timestamp;
}

/**
 * A better-auth timestamp: a Date written by better-auth; read back as an ISO string (SQLite, `date` column holding text) or
 * a Date (PostgreSQL, timestamptz).
 */
export type AuthTimestamp = ColumnType<Date | string, Date | string, Date | string>;

/** A better-auth flag: 0/1 on SQLite, boolean on PostgreSQL. */
export type AuthFlag = ColumnType<number | boolean, number | boolean, number | boolean>;

/**
 * better-auth's `user` table (created by its own migration planner, see auth/schema.ts; camelCase columns).
 * Only the columns the server reads directly are listed as they are; better-auth owns the writes.
 */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthFlag;
  image: string | null;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
  twoFactorEnabled: AuthFlag | null;
}

/** better-auth's `session` table: one row per signed-in browser. */
export interface AuthSessionTable {
  id: string;
  expiresAt: AuthTimestamp;
  token: string;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  /** The venue (organization id) the session acts for (organization plugin); null outside a venue. */
  activeOrganizationId: string | null;
}

/** better-auth's `account` table: one row per way in (google, facebook, and 'magic-link' kept by auth/sign-in-plugin.ts). */
export interface AuthAccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthTimestamp | null;
  refreshTokenExpiresAt: AuthTimestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
}

/** better-auth's `verification` table: magic-link tokens, OAuth state, pending two-factor challenges. */
export interface AuthVerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthTimestamp;
  createdAt: AuthTimestamp;
  updatedAt: AuthTimestamp;
}

/** better-auth's `twoFactor` table: the user's encrypted TOTP secret and backup codes. */
export interface AuthTwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: AuthFlag | null;
  failedVerificationCount: number | null;
  lockedUntil: AuthTimestamp | null;
}

/** better-auth's `rateLimit` table: its own per-address counters for the /api/auth routes. */
export interface AuthRateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number | string;
}

/**
 * better-auth's `jwks` table (jwt plugin, auth/jwt.ts): the keys tokens are signed with. `publicKey` and `privateKey` are
 * JWK JSON (the private one encrypted with BETTER_AUTH_SECRET); `expiresAt` ends the key's signing (rotation), after which
 * it stays published for the grace period.
 */
export interface AuthJwksTable {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: AuthTimestamp;
  expiresAt: AuthTimestamp | null;
  alg: string | null;
  crv: string | null;
}

/** `user_favorites`: one row per user and favorite cocktail; primary key (user_id, cocktail_id). */
export interface UserFavoritesTable {
  user_id: string;
  cocktail_id: number;
  created_at: Timestamp;
}

/**
 * `cocktail_saves`: how many members saved a cocktail, kept by triggers on `user_favorites` (migration 0023); a
 * cocktail nobody saved has no row or a row at 0.
 */
export interface CocktailSavesTable {
  cocktail_id: number;
  saves: number;
}

/** `support_message`: a message sent through the Contact Support form. */
export interface SupportMessageTable {
  id: Generated<number>;
  email: string;
  message: string;
  /** The signed-in sender, or null. */
  user_id: string | null;
  /** The page the form was sent from, if given. */
  page: string | null;
  /** 'standard' (priority support arrives with the Enterprise plan). */
  priority: string;
  /** 1 once the message was handed to the mail server (or the dev outbox). */
  mailed: Flag;
  created_at: Timestamp;
}

/** `mail_outbox`: the dev outbox, every email the server would have sent when SMTP_URL is unset. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  html: string;
  created_at: Timestamp;
}

/**
 * `rate_limit_counter`: fixed-window request counters of the server's own rate limits without Redis, written by
 * rate-limiter-flexible's SQLite / PostgreSQL stores (http/rate-limit.ts) in the library's own layout.
 */
export interface RateLimitCounterTable {
  /** `<rule>:<bucket>`, e.g. `magic-link:ip:203.0.113.9` or `magic-link:email:<sha-256, base64url>`. */
  key: string;
  /** Requests counted in the current window, refused ones included. */
  points: ColumnType<number, number | undefined, number>;
  /**
   * When the window ends, ms since the epoch (bigint on PostgreSQL, read back as a string); null would be a limit
   * without a window, which the server never sets.
   */
  expire: ColumnType<number | string | null, number | null, number | null>;
}

/** `entitlement`: one paid entitlement of a user (payments/operations.ts); unique (user_id, name). */
export interface EntitlementTable {
  id: Generated<number>;
  user_id: string;
  /** 'pro' | 'enterprise'. */
  name: string;
  product_id: string | null;
  /** RevenueCat's store name (APP_STORE...); null for a support grant. */
  store: string | null;
  /** 'revenuecat' | 'admin'. */
  source: string;
  /** RevenueCat's period type (NORMAL, TRIAL, INTRO, PROMOTIONAL, PREPAID); null when unknown. */
  period_type: string | null;
  /** When access ends; null: never. */
  expires_at: Timestamp | null;
  will_renew: Flag;
  billing_issue: Flag;
  /** event_timestamp_ms of the last webhook event applied, ms (bigint: read back as a string on PostgreSQL). */
  last_event_ms: ColumnType<number | string | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `webhook_event`: one RevenueCat event as received; unique (provider, event_id). */
export interface WebhookEventTable {
  id: Generated<number>;
  provider: string;
  event_id: string;
  type: string;
  app_user_id: string | null;
  /** The user the event was applied to, when one was found. */
  user_id: string | null;
  event_timestamp_ms: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** One of WEBHOOK_OUTCOMES (src/shared/schemas/payments.ts). */
  outcome: string;
  /** The event as received (JSON). */
  payload: string;
  received_at: Timestamp;
}

/** `bar_item` and `shopping_item`: one ingredient a user owns / means to buy; primary key (user_id, ingredient_id). */
export interface UserIngredientTable {
  user_id: string;
  ingredient_id: number;
  created_at: Timestamp;
}

/** `made_drink`: one 'I made this' of a user. */
export interface MadeDrinkTable {
  id: Generated<number>;
  user_id: string;
  cocktail_id: number;
  /** When the drink was made (the user may backdate it, never into the future). */
  made_at: Timestamp;
  note: string | null;
}

/** `ingredient_swap`: 'I use `to_id` for `from_id`'; primary key (user_id, from_id, to_id). */
export interface IngredientSwapTable {
  user_id: string;
  from_id: number;
  to_id: number;
  created_at: Timestamp;
}

/** `collection`: a user's named list of cocktails; `share_slug` is the public link's slug while sharing is on. */
export interface CollectionTable {
  id: Generated<number>;
  user_id: string;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  share_slug: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `collection_item`: one cocktail of a collection at its 0-based position; primary key (collection_id, cocktail_id). */
export interface CollectionItemTable {
  collection_id: number;
  cocktail_id: number;
  position: number;
  added_at: Timestamp;
}

/** `cocktail_note`: a user's private note on a cocktail; primary key (user_id, cocktail_id). */
export interface CocktailNoteTable {
  user_id: string;
  cocktail_id: number;
  text: string;
  updated_at: Timestamp;
}

/** `cocktail_rating`: a user's rating of a cocktail, 0.5 to 5 in half stars; primary key (user_id, cocktail_id). */
export interface CocktailRatingTable {
  user_id: string;
  cocktail_id: number;
  /** REAL (PostgreSQL may read it back as a string through some drivers: always pass through Number()). */
  stars: ColumnType<number | string, number, number>;
  updated_at: Timestamp;
}

/**
 * `idempotent_write`: a write's answer kept under its Idempotency-Key for a day (http/idempotency.ts); primary key
 * (user_id, key). `status`, `body` and `content_type` are null while the first request is still running.
 */
export interface IdempotentWriteTable {
  user_id: string;
  key: string;
  method: string;
  path: string;
  status: number | null;
  /** The answer's body as text (base64 when its content type is not text), null for an empty body. */
  body: string | null;
  content_type: string | null;
  created_at: Timestamp;
}

/**
 * `deleted_value`: when a user last deleted a favorite, rating, note or My Bar bottle (lib/newer-change.ts), so a write
 * queued offline before that deletion loses to it; primary key (user_id, kind, item_id); pruned after 30 days.
 */
export interface DeletedValueTable {
  user_id: string;
  /** 'favorite', 'rating', 'note' or 'bottle' (checked by the schema). */
  kind: string;
  /** The cocktail's id (a bottle: the ingredient's). */
  item_id: number;
  deleted_at: Timestamp;
}

/** Every table the server reads or writes. */
export interface Database {
  ingredient: IngredientTable;
  cocktail: CocktailTable;
  cocktail_ingredient: CocktailIngredientTable;
  cocktail_source_also: CocktailSourceAlsoTable;
  catalogue_meta: CatalogueMetaTable;
  search_term: SearchTermTable;
  analytics_event: AnalyticsEventTable;
  user: AuthUserTable;
  session: AuthSessionTable;
  account: AuthAccountTable;
  verification: AuthVerificationTable;
  twoFactor: AuthTwoFactorTable;
  rateLimit: AuthRateLimitTable;
  jwks: AuthJwksTable;
  user_favorites: UserFavoritesTable;
  cocktail_saves: CocktailSavesTable;
  support_message: SupportMessageTable;
  mail_outbox: MailOutboxTable;
  rate_limit_counter: RateLimitCounterTable;
  entitlement: EntitlementTable;
  webhook_event: WebhookEventTable;
  ingredient_part: IngredientPartTable;
  cocktail_ingredient_substitute: CocktailIngredientSubstituteTable;
  bar_item: UserIngredientTable;
  shopping_item: UserIngredientTable;
  made_drink: MadeDrinkTable;
  ingredient_swap: IngredientSwapTable;
  collection: CollectionTable;
  collection_item: CollectionItemTable;
  cocktail_note: CocktailNoteTable;
  cocktail_rating: CocktailRatingTable;
  idempotent_write: IdempotentWriteTable;
  deleted_value: DeletedValueTable;
  organization: AuthOrganizationTable;
  member: AuthMemberTable;
  invitation: AuthInvitationTable;
  venue: VenueTable;
  venue_bar_item: VenueBarItemTable;
  venue_bar_activity: VenueBarActivityTable;
  venue_menu_section: VenueMenuSectionTable;
  venue_menu_item: VenueMenuItemTable;
}

/** better-auth's `organization` table (organization plugin): one row per Enterprise venue. */
export interface AuthOrganizationTable {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: AuthTimestamp;
  metadata: string | null;
}

/** better-auth's `member` table: who belongs to a venue, as 'owner', 'manager' or 'staff'. */
export interface AuthMemberTable {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: AuthTimestamp;
}

/** better-auth's `invitation` table: an invitation by email ('pending', 'accepted', 'rejected', 'canceled'). */
export interface AuthInvitationTable {
  id: string;
  organizationId: string;
  email: string;
  role: string | null;
  status: string;
  expiresAt: AuthTimestamp;
  createdAt: AuthTimestamp;
  inviterId: string;
}

/**
 * Barback's side of a venue (migration 0009): brand colours, address, opening hours and seats, one row per organization
 * (deleted with it). `seat_limit` is the venue's staff seats (10 included; raised by add-on purchases or support).
 */
export interface VenueTable {
  organization_id: string;
  brand_background: ColumnType<string, string | undefined, string>;
  brand_accent: ColumnType<string, string | undefined, string>;
  address: string | null;
  opening_hours: string | null;
  seat_limit: ColumnType<number, number | undefined, number>;
  /** The uploaded logo's variants: JSON of uploads' StoredImage (migration 0012); null without an uploaded logo. */
  logo_photo: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the owner or a manager listed the public menu in the sitemap (migration 0025); 0, the default, when not. */
  menu_listed: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A bottle of a venue's team inventory (migration 0010); `eighty_sixed` 1 while it has run out tonight. */
export interface VenueBarItemTable {
  organization_id: string;
  ingredient_id: number;
  eighty_sixed: ColumnType<number, number | undefined, number>;
  updated_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One change to a venue's inventory: who did what to which ingredient, and when. */
export interface VenueBarActivityTable {
  id: Generated<number>;
  organization_id: string;
  user_id: string | null;
  user_name: string;
  ingredient_id: number;
  action: 'added' | 'removed' | '86' | 'back';
  created_at: Timestamp;
}

/** A titled section of a venue's menu, in `position` order (migration 0011). */
export interface VenueMenuSectionTable {
  id: Generated<number>;
  organization_id: string;
  title: string;
  position: number;
  created_at: Generated<Date | string>;
}

/** A cocktail on a venue's menu: price in cents (null: no price shown) and the hand-set availability. */
export interface VenueMenuItemTable {
  id: Generated<number>;
  organization_id: string;
  section_id: number;
  cocktail_id: number;
  position: number;
  price_cents: number | null;
  availability: ColumnType<'auto' | 'off' | 'on', 'auto' | 'off' | 'on' | undefined, 'auto' | 'off' | 'on'>;
}

/** Row shapes for reads, inserts and updates. */
export type CocktailRow = Selectable<CocktailTable>;
export type NewCocktail = Insertable<CocktailTable>;
export type CocktailUpdate = Updateable<CocktailTable>;
export type IngredientRow = Selectable<IngredientTable>;
export type NewIngredient = Insertable<IngredientTable>;
export type NewCocktailIngredient = Insertable<CocktailIngredientTable>;
export type NewAnalyticsEvent = Insertable<AnalyticsEventTable>;
