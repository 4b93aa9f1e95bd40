import { formatLine } from '@/shared/domain/line-format';
import type { Unit } from '@/shared/domain/units';
import type { AccountExport, ExportCocktailRef, ExportRecipe } from '@/shared/schemas/export';

/**
 * The account export as a readable recipe book in Markdown (CommonMark): the user's own recipes in full (each line with
 * its amount and unit as formatLine writes it, the method, glass and garnish, the instructions), then their collections,
 * notes, ratings, saved cocktails and My Bar. Pure: the data in, the text out.
 */

/** The user's text with the characters that would start Markdown markup escaped (names, notes, methods are theirs). */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/([\\`*_[\]<>|~])/g, '\\$1')
    .replace(/^(\s*)([#+-]|\d+[.)])/gm, (_match, space: string, mark: string) => `${space}\\${mark}`);
}

/** Stars as a reader sees them: ★ per whole star, ½ for a half, then the number ('★★★½ (3.5/5)'). */
export function starsText(stars: number): string {
  return `${'★'.repeat(Math.floor(stars))}${Number.isInteger(stars) ? '' : '½'} (${stars}/5)`;
}

/** A cocktail's name as the book shows it (an own recipe's marked as the user's). */
const cocktailName = (ref: ExportCocktailRef) =>
  `${escapeMarkdown(ref.name)}${ref.kind === 'own' ? ' (my recipe)' : ''}`;

/** One own recipe's section: its heading, description, lines, method, glass, garnish and instructions. */
export function recipeSection(recipe: ExportRecipe): string[] {
  const out = [`### ${escapeMarkdown(recipe.name)}`, ''];
  if (recipe.description) out.push(escapeMarkdown(recipe.description), '');
  for (const line of recipe.ingredients) {
    const text = formatLine({
      amount: line.amount,
      amountMax: line.amount_max,
      unit: line.unit as Unit,
      ingredient: line.ingredient,
      note: line.note,
      optional: line.is_optional,
    });
    out.push(`- ${escapeMarkdown(text)}`);
  }
  out.push(
    '',
    `**Method:** ${escapeMarkdown(recipe.technique)} · **Glass:** ${escapeMarkdown(recipe.glassware)}` +
      (recipe.garnish ? ` · **Garnish:** ${escapeMarkdown(recipe.garnish)}` : ''),
    '',
    ...recipe.instructions.split(/\r?\n/).map((line) => escapeMarkdown(line)),
    '',
  );
  const tags = [...recipe.flavor_profile, ...recipe.seasonal_tags, ...recipe.occasion_tags];
  if (tags.length > 0) out.push(`*${escapeMarkdown(tags.join(', '))}*`, '');
  return out;
}

/** The whole book. */
export function renderAccountMarkdown(data: AccountExport): string {
  const out = ['# My Barback', '', `Exported ${data.exportedAt}.`, '', '## My recipes', ''];
  if (data.recipes.length === 0) out.push('No recipes of my own.', '');
  for (const recipe of data.recipes) out.push(...recipeSection(recipe));

  out.push('## Collections', '');
  if (data.collections.length === 0) out.push('No collections.', '');
  for (const collection of data.collections) {
    out.push(`### ${escapeMarkdown(collection.name)}${collection.shared ? ' (shared)' : ''}`, '');
    if (collection.description !== '') out.push(escapeMarkdown(collection.description), '');
    if (collection.items.length === 0) out.push('No cocktails yet.', '');
    else out.push(...collection.items.map((item, n) => `${n + 1}. ${cocktailName(item)}`), '');
  }

  out.push('## Notes', '');
  if (data.notes.length === 0) out.push('No notes.', '');
  for (const note of data.notes) {
    out.push(
      `### ${cocktailName(note.cocktail)}`,
      '',
      ...note.text.split(/\r?\n/).map((l) => `> ${escapeMarkdown(l)}`),
      '',
    );
  }

  out.push('## Ratings', '');
  if (data.ratings.length === 0) out.push('No ratings.', '');
  else out.push(...data.ratings.map((r) => `- ${cocktailName(r.cocktail)}: ${starsText(r.stars)}`), '');

  out.push('## Saved cocktails', '');
  if (data.favorites.length === 0) out.push('No saved cocktails.', '');
  else out.push(...data.favorites.map((f) => `- ${cocktailName(f.cocktail)}`), '');

  out.push('## My Bar', '');
  if (data.bar.length === 0) out.push('No bottles.', '');
  else out.push(...data.bar.map((item) => `- ${escapeMarkdown(item.name)}`), '');
  if (data.shoppingList.length > 0) {
    out.push('### Shopping list', '', ...data.shoppingList.map((item) => `- ${escapeMarkdown(item.name)}`), '');
  }
  if (data.swaps.length > 0) {
    out.push(
      '### Swaps',
      '',
      ...data.swaps.map((s) => `- ${escapeMarkdown(s.to.name)} for ${escapeMarkdown(s.from.name)}`),
      '',
    );
  }
  if (data.made.length > 0) {
    out.push(
      '### Made',
      '',
      ...data.made.map(
        (m) => `- ${cocktailName(m.cocktail)}, ${m.madeAt.slice(0, 10)}${m.note ? `: ${escapeMarkdown(m.note)}` : ''}`,
      ),
      '',
    );
  }
  return out.join('\n');
}
