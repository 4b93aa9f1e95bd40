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
  /** Owning venue; null for the public catalogue. */
  venue_id: number | null;
  /** Search key of the name (see catalogue/search-text.ts): ordering and name-first ranking use it. */
  name_key: string;
  /** Search key of name, base spirit, category, description, technique, glassware and ingredient names. */
  search_text: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** `cocktail_ingredient`: one line of a recipe; primary key (cocktail_id, position). */
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

/** Every table the server reads or writes. */
export interface Database {
  ingredient: IngredientTable;
  cocktail: CocktailTable;
  cocktail_ingredient: CocktailIngredientTable;
  catalogue_meta: CatalogueMetaTable;
  analytics_event: AnalyticsEventTable;
}

/** Row shapes for reads, inserts and updates. */
export type CocktailRow = Selectable<CocktailTable>;
export type NewCocktail = Insertable<CocktailTable>;
export type CocktailUpdate = Updateable<CocktailTable>;
export type IngredientRow = Selectable<IngredientTable>;
export type NewIngredient = Insertable<IngredientTable>;
export type NewCocktailIngredient = Insertable<CocktailIngredientTable>;
export type NewAnalyticsEvent = Insertable<AnalyticsEventTable>;
