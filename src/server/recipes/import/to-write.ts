import { FLAVOR_PROFILES, OCCASIONS, SEASONS } from '@/shared/domain/vocabulary';
import { MAX_INGREDIENT_NAME, ownRecipeWriteSchema, type OwnRecipeWrite } from '@/shared/schemas/recipes';
import { PARAGRAPH_TEXT } from '@/shared/schemas/text';
import { MAX_SIGNATURE_LINES } from '@/shared/schemas/venues';
import type { RecipeDraft } from './draft';

/**
 * A draft (draft.ts) as the own-recipe write it becomes: fields cut to the write's bounds, tags sorted into flavours,
 * seasons and occasions, every line naming its catalogue ingredient by id or, when it resolved to none, by its name.
 */

/** What the import writes for a recipe whose source gives no method (the write needs one; the user edits it). */
export const NO_METHOD = 'No method was given: add yours.';

/** `text` cut to `max` characters at a word where it can be, with an ellipsis. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${space > max * 0.6 ? head.slice(0, space) : head}…`;
}

/** `text` without the control characters the write refuses (tabs and line breaks kept; shared/schemas/text.ts). */
const clean = (text: string) =>
  [...text]
    .filter((char) => PARAGRAPH_TEXT.test(char))
    .join('')
    .trim();

/** The tags of `tags` that are one of `vocabulary`, case-insensitively, in the vocabulary's spelling. */
function tagsIn<T extends string>(tags: readonly string[], vocabulary: readonly T[]): T[] {
  const wanted = new Set(tags.map((tag) => tag.toLowerCase()));
  return vocabulary.filter((word) => wanted.has(word.toLowerCase()));
}

/** An amount the write accepts (more than 0, at most 10,000), or null. */
const amountOf = (amount: number | null) => (amount !== null && amount > 0 && amount <= 10_000 ? amount : null);

/**
 * The own-recipe write of `draft`, and what was changed to make it fit (a cut name, lines past the limit).
 * @returns `write` checked by ownRecipeWriteSchema, or `problem` naming why the recipe cannot be written.
 */
export function draftToWrite(
  draft: RecipeDraft,
): { write: OwnRecipeWrite; notes: string[] } | { problem: string; notes: string[] } {
  const { recipe } = draft;
  const notes: string[] = [];
  if (draft.lines.length > MAX_SIGNATURE_LINES) {
    notes.push(`Only the first ${MAX_SIGNATURE_LINES} of its ${draft.lines.length} lines were kept.`);
  }
  const instructions = clean(recipe.instructions);
  const input = {
    name: cut(clean(recipe.name).replace(/\s+/g, ' '), 80),
    base_spirit: draft.baseSpirit,
    category: 'Modern',
    description: cut(clean(recipe.description), 600),
    instructions: instructions.length >= 10 ? cut(instructions, 1200) : NO_METHOD,
    difficulty_level: 'Easy',
    glassware: draft.glassware,
    technique: draft.technique,
    garnish: cut(clean(recipe.garnish).replace(/\s+/g, ' '), 120),
    preparation_time: 3,
    flavor_profile: tagsIn(recipe.tags, FLAVOR_PROFILES).slice(0, 5),
    seasonal_tags: tagsIn(recipe.tags, SEASONS),
    occasion_tags: tagsIn(recipe.tags, OCCASIONS),
    ingredients: draft.lines.slice(0, MAX_SIGNATURE_LINES).map(({ line, resolution }) => {
      const amount = amountOf(line.amount);
      const amountMax = amount === null ? null : amountOf(line.amountMax);
      const note = [resolution.brand, line.note].filter(Boolean).join(', ');
      return {
        ...(resolution.ingredientId !== null
          ? { ingredient_id: resolution.ingredientId }
          : { ingredient_name: cut(clean(line.ingredient).replace(/\s+/g, ' '), MAX_INGREDIENT_NAME) }),
        amount,
        amount_max: amountMax !== null && amountMax > amount! ? amountMax : null,
        unit: line.unit,
        is_optional: line.optional,
        note: note ? cut(note.replace(/\s+/g, ' '), 120) : null,
      };
    }),
  };
  if (!recipe.instructions || instructions.length < 10) notes.push('No method was given.');
  const parsed = ownRecipeWriteSchema.safeParse(input);
  if (parsed.success) return { write: parsed.data, notes };
  const issue = parsed.error.issues[0];
  return { problem: `${issue?.path.join('.') || 'recipe'}: ${issue?.message ?? 'not a recipe'}`, notes };
}
