import { z } from 'zod';
import { ratingValueSchema } from './collections';
import {
  baseSpiritSchema,
  categorySchema,
  difficultySchema,
  glasswareSchema,
  techniqueSchema,
  unitSchema,
} from './cocktail';

/**
 * The account export (`GET /api/me/export`) and its restore (`POST /api/me/import`): everything a user keeps in Barback,
 * in a shape that names cocktails and ingredients by slug (stable across databases) and the user's own recipes by a key
 * local to the file, so another account, or another server with the same catalogue, can read it back. docs/accounts.md
 * "Export and import" tells what each format holds.
 */

/** The version of the JSON export's shape; a file of a newer version is refused by the import. */
export const ACCOUNT_EXPORT_VERSION = 1;

/** What `app` says in every Barback export (how the import recognises its own files). */
export const ACCOUNT_EXPORT_APP = 'barback';

/** The JSON document's name inside the export's zip. */
export const ACCOUNT_EXPORT_ENTRY = 'barback-export.json';

/** The formats of `GET /api/me/export`: the JSON archive (a zip), a Markdown recipe book, JSON-LD, Bar Assistant, CSV. */
export const EXPORT_FORMATS = ['json', 'md', 'jsonld', 'bar-assistant', 'csv'] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof exportFormatSchema>;

/** Query of `GET /api/me/export` (json when absent). */
export const exportQuerySchema = z.object({ format: exportFormatSchema.default('json') });

/** Most rows of any one list an import reads (far above what any limit lets a user keep). */
const MAX_ROWS = 10_000;
const shortText = z.string().max(200);
const longText = z.string().max(5000);
const timestamp = z.string().max(40);

/**
 * A cocktail named by the export: a catalogue cocktail by its slug, or one of the user's own recipes by the `key` it has
 * in this file's `recipes`. `name` is for readers; the import resolves the slug or key.
 */
export const exportCocktailRefSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('catalogue'), slug: shortText, name: shortText }),
  z.object({ kind: z.literal('own'), recipe: shortText, name: shortText }),
]);
export type ExportCocktailRef = z.infer<typeof exportCocktailRefSchema>;

/** An ingredient named by the export: the catalogue's slug and name, or (slug null) one of the user's own by its name. */
export const exportIngredientRefSchema = z.object({ slug: shortText.nullable(), name: shortText });
export type ExportIngredientRef = z.infer<typeof exportIngredientRefSchema>;

/**
 * One line of an own recipe. `slug` is the catalogue ingredient's (null for an ingredient of the user's own, restored by
 * its `ingredient` name); `amount` and `amount_max` in `unit` (null: no amount).
 */
export const exportRecipeLineSchema = z.object({
  ingredient: shortText,
  slug: shortText.nullable(),
  amount: z.number().nullable(),
  amount_max: z.number().nullable(),
  unit: unitSchema,
  is_optional: z.boolean(),
  note: shortText.nullable(),
});
export type ExportRecipeLine = z.infer<typeof exportRecipeLineSchema>;

/** A photo variant in the zip: `file` is its path inside the archive; width and height in px. */
export const exportPhotoSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  variants: z
    .array(
      z.object({
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        format: z.enum(['webp', 'jpeg']),
        file: shortText,
      }),
    )
    .max(20),
});
export type ExportPhoto = z.infer<typeof exportPhotoSchema>;

/** One own recipe in full: the fields the recipe editor writes, its lines in order, and its photo (null without one). */
export const exportRecipeSchema = z.object({
  /** This file's key of the recipe (what `kind: 'own'` references name). */
  key: shortText,
  name: shortText,
  base_spirit: baseSpiritSchema,
  category: categorySchema.nullable(),
  description: longText,
  instructions: longText,
  difficulty_level: difficultySchema,
  glassware: glasswareSchema,
  technique: techniqueSchema,
  garnish: shortText,
  /** Minutes. */
  preparation_time: z.number().int(),
  flavor_profile: z.array(shortText).max(50),
  seasonal_tags: z.array(shortText).max(50),
  occasion_tags: z.array(shortText).max(50),
  /** Whether its share link was on (a restore never turns one on: links are not carried over). */
  shared: z.boolean(),
  ingredients: z.array(exportRecipeLineSchema).max(100),
  photo: exportPhotoSchema.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type ExportRecipe = z.infer<typeof exportRecipeSchema>;

/** The JSON export, version {@link ACCOUNT_EXPORT_VERSION}. Times are ISO 8601. */
export const accountExportSchema = z.object({
  app: z.literal(ACCOUNT_EXPORT_APP),
  version: z.number().int().min(1),
  exportedAt: timestamp,
  recipes: z.array(exportRecipeSchema).max(MAX_ROWS),
  /** The saved cocktails (favorites), most recent first. */
  favorites: z.array(z.object({ cocktail: exportCocktailRefSchema, savedAt: timestamp })).max(MAX_ROWS),
  /** My Bar: the bottles the user has, by name. */
  bar: z.array(exportIngredientRefSchema).max(MAX_ROWS),
  shoppingList: z.array(exportIngredientRefSchema).max(MAX_ROWS),
  /** 'I use `to` for `from`'. */
  swaps: z.array(z.object({ from: exportIngredientRefSchema, to: exportIngredientRefSchema })).max(MAX_ROWS),
  /** 'I made this', most recent first. */
  made: z
    .array(z.object({ cocktail: exportCocktailRefSchema, madeAt: timestamp, note: longText.nullable() }))
    .max(MAX_ROWS),
  /** Collections, most recently changed first, their cocktails in the owner's order. */
  collections: z
    .array(
      z.object({
        name: shortText,
        description: longText,
        shared: z.boolean(),
        items: z.array(exportCocktailRefSchema).max(MAX_ROWS),
      }),
    )
    .max(MAX_ROWS),
  notes: z.array(z.object({ cocktail: exportCocktailRefSchema, text: longText, updatedAt: timestamp })).max(MAX_ROWS),
  ratings: z
    .array(z.object({ cocktail: exportCocktailRefSchema, stars: ratingValueSchema, updatedAt: timestamp }))
    .max(MAX_ROWS),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** Largest account import upload, bytes (20 MB: the JSON and its photos). */
export const MAX_ACCOUNT_IMPORT_BYTES = 20 * 1024 * 1024;

/** The parts of an account a restore writes, in the order it writes them. */
export const ACCOUNT_IMPORT_PARTS = [
  'recipes',
  'favorites',
  'bar',
  'shoppingList',
  'swaps',
  'made',
  'collections',
  'notes',
  'ratings',
] as const;
export const accountImportPartSchema = z.enum(ACCOUNT_IMPORT_PARTS);
export type AccountImportPart = z.infer<typeof accountImportPartSchema>;

/** Something of the file a restore did not write, and why (`name`: the recipe, collection or cocktail, when one). */
export const accountImportRefusalSchema = z.object({
  part: accountImportPartSchema,
  name: z.string().nullable(),
  reason: z.string(),
});
export type AccountImportRefusal = z.infer<typeof accountImportRefusalSchema>;

/**
 * `POST /api/me/import`: how many rows of each part were written (what the user already had is never changed or
 * removed: rows already there count as neither), and every refusal with its reason.
 */
export const accountImportResultSchema = z.object({
  restored: z.object(
    Object.fromEntries(ACCOUNT_IMPORT_PARTS.map((part) => [part, z.number().int().min(0)])) as Record<
      AccountImportPart,
      z.ZodNumber
    >,
  ),
  refusals: z.array(accountImportRefusalSchema),
});
export type AccountImportResult = z.infer<typeof accountImportResultSchema>;
