import type { Technique } from './abv';
import { GLASSWARE } from './vocabulary';

/**
 * A recipe's free-text fields from another app or site mapped onto the catalogue's vocabularies: the glass ('double old
 * fashioned' -> Double rocks), the technique (a method field, or the verbs of the instructions: 'shake hard' -> Shake).
 * Used when a recipe is imported (docs/recipes.md "Import").
 */

type Glassware = (typeof GLASSWARE)[number];

/** Words naming each glass, the more specific first ('double old fashioned' before 'old fashioned'). */
const GLASS_WORDS: [RegExp, Glassware][] = [
  [/\bnick\s*(?:&|and|\+)\s*nora\b/, 'Nick & Nora'],
  [/\bdouble\s+(?:rocks|old[\s-]*fashioned|lowball)\b|\bdof\b/, 'Double rocks'],
  [/\bcoupe?(?:tte)?\b|\bchampagne\s+saucer\b/, 'Coupe'],
  [/\bmartini\b|\bcocktail\s+glass\b/, 'Martini'],
  [/\bpoco\s+grande\b/, 'Poco grande'],
  [/\bhurricane\b/, 'Hurricane'],
  [/\btiki\b/, 'Tiki mug'],
  [/\bjulep\b/, 'Julep cup'],
  [/\bcopper\b|\bmule\s+mug\b/, 'Copper mug'],
  [/\birish\s+coffee\b|\bcoffee\s+(?:mug|glass)\b|\bmug\b/, 'Irish coffee mug'],
  [/\bsnifter\b|\bbrandy\s+(?:glass|balloon)\b/, 'Snifter'],
  [/\bfizz\b|\bdelmonico\b|\bjuice\s+glass\b/, 'Fizz'],
  [/\bflute\b|\bchampagne\b/, 'Flute'],
  [/\bcollins\b|\bzombie\b/, 'Collins'],
  [/\bhighball\b/, 'Highball'],
  [/\brocks\b|\bold[\s-]*fashioned\s+glass\b|\blowball\b|\btumbler\b/, 'Rocks'],
  [/\bwine\b|\bballoon\b|\bcopa\b|\bgoblet\b/, 'Wine'],
];

/** Words just before a glass that say the drink goes into it ('strain into a chilled coupe', 'serve in a highball'). */
const INTO = /(?:into|in|over ice in|serve in)\s+(?:an?\s+|the\s+)?(?:(?:chilled|frozen|large|tall|small|cold)\s+)*$/;

/**
 * The catalogue's glass for a glass named in `glass`, or, when that names none, for the glass the instructions pour into
 * ('strain into a chilled coupe'; a glass named after 'into' or 'in a' wins over one named in passing, such as the wine
 * of 'Prosecco wine'); null when neither names one.
 */
export function glasswareFrom(glass: string, instructions = ''): Glassware | null {
  const named = glass.toLowerCase();
  const direct = GLASS_WORDS.find(([pattern]) => pattern.test(named));
  if (direct) return direct[1];
  const key = instructions.toLowerCase();
  const hits = GLASS_WORDS.flatMap(([pattern, name]) => {
    const at = key.search(pattern);
    return at < 0 ? [] : [{ name, at, poured: INTO.test(key.slice(Math.max(0, at - 30), at)) }];
  });
  hits.sort((a, b) => Number(b.poured) - Number(a.poured) || a.at - b.at);
  return hits[0]?.name ?? null;
}

/**
 * Verbs of each technique in a method or instructions, checked in this order: a blended or shaken drink is that; a
 * muddled one is muddled whatever follows; 'build' said outright wins over the gentle stir of a built drink.
 */
const TECHNIQUE_WORDS: [RegExp, Technique][] = [
  [/\bblend(?:ed|er|ing)?\b|\bfrozen\b/, 'Blend'],
  [/\bshak(?:e|en|ing)\b|\bdry[\s-]shake\b|\bwhip\b/, 'Shake'],
  [/\bmuddl(?:e|ed|ing)\b|\bswizzl(?:e|ed)\b/, 'Muddle'],
  [/\bbuild\b|\bbuilt\b/, 'Build'],
  [/\bstir(?:red|ring)?\b|\bmixing\s+glass\b/, 'Stir'],
  [/\blayer(?:ed)?\b|\bfloat\b/, 'Layer'],
  [/\bpour\b|\btop\b|\bfill\b/, 'Build'],
];

/**
 * The technique of a recipe: its method field when that names one ('Shake', 'stirred'), else the first verb found in
 * the instructions in {@link TECHNIQUE_WORDS}' order (a drink shaken and then topped is shaken), else Build.
 */
export function techniqueFrom(method: string, instructions = ''): Technique {
  for (const source of [method, instructions]) {
    const key = source.toLowerCase();
    const hit = TECHNIQUE_WORDS.find(([pattern]) => pattern.test(key));
    if (hit) return hit[1];
  }
  return 'Build';
}
