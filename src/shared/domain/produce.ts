/**
 * Fresh produce and what a bar makes from it: a lime is pressed for lime juice, so a bar with limes has lime juice. The one
 * table My Bar's matching, the batch calculator and the party planner read (docs/domain.md "Fresh produce").
 */

/** One kind of fruit pressed for a juice the catalogue names. */
export interface ProduceYield {
  /** Slug of the fruit as the catalogue lists it (Fruit & produce): 'lime'. */
  produce: string;
  /** Slug of the juice it gives: 'lime-juice'. */
  yields: string;
  /** The fruit's name, one and many ('lime', 'limes'): what a shopping list buys and a card says ('juice your limes'). */
  fruit: readonly [string, string];
  /**
   * Juice one fruit gives by hand press, ml: trade planning estimates (a lime about 1 fl oz, a lemon about 1½ fl oz, an
   * orange about 2½–3 fl oz, a grapefruit about 6 fl oz), on the low side so a party never runs short.
   */
  mlPerFruit: number;
}

/** Every fruit the catalogue's juices are pressed from. Blood orange and pink grapefruit juice need their own fruit. */
export const PRODUCE_YIELDS: readonly ProduceYield[] = [
  { produce: 'lime', yields: 'lime-juice', fruit: ['lime', 'limes'], mlPerFruit: 30 },
  { produce: 'lemon', yields: 'lemon-juice', fruit: ['lemon', 'lemons'], mlPerFruit: 45 },
  { produce: 'orange', yields: 'orange-juice', fruit: ['orange', 'oranges'], mlPerFruit: 80 },
  { produce: 'grapefruit', yields: 'grapefruit-juice', fruit: ['grapefruit', 'grapefruits'], mlPerFruit: 180 },
];

/**
 * Fruit whose juice a bar buys rather than presses: it takes a juicer and far more fruit than a drink's worth (a pineapple
 * or a bag of apples for one glass), so holding the fruit does not cover its juice.
 */
export const FRUIT_JUICED_BY_MACHINE: readonly string[] = ['pineapple', 'apple'];

const BY_JUICE_SLUG = new Map(PRODUCE_YIELDS.map((entry) => [entry.yields, entry]));
const BY_PRODUCE_SLUG = new Map(PRODUCE_YIELDS.map((entry) => [entry.produce, entry]));
const BY_JUICE_NAME = new Map(PRODUCE_YIELDS.map((entry) => [`${entry.fruit[0]} juice`, entry]));

/** The fruit a juice is pressed from, by the juice's slug ('lime-juice' -> lime), or null. */
export function yieldForJuice(slug: string): ProduceYield | null {
  return BY_JUICE_SLUG.get(slug) ?? null;
}

/** What a fruit is pressed for, by the fruit's slug ('lime' -> lime juice), or null. */
export function yieldOfProduce(slug: string): ProduceYield | null {
  return BY_PRODUCE_SLUG.get(slug) ?? null;
}

/**
 * The fruit a juice line is pressed from, by the line's text ('Lime juice', 'fresh lemon juice'), for lines that carry a
 * name but no catalogue slug (the batch calculator's free text); null for anything else.
 */
export function yieldForJuiceName(name: string): ProduceYield | null {
  const key = name
    .trim()
    .toLowerCase()
    .replace(/^(fresh(ly squeezed)?|squeezed)\s+/, '');
  return BY_JUICE_NAME.get(key) ?? null;
}

/**
 * How many fruits give `ml` of juice, whole fruits, and what is left over, ml.
 * @param ml juice needed, ml (0 or more)
 */
export function fruitsFor(ml: number, entry: ProduceYield): { count: number; leftoverMl: number } {
  const count = ml <= 0 ? 0 : Math.ceil(ml / entry.mlPerFruit - 1e-9);
  return { count, leftoverMl: count * entry.mlPerFruit - Math.max(0, ml) };
}

/** What a card says of a juice the bar presses from its own fruit, by the fruit's name: 'Lime' -> 'juice your limes'. */
export function pressHint(fruitName: string): string {
  const key = fruitName.trim().toLowerCase();
  const entry = PRODUCE_YIELDS.find((candidate) => candidate.fruit[0] === key);
  return `juice your ${entry ? entry.fruit[1] : key}`;
}
