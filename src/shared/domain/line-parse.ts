import { parseIngredient, unitsOfMeasure, type UnitOfMeasure, type UnitOfMeasureDefinitions } from 'parse-ingredient';
import { PRODUCE_YIELDS } from './produce';
import { isLiquidUnit, LIQUID_UNIT_ML, SUGAR_TSP_G, type Unit } from './units';

/**
 * Ingredient lines written as people write them ('1 1/2 oz gin', '2-3 dashes Angostura', 'Top with soda', 'Juice of half
 * a lime') read into a recipe line: amount, optional upper bound, one of our units (units.ts), the ingredient's text (to
 * resolve against the catalogue: ingredient-resolve.ts), a note, and flags. Numbers, fractions, ranges and the common
 * kitchen units are read by parse-ingredient (with numeric-quantity); this file adds the bar's units and phrases and
 * maps everything onto our unit table. See docs/domain.md "Reading ingredient lines".
 */

/** One line read from free text. Amounts are in `unit` (ml for every metric or kitchen volume, oz for US bar measures). */
export interface ParsedLine {
  /** The line as given, trimmed. */
  source: string;
  amount: number | null;
  /** Upper bound of a range ('2-3 dashes'), or null. */
  amountMax: number | null;
  unit: Unit;
  /** The ingredient as written, without amount, unit, note or flags ('Angostura bitters'); '' when the line names none. */
  ingredient: string;
  /** Other ingredients the line allows ('1 oz rye or bourbon' -> ['bourbon']). */
  alternatives: string[];
  /** What the line says besides the ingredient ('fresh', 'chilled', 'juice of half a lime'), or null. */
  note: string | null;
  optional: boolean;
  /** True when the line is a garnish ('Orange twist, for garnish'). */
  garnish: boolean;
  /** What was read with a convention the user may want to check ('1 part read as 1 oz'). */
  warnings: string[];
}

/** parse-ingredient's definition of a unit, with more ways of writing it. */
function withAlternates(id: string, short: string, alternates: string[]): UnitOfMeasure {
  const own = unitsOfMeasure[id];
  return { ...own, short, plural: own?.plural ?? `${id}s`, alternates: [...(own?.alternates ?? []), ...alternates] };
}

/** Bar measures and count words parse-ingredient does not know, in its unit-definition format. */
const BAR_UOMS: UnitOfMeasureDefinitions = {
  centiliter: { short: 'cl', plural: 'centiliters', alternates: ['cl.', 'centilitre', 'centilitres', 'cls'] },
  barspoon: {
    short: 'barspoon',
    plural: 'barspoons',
    alternates: ['bsp', 'bsp.', 'bar spoon', 'bar spoons', 'bar-spoon', 'bar-spoons'],
  },
  // The spoons written in two words ('1 Table Spoon Absinthe', '2 Tea Spoons sugar'), added to parse-ingredient's own.
  tablespoon: withAlternates('tablespoon', 'tbsp', ['table spoon', 'table spoons', 'table-spoon', 'table-spoons']),
  teaspoon: withAlternates('teaspoon', 'tsp', ['tea spoon', 'tea spoons', 'tea-spoon', 'tea-spoons']),
  part: { short: 'part', plural: 'parts', alternates: [] },
  shot: { short: 'shot', plural: 'shots', alternates: [] },
  jigger: { short: 'jigger', plural: 'jiggers', alternates: [] },
  splash: { short: 'splash', plural: 'splashes', alternates: [] },
  wedge: { short: 'wedge', plural: 'wedges', alternates: [] },
  slice: { short: 'slice', plural: 'slices', alternates: ['wheel', 'wheels'] },
  leaf: { short: 'leaf', plural: 'leaves', alternates: [] },
  cube: { short: 'cube', plural: 'cubes', alternates: [] },
  peel: { short: 'peel', plural: 'peels', alternates: ['twist', 'twists', 'strip', 'strips', 'zest'] },
  scoop: { short: 'scoop', plural: 'scoops', alternates: [] },
  whole: { short: 'whole', plural: 'whole', alternates: [] },
  rinse: { short: 'rinse', plural: 'rinses', alternates: [] },
};

/** Words parse-ingredient would read as a unit that a bar line means as part of the name ('1 large egg white'). */
const NOT_UNITS = ['large', 'medium', 'small', 'head', 'ear', 'container', 'carton', 'package', 'pack', 'box', 'bag'];

/** US measures, ml. Source: US customary units (cup = 8 US fl oz, pint = 16, quart = 32, gallon = 128; 29.5735 ml/oz). */
const KITCHEN_ML: Record<string, number> = {
  liter: 1000,
  deciliter: 100,
  cup: 236.5882,
  pint: 473.1765,
  quart: 946.3529,
  gallon: 3785.4118,
};

/** parse-ingredient's unit ids that are ours already (or have the same meaning under another name). */
const SAME_UNIT: Record<string, Unit> = {
  milliliter: 'ml',
  centiliter: 'cl',
  ounce: 'oz',
  'fluid ounce': 'oz',
  teaspoon: 'tsp',
  tablespoon: 'tbsp',
  barspoon: 'barspoon',
  dash: 'dash',
  drop: 'drop',
  pinch: 'pinch',
  splash: 'splash',
  wedge: 'wedge',
  slice: 'slice',
  leaf: 'leaf',
  cube: 'cube',
  peel: 'peel',
  scoop: 'scoop',
  whole: 'whole',
  sprig: 'sprig',
  piece: 'piece',
  rinse: 'rinse',
};

/**
 * Measures counted in oz: a part (a share of the recipe, read as 1 oz), a shot and a jigger (1½ oz, the US jigger's large
 * side). Source of 1½ oz: the standard US jigger (1 oz / 1½ oz).
 */
const OZ_MEASURES: Record<string, { oz: number; warning: string }> = {
  part: { oz: 1, warning: 'Parts were read as 1 oz each.' },
  shot: { oz: 1.5, warning: 'A shot was read as 1½ oz.' },
  jigger: { oz: 1.5, warning: 'A jigger was read as 1½ oz.' },
};

/** Count words at the end of a name that give its unit ('2 lime wedges', '6 mint leaves', '1 sugar cube'). */
const TRAILING_COUNT_WORDS: [RegExp, Unit][] = [
  [/\bwedges?$/i, 'wedge'],
  [/\b(?:slices?|wheels?)$/i, 'slice'],
  [/\b(?:leaf|leaves)$/i, 'leaf'],
  [/\bsprigs?$/i, 'sprig'],
  [/\bcubes?$/i, 'cube'],
  [/\b(?:peels?|twists?|zests?)$/i, 'peel'],
  [/\bscoops?$/i, 'scoop'],
];

/** Words for a number of fruit in 'juice of half a lime'. */
const FRUIT_COUNTS: Record<string, number> = {
  half: 0.5,
  'a half': 0.5,
  '½': 0.5,
  '1/2': 0.5,
  quarter: 0.25,
  'a quarter': 0.25,
  '¼': 0.25,
  '1/4': 0.25,
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
};

const JUICE_OF = new RegExp(
  `^(?:the\\s+)?(?:fresh\\s+)?juice\\s+(?:of|from)\\s+(${Object.keys(FRUIT_COUNTS)
    .map((word) => word.replace('/', '\\/'))
    .join(
      '|',
    )}|\\d+(?:\\.\\d+)?)\\s+(?:an?\\s+)?(${PRODUCE_YIELDS.map((entry) => entry.fruit[0]).join('|')})(?:e?s)?\\b\\s*(.*)$`,
  'i',
);
/**
 * A top-up written after its count or volume, as Bar Assistant's data and the IBA list write them ('1 topup Tonic',
 * '1 top up Cola', '120 top up Soda water'): a count of 1 or less is one top-up (its volume left to the glass), a larger
 * number is the top-up's volume in ml (Bar Assistant stores amounts in ml).
 */
const COUNTED_TOP = /^(\d+(?:[.,]\d+)?)\s*(?:top\s*(?:up|off)?|fill\s*up)(?:\s+(?:with|of))?\s+(.+)$/i;
const TOP_WITH = /^(?:top(?:\s*(?:up|off))?|fill(?:\s*up)?)(?:\s+(?:with|of))?\s+(.+)$/i;
const TO_TOP = /^(.+?)\s*,?\s*(?:to\s+top(?:\s+up)?|to\s+fill|top(?:\s+up)?)$/i;
const RINSE_WITH = /^(?:an?\s+)?rinse(?:\s+(?:the\s+glass\s+)?(?:with|of))?\s+(.+)$/i;
const RINSE_AFTER = /^(?:an?\s+)?(.+?)\s+(?:rinse|wash)$/i;
const GARNISH = /(?:^garnish(?:\s+with)?\s*[:-]?\s*)|(?:,?\s*\(?\s*(?:for|to|as(?:\s+a)?)\s+garnish\s*\)?$)/i;
const OPTIONAL = /(?:\(\s*optional\s*\))|(?:,?\s*\boptional\b\s*$)|(?:^optional\s*[:-]?\s*)/i;
/** 'to taste' at the end of a line, bare or in its own parentheses ('Pepper (Up to taste)'), taking its parentheses with it. */
const TO_TASTE = /,?\s*(?:\(\s*(?:up\s+)?(?:to\s+taste|as\s+needed)\s*\)|\(?\s*(?:up\s+)?(?:to\s+taste|as\s+needed))$/i;
const LEADING_ARTICLE =
  /^(?:an?|one)\s+(?=(?:dash|splash|pinch|drop|barspoon|bar spoon|sprig|slice|wedge|twist|shot)\b)/i;
const EUROPEAN_DECIMAL = /^\d+,\d+(?:\s|[a-z])/i;

function emptyLine(source: string): ParsedLine {
  return {
    source,
    amount: null,
    amountMax: null,
    unit: 'piece',
    ingredient: '',
    alternatives: [],
    note: null,
    optional: false,
    garnish: false,
    warnings: [],
  };
}

/** Rounds a converted amount to 2 decimals (a tenth of a ml is below any bar measure). */
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A preparation word after a name, and what follows it ('cut into small wedges', 'sliced thin'). */
const PREPARATION =
  /\s+((?:cut|sliced|chopped|torn|halved|quartered|cubed|peeled|diced|muddled)(?:\s+(?:in|into)\b.*|\s+(?:thin|thinly|finely|fine|small|lengthwise))?)$/i;
/** A fruit whose measured volume is its juice ('3/4 oz fresh lime' is lime juice). */
const FRUIT_AS_JUICE =
  /^(?:fresh(?:ly)?(?:\s+squeezed)?\s+|squeezed\s+)?(lime|lemon|orange|grapefruit|blood orange)s?$/i;

/** Splits notes off a name: '(fresh)' and ', chilled' go to the note; ' or bourbon' to the alternatives. */
function splitName(text: string): { ingredient: string; notes: string[]; alternatives: string[] } {
  const notes: string[] = [];
  let rest = text.replace(/\(([^)]*)\)/g, (_, inner: string) => {
    if (inner.trim()) notes.push(inner.trim());
    return ' ';
  });
  const comma = rest.indexOf(',');
  if (comma >= 0) {
    const after = rest.slice(comma + 1).trim();
    if (after) notes.push(after);
    rest = rest.slice(0, comma);
  }
  // A preparation written after the name with no comma ('Lime cut into wedges') is a note too.
  const preparation = PREPARATION.exec(rest);
  if (preparation) {
    notes.push(preparation[1]!.trim());
    rest = rest.slice(0, preparation.index);
  }
  const [first = '', ...others] = rest.split(/\s+(?:and\/or|or)\s+|\s*\/\s*(?=\p{L})/iu);
  return {
    ingredient: first.replace(/\s+/g, ' ').trim(),
    notes,
    alternatives: others.map((o) => o.replace(/\s+/g, ' ').trim()).filter(Boolean),
  };
}

/**
 * Reads one ingredient line. Returns null for a line that is not an ingredient: empty, or a group header ('For the
 * syrup:'). Never throws: what it cannot read stays in `ingredient` as written, with a warning.
 * - Amounts: whole, decimal (also '1,5 cl'), mixed and vulgar fractions ('1 1/2', '1½', '¾'), ranges ('2-3', '2 to 3').
 * - Units: ml, cl, oz / fl oz, tsp, tbsp (also 'tea spoon', 'table spoon'), barspoon, dash, drop, pinch, splash and
 *   the count words of units.ts; litres, cups, pints, quarts and gallons in ml; a part read as 1 oz, a shot and a jigger
 *   as 1½ oz (with a warning); grams of sugar in teaspoons (4 g each, units.ts); other grams kept in the note.
 * - Phrases: 'top (up) with X' / 'X to top' (unit top), 'X rinse' / 'rinse with X' (unit rinse), 'juice of half a lime'
 *   (ml of lime juice from produce.ts's yields), 'to taste', '(optional)' (also among a parenthesis' words: '(Whipped,
 *   optional)'), ', for garnish', 'a dash of'; a preparation after the name ('Lime cut into wedges') is a note; a
 *   measured volume of a citrus fruit ('3/4 oz fresh lime') is its juice.
 * - A count with no unit takes one from the name's last word ('2 lime wedges' -> wedge), else 'piece'; an egg white,
 *   yolk or whole egg takes its egg unit.
 */
export function parseLine(text: string): ParsedLine | null {
  const source = text.replace(/\s+/g, ' ').trim();
  if (!source || /^[-*•\s]*$/.test(source)) return null;
  const line = emptyLine(source);
  // List markers people paste with their lines ('- 1 oz gin', '• 2 dashes').
  let work = source.replace(/^(?:[-*•·]|\d+[.)](?=\s))\s*/, '');
  if (/:\s*$/.test(work) && !/\d/.test(work)) return null;

  // 'optional' among other words of a parenthesis ('(Whipped, optional)'): the line is optional, the rest a note.
  work = work.replace(/\(([^)]*)\)/g, (all, inner: string) => {
    if (!/\boptional\b/i.test(inner) || /^\s*optional\s*$/i.test(inner)) return all;
    line.optional = true;
    const rest = inner
      .replace(/\s*[,;]?\s*\boptional(?:ly)?\b\s*[,;]?\s*/i, ' ')
      .trim()
      .replace(/^[,;]\s*|\s*[,;]$/g, '');
    return rest ? `(${rest})` : ' ';
  });
  if (OPTIONAL.test(work)) {
    line.optional = true;
    work = work.replace(OPTIONAL, ' ').trim();
  }
  if (GARNISH.test(work)) {
    line.garnish = true;
    work = work.replace(GARNISH, '').trim();
  }
  if (TO_TASTE.test(work)) {
    line.note = 'to taste';
    work = work.replace(TO_TASTE, '').trim();
  }

  const juice = JUICE_OF.exec(work);
  if (juice) {
    const [, countText = '', fruitText = '', after = ''] = juice;
    const count = FRUIT_COUNTS[countText.toLowerCase()] ?? Number(countText);
    const entry = PRODUCE_YIELDS.find((e) => e.fruit[0] === fruitText.toLowerCase());
    if (entry && Number.isFinite(count)) {
      line.amount = round2(count * entry.mlPerFruit);
      line.unit = 'ml';
      line.ingredient = `${entry.fruit[0]} juice`;
      line.note = [work.slice(0, work.length - after.length).trim(), after.trim()].filter(Boolean).join(', ');
      line.warnings.push(`The juice of one ${entry.fruit[0]} was read as ${entry.mlPerFruit} ml.`);
      return line;
    }
  }

  const counted = COUNTED_TOP.exec(work);
  if (counted) {
    const [, count = '', rest = ''] = counted;
    work = Number(count.replace(',', '.')) > 1 ? `top with ${count} ml ${rest}` : `top with ${rest}`;
  }
  let forcedUnit: Unit | null = null;
  const top = TOP_WITH.exec(work) ?? TO_TOP.exec(work);
  if (top) {
    forcedUnit = 'top';
    work = (top[1] ?? '').trim();
  } else {
    const rinse = RINSE_WITH.exec(work) ?? RINSE_AFTER.exec(work);
    if (rinse) {
      forcedUnit = 'rinse';
      work = (rinse[1] ?? '').trim();
    }
  }

  work = work.replace(LEADING_ARTICLE, '1 ');
  const [parsed] = parseIngredient(work, {
    additionalUOMs: BAR_UOMS,
    ignoreUOMs: NOT_UNITS,
    decimalSeparator: EUROPEAN_DECIMAL.test(work) ? ',' : '.',
    leadingQuantityPrefixes: ['approximately', 'approx.', 'approx', 'about', 'roughly', 'around', 'ca.'],
    groupHeaderPatterns: [],
    round: 4,
  });
  if (!parsed) return null;
  if (parsed.isGroupHeader) return null;

  let amount = parsed.quantity;
  let amountMax = parsed.quantity2;
  const unitId = parsed.unitOfMeasureID;
  const { ingredient, notes, alternatives } = splitName(parsed.description.replace(/^of\s+/i, ''));
  line.ingredient = ingredient;
  line.alternatives = alternatives;
  const extraNotes = [...notes];

  let unit: Unit | null = forcedUnit;
  if (unit === 'top' && unitId !== null && amount !== null) {
    // A top-up's amount is its expected volume in ml (units.ts TOP_UNITS).
    const stated = SAME_UNIT[unitId];
    const ml = stated && isLiquidUnit(stated) ? LIQUID_UNIT_ML[stated] : KITCHEN_ML[unitId];
    if (ml !== undefined) {
      amount = round2(amount * ml);
      amountMax = amountMax === null ? null : round2(amountMax * ml);
    }
  }
  if (unit === null && unitId !== null) {
    if (SAME_UNIT[unitId]) unit = SAME_UNIT[unitId];
    else if (KITCHEN_ML[unitId] !== undefined) {
      const ml = KITCHEN_ML[unitId];
      unit = 'ml';
      amount = amount === null ? null : round2(amount * ml);
      amountMax = amountMax === null ? null : round2(amountMax * ml);
    } else if (OZ_MEASURES[unitId]) {
      const { oz, warning } = OZ_MEASURES[unitId];
      unit = 'oz';
      amount = amount === null ? null : amount * oz;
      amountMax = amountMax === null ? null : amountMax * oz;
      line.warnings.push(warning);
    } else if (unitId === 'gram' && /sugar/i.test(ingredient)) {
      unit = 'tsp';
      amount = amount === null ? null : round2(amount / SUGAR_TSP_G);
      amountMax = amountMax === null ? null : round2(amountMax / SUGAR_TSP_G);
      line.warnings.push(`Grams of sugar were read as teaspoons (${SUGAR_TSP_G} g each).`);
    } else {
      // A unit we have no measure for (grams, pounds, inches): keep what was written in the note.
      extraNotes.unshift(
        `${parsed.quantity ?? ''}${parsed.quantity2 !== null ? `-${parsed.quantity2}` : ''} ${parsed.unitOfMeasure ?? unitId}`.trim(),
      );
      line.warnings.push(`'${parsed.unitOfMeasure ?? unitId}' is not a bar measure: it was kept in the note.`);
      amount = null;
      amountMax = null;
      unit = 'piece';
    }
  }
  if (unit === 'rinse' && amount === null) amount = 1;
  if (unit === 'whole' && /^eggs?$/i.test(ingredient)) unit = 'egg';
  if (unit === null || ((unit === 'piece' || unit === 'whole') && unitId === null)) {
    const egg = /\begg\s*whites?$|^whites?$/i.test(ingredient)
      ? 'white'
      : /\b(?:egg\s*)?yolks?$/i.test(ingredient)
        ? 'yolk'
        : /^(?:whole\s+)?eggs?$/i.test(ingredient)
          ? 'egg'
          : null;
    const trailing = TRAILING_COUNT_WORDS.find(([pattern]) => pattern.test(ingredient));
    unit = egg ?? trailing?.[1] ?? 'piece';
    if (amount !== null && unit === 'piece' && !egg && !trailing) {
      line.warnings.push('No unit: the amount was read as a count.');
    }
  }
  const fruit = FRUIT_AS_JUICE.exec(line.ingredient);
  if (fruit && isLiquidUnit(unit)) line.ingredient = `${fruit[1]!.toLowerCase()} juice`;
  line.amount = amount;
  line.amountMax = amountMax !== null && amount !== null && amountMax > amount ? amountMax : null;
  line.unit = unit;
  if (extraNotes.length) line.note = [line.note, ...extraNotes].filter(Boolean).join(', ');
  if (!line.ingredient) line.warnings.push('The line names no ingredient.');
  return line;
}

/**
 * Reads a block of lines (one ingredient a line, as pasted), skipping empty lines and group headers. The result keeps
 * the order of the text.
 */
export function parseLines(text: string): ParsedLine[] {
  return text
    .split(/\r?\n/)
    .map(parseLine)
    .filter((line): line is ParsedLine => line !== null);
}
