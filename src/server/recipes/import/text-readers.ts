import { parseLine } from '@/shared/domain/line-parse';
import { readLines, recipeOf, type ImportedRecipe } from './imported-recipe';
import { cellLines } from './cell-lines';

/** Pasted text and Markdown books of recipes (docs/recipes.md "Import"). */

/**
 * How a pasted ingredient line begins: a number or fraction, or a measure said in words ('a dash of', 'top with',
 * 'juice of'). A name ending in a number ('French 75', 'Highball 2') does not.
 */
const OPENS_WITH_AMOUNT =
  /^(?:[-*•]\s*)?(?:\d|[¼½¾⅓⅔⅛⅜⅝⅞]|(?:an?|one|few)\s+(?:dash|splash|pinch|drop|barspoon|bar spoon|sprig|slice|wedge|twist|shot|drops|dashes)\b|top\b|fill\b|juice of\b|rinse\b|splash\b|pinch\b|dash\b)/i;

/** True when a pasted line reads as an ingredient: it opens with an amount, is a top-up or rinse, or names a garnish. */
function isIngredientLine(line: string): boolean {
  const parsed = parseLine(line);
  if (parsed === null || parsed.ingredient === '') return false;
  return OPENS_WITH_AMOUNT.test(line.trim()) || parsed.garnish || ['top', 'rinse'].includes(parsed.unit);
}

/**
 * Plain text pasted from anywhere: a recipe is a name line, its ingredient lines, then its method; recipes are apart by
 * a blank line. A block after a blank line that opens with an ingredient line, or holds only a method while the recipe
 * before it has none, belongs to that recipe.
 */
export function readText(source: string): ImportedRecipe[] {
  const recipes: ImportedRecipe[] = [];
  for (const block of source.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const rows = block
      .split('\n')
      .map((row) => row.trim())
      .filter(Boolean);
    if (rows.length === 0) continue;
    const current = recipes.at(-1);
    // A block opening with an ingredient continues the recipe before it, and so does a method with no ingredient in it.
    const methodOnly = !rows.some(isIngredientLine) && current !== undefined && !current.instructions;
    const continues = current !== undefined && (isIngredientLine(rows[0]!) || methodOnly);
    const name = continues ? null : rows.shift()!.replace(/:$/, '');
    const target = continues ? current : recipeOf(name ?? '', []);
    const method: string[] = target.instructions ? [target.instructions] : [];
    for (const row of rows) {
      if (method.length === 0 && isIngredientLine(row)) target.lines.push(...readLines([row]));
      else if (/^garnish\b/i.test(row) && !target.garnish)
        target.garnish = row.replace(/^garnish\s*(?:with)?\s*:?\s*/i, '');
      else method.push(row);
    }
    target.instructions = method.join('\n');
    if (!continues) recipes.push(target);
  }
  return recipes;
}

/** A Markdown heading: its level and text. */
const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
/** A heading or label naming a part of a recipe rather than a recipe ('### Ingredients', 'Method:'). */
const SECTION =
  /^(?:(ingredients?|what you need|you will need)|(method|instructions?|directions?|preparation|steps|how to make( it)?)|(garnish(?:es)?)|(glass(?:ware)?)|(notes?|variations?|tips?|history|story))\s*:?$/i;
/** A list item's marker ('- ', '* ', '• ', '1. '). */
const BULLET = /^(?:[-*+•]|\d+[.)])\s+/;
/** Markdown's emphasis marks taken off a text. */
const plain = (line: string) => line.replace(/\*\*|__|`/g, '').trim();

/** The section a heading or label names, or null when it names none. */
function sectionOf(label: string): 'ingredients' | 'method' | 'garnish' | 'glass' | 'notes' | null {
  const match = SECTION.exec(plain(label));
  if (!match) return null;
  return match[1] ? 'ingredients' : match[2] ? 'method' : match[4] ? 'garnish' : match[5] ? 'glass' : 'notes';
}

/** True when `source` is a Markdown document of recipes: at least two headings that name no section. */
export function isMarkdown(source: string): boolean {
  let headings = 0;
  for (const line of source.split('\n')) {
    const match = HEADING.exec(line.trim());
    if (match && sectionOf(match[2]!) === null) headings += 1;
  }
  return headings >= 2;
}

/**
 * A Markdown recipe book: a recipe under each heading of the level recipes are at (the first level headed twice;
 * a book's title above them is not a recipe), its list items its ingredients until the method begins, 'Ingredients'
 * and 'Method' headings or labels parting them, 'Glass:' and 'Garnish:' labels its fields.
 */
export function readMarkdown(source: string): ImportedRecipe[] {
  const rows = source.replace(/\r\n?/g, '\n').split('\n');
  const counts = new Map<number, number>();
  for (const row of rows) {
    const match = HEADING.exec(row.trim());
    if (match && sectionOf(match[2]!) === null) counts.set(match[1]!.length, (counts.get(match[1]!.length) ?? 0) + 1);
  }
  const level = [...counts].sort((a, b) => a[0] - b[0]).find(([, count]) => count >= 2)?.[0] ?? 1;
  const recipes: ImportedRecipe[] = [];
  let current: ImportedRecipe | null = null;
  let section: ReturnType<typeof sectionOf> = null;
  const method: string[][] = [];
  for (const raw of rows) {
    const row = raw.trim();
    if (!row) continue;
    const heading = HEADING.exec(row);
    if (heading) {
      const depth = heading[1]!.length;
      const named = sectionOf(heading[2]!);
      if (named === null && depth === level) {
        current = recipeOf(plain(heading[2]!).replace(/:$/, ''), []);
        recipes.push(current);
        method.push([]);
        section = null;
      } else if (named === null && depth < level) current = null;
      else section = named;
      continue;
    }
    if (!current) continue;
    const steps = method.at(-1)!;
    const bullet = /^[-*+•]\s/.test(row);
    const line = plain(row.replace(BULLET, ''));
    const label = /^([^:]{2,24}):\s*(.*)$/.exec(line);
    const labelled = label ? sectionOf(label[1]!) : null;
    if (label && labelled) {
      section = labelled;
      const value = label[2]!.trim();
      if (!value) continue;
      if (labelled === 'glass') current.glass ||= value;
      else if (labelled === 'garnish') current.garnish ||= value.replace(/^with\s+/i, '');
      else if (labelled === 'method') steps.push(value);
      else if (labelled === 'ingredients') current.lines.push(...readLines(cellLines(value)));
      continue;
    }
    // A paragraph after the list of an 'Ingredients' part is the method, when it reads as none.
    if (section === 'ingredients' && !bullet && current.lines.length > 0 && !isIngredientLine(line)) section = 'method';
    if (section === 'glass') current.glass ||= line;
    else if (section === 'garnish') current.garnish ||= line;
    else if (section === 'notes') continue;
    else if (
      section === 'ingredients' ||
      (section === null && steps.length === 0 && (bullet || isIngredientLine(line)))
    ) {
      if (/^garnish\b/i.test(line) && !current.garnish)
        current.garnish = line.replace(/^garnish\s*(?:with)?\s*:?\s*/i, '');
      else current.lines.push(...readLines([line]));
    } else steps.push(line);
  }
  recipes.forEach((recipe, index) => (recipe.instructions = method[index]!.join('\n')));
  return recipes;
}
