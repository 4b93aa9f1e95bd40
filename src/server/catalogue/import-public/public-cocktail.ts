import type { Transaction } from 'kysely';
import type { Technique } from '@/shared/domain/abv';
import { FLAVOR_PROFILES, OCCASIONS, SEASONS } from '@/shared/domain/vocabulary';
import { splitWords, toSearchKey } from '@/shared/domain/search-words';
import { PARAGRAPH_TEXT } from '@/shared/schemas/text';
import { MAX_SIGNATURE_LINES, signatureWriteSchema, type SignatureWrite } from '@/shared/schemas/venues';
import type { Database } from '../../db/types';
import type { IngredientCatalogue } from '../ingredient-catalogue';
import { recipeColumnsFrom, writeRecipeLines, type ExtraIngredient } from '../recipe-writer';
import type { DatasetSource } from './source-files';
import type { SourceDraft } from './readers';

/**
 * A drafted recipe (readers.ts) as a public cocktail: the catalogue's write shape (signatureWriteSchema: the venue
 * signature's contract, the same fields and bounds as the seed's), then its row, with its source, and its lines. The
 * strength band and search keys are derived by the catalogue's recipe writer (recipe-writer.ts), so an imported row
 * reads as a seeded one; the glass and technique come from the draft (recipe-fields.ts), which is all the client needs
 * to draw it (glass, technique, garnish and the ingredient lines).
 */

/** A method for a recipe whose source gives none, from its technique (the public catalogue needs one). */
const METHOD_OF: Record<Technique, string> = {
  Shake: 'Shake every ingredient hard with ice and strain into the glass.',
  Stir: 'Stir every ingredient with ice until well chilled and strain into the glass.',
  Build: 'Build the ingredients in the glass over ice and stir gently.',
  Blend: 'Blend every ingredient with crushed ice until smooth and pour into the glass.',
  Muddle: 'Muddle the fruit and herbs in the glass, add the rest with ice and stir.',
  Layer: 'Pour each ingredient gently over the back of a spoon, in order, to layer them.',
};

/** Minutes to make a drink of each technique. */
const MINUTES_OF: Record<Technique, number> = { Shake: 3, Stir: 3, Build: 2, Blend: 5, Muddle: 4, Layer: 4 };

/** Tags that file a recipe under Classic (the IBA's two older lists, and 'classic' itself); the rest are Modern. */
const CLASSIC_TAGS = /^(?:the unforgettables|contemporary classics|classics?)$/i;

/** `text` without control characters (tabs and line breaks kept), cut to `max` at a word where it can be. */
function fit(text: string, max: number, oneLine = false): string {
  let clean = [...text]
    .filter((char) => PARAGRAPH_TEXT.test(char))
    .join('')
    .trim();
  if (oneLine) clean = clean.replace(/\s+/g, ' ');
  if (clean.length <= max) return clean;
  const head = clean.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`;
}

/** The tags of `tags` in `vocabulary`, case aside, in its spelling. */
function tagsIn<T extends string>(tags: readonly string[], vocabulary: readonly T[]): T[] {
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
  return vocabulary.filter((word) => wanted.has(word.toLowerCase()));
}

/**
 * The expected volume (ml) of a top-up whose source states none, by glass: what fills each glass over its ice once the
 * rest is poured (a highball or Collins about 120 ml, a flute or wine glass about 90 ml, a rocks glass 60 ml, a glass
 * served up 30 ml). DOMAIN.md's units table: a top-up is recipe-defined or a glass-based default, never dropped from
 * volume and ABV (Bar Assistant skips them, so its highballs read too strong).
 */
const TOP_UP_ML: Readonly<Record<string, number>> = {
  Highball: 120,
  Collins: 120,
  'Copper mug': 120,
  Hurricane: 120,
  Fizz: 90,
  Flute: 90,
  Wine: 90,
  'Double rocks': 90,
  'Tiki mug': 90,
  'Irish coffee mug': 90,
  'Poco grande': 90,
  Rocks: 60,
  'Julep cup': 60,
  Snifter: 60,
};
/** A top-up's volume in a glass {@link TOP_UP_ML} does not list (the glasses served up: coupe, martini...). */
const TOP_UP_SERVED_UP_ML = 30;
/** A splash whose source states no volume: about half an ounce. */
const SPLASH_ML = 15;

/** An amount the write accepts (more than 0, at most 10,000), or null. */
const amountOf = (amount: number | null) => (amount !== null && amount > 0 && amount <= 10_000 ? amount : null);

/**
 * The catalogue write of `draft`, its lines naming the ids `idOf` gives (by line position).
 * @returns the write checked by signatureWriteSchema, or the problem that keeps it out ('name: ...').
 */
export function publicWriteOf(
  draft: SourceDraft,
  idOf: (position: number) => number,
): { write: SignatureWrite } | { problem: string } {
  const { recipe } = draft;
  const technique = draft.technique as Technique;
  const instructions = fit(recipe.instructions, 1200);
  const lines = draft.lines.slice(0, MAX_SIGNATURE_LINES);
  const parsed = signatureWriteSchema.safeParse({
    name: fit(recipe.name, 80, true),
    base_spirit: draft.baseSpirit,
    category: recipe.tags.some((tag) => CLASSIC_TAGS.test(tag.trim())) ? 'Classic' : 'Modern',
    description: fit(recipe.description, 600),
    instructions: instructions.length >= 10 ? instructions : METHOD_OF[technique],
    difficulty_level: lines.length <= 4 ? 'Easy' : lines.length <= 7 ? 'Medium' : 'Hard',
    glassware: draft.glassware,
    technique,
    garnish: fit(recipe.garnish.replace(/^garnish(?:ed)?\s*(?:with)?\s*:?\s*/i, ''), 120, true),
    preparation_time: MINUTES_OF[technique] ?? 3,
    flavor_profile: tagsIn(recipe.tags, FLAVOR_PROFILES).slice(0, 5),
    seasonal_tags: tagsIn(recipe.tags, SEASONS),
    occasion_tags: tagsIn(recipe.tags, OCCASIONS),
    ingredients: lines.map(({ line, resolution }, position) => {
      const stated = amountOf(line.amount);
      const amount =
        stated ??
        (line.unit === 'top'
          ? (TOP_UP_ML[draft.glassware] ?? TOP_UP_SERVED_UP_ML)
          : line.unit === 'splash'
            ? SPLASH_ML
            : null);
      const amountMax = amount === null ? null : amountOf(line.amountMax);
      const note = fit([resolution.brand, line.note].filter(Boolean).join(', '), 120, true);
      return {
        ingredient_id: idOf(position),
        amount,
        amount_max: amountMax !== null && amountMax > amount! ? amountMax : null,
        unit: line.unit,
        is_optional: line.optional,
        note: note || null,
      };
    }),
  });
  if (parsed.success) return { write: parsed.data };
  const issue = parsed.error.issues[0];
  return { problem: `${issue?.path.join('.') || 'recipe'}: ${issue?.message ?? 'not a recipe'}` };
}

/** A cocktail slug from a name: folded, letters and digits between single hyphens, at most 60 characters. */
export function cocktailSlugOf(name: string): string {
  return splitWords(toSearchKey(name)).join('-').slice(0, 60).replace(/-+$/, '') || 'cocktail';
}

/**
 * Writes `write` as a public cocktail (venue and owner null) with its source, under the first free slug of its name
 * (`slugs` holds those taken; the one chosen is added), its lines and their substitutes, inside `trx`.
 * @param extra the ingredients this import created, which `catalogue` (read before it) does not hold.
 * @param substitutes per line position, the ingredient ids the recipe accepts instead (My Bar counts them).
 * @returns the new cocktail's id.
 * @throws the database's error.
 */
export async function insertPublicCocktail(
  trx: Transaction<Database>,
  {
    write,
    catalogue,
    extra,
    slugs,
    source,
    substitutes = new Map(),
  }: {
    write: SignatureWrite;
    catalogue: IngredientCatalogue;
    extra: ReadonlyMap<number, ExtraIngredient>;
    slugs: Set<string>;
    source: DatasetSource;
    substitutes?: ReadonlyMap<number, readonly number[]>;
  },
): Promise<number> {
  const base = cocktailSlugOf(write.name);
  let slug = base;
  for (let n = 2; slugs.has(slug); n += 1) slug = `${base.slice(0, 56)}-${n}`;
  slugs.add(slug);
  const row = await trx
    .insertInto('cocktail')
    .values({
      ...recipeColumnsFrom(catalogue, write, extra),
      slug,
      is_signature: 0,
      image_url: null,
      venue_id: null,
      owner_id: null,
      served_over_ice: null,
      photo: null,
      source_name: source.name,
      source_licence: source.licence,
      source_url: source.url,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  await writeRecipeLines(trx, id, write, { fresh: true });
  const rows = [...substitutes].flatMap(([position, ids]) =>
    position < write.ingredients.length
      ? [...new Set(ids)].map((ingredientId) => ({ cocktail_id: id, position, ingredient_id: ingredientId }))
      : [],
  );
  if (rows.length > 0) await trx.insertInto('cocktail_ingredient_substitute').values(rows).execute();
  return id;
}

/**
 * Notes that `source` holds the drink `cocktailId` too (cocktail_source_also), once per source name.
 * @returns true when the note is new, false when the source was noted before.
 */
export async function noteOtherSource(
  trx: Transaction<Database>,
  cocktailId: number,
  source: DatasetSource,
): Promise<boolean> {
  const known = await trx
    .selectFrom('cocktail_source_also')
    .select('cocktail_id')
    .where('cocktail_id', '=', cocktailId)
    .where('source_name', '=', source.name)
    .executeTakeFirst();
  if (known) return false;
  await trx
    .insertInto('cocktail_source_also')
    .values({
      cocktail_id: cocktailId,
      source_name: source.name,
      source_licence: source.licence,
      source_url: source.url,
    })
    .execute();
  return true;
}
