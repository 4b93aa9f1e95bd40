/**
 * Derives the decorative look of a cocktail's generated illustration (glass tint, foam, bubbles, garnish) from its data:
 * ingredient names first (Campari reads red, coffee liqueur dark), then flavour profile, then base spirit.
 * Pure and deterministic: the same cocktail always looks the same.
 */

/** The garnish drawn on the glass. */
export type GarnishKind = 'wheel' | 'twist' | 'cherry' | 'olive' | 'mint' | 'none';

/** Colours and features of one illustration. Colours are CSS hex strings. */
export interface VisualTheme {
  /** Liquid colour at the surface. */
  liquid: string;
  /** Liquid colour at the bottom of the glass. */
  liquidDeep: string;
  /** A foam or cream layer on top (egg white, cream). */
  foam: boolean;
  /** Rising bubbles (soda, tonic, sparkling wine, ginger beer). */
  bubbles: boolean;
  garnish: { kind: GarnishKind; color: string };
}

/** What the theme needs: a cocktail summary or detail has all of it. */
export interface VisualInput {
  base_spirit: string;
  garnish?: string | null;
  flavor_profile?: readonly string[];
  ingredients?: readonly { ingredient: string }[];
}

/** Ingredient keywords that dominate a drink's colour, in priority order. */
const INGREDIENT_TINTS: readonly [RegExp, string][] = [
  [/espresso|coffee|kahl|cola/, '#4a2a18'],
  [/blue cura/, '#2f8fd8'],
  [/violet/, '#cdc6ea'],
  [/campari|bitter aperitivo/, '#c8262d'],
  [/aperol/, '#f0642a'],
  [/cranberry|grenadine|raspberry|strawberry|pomegranate|hibiscus|cherry liqueur|sloe/, '#d9485f'],
  [/tomato/, '#b5321e'],
  [/cream|baileys|coconut cream|milk/, '#d9c2a0'],
  [/midori|green chartreuse|matcha|cucumber/, '#8fbf5a'],
  [/sweet vermouth|red vermouth|port|ruby/, '#8e3322'],
  [/pineapple|orange juice|passion|mango|peach/, '#f2b23c'],
  [/ginger beer|ginger ale/, '#e9cf8a'],
  [/mint/, '#d9e6c2'],
];

/** Colour of each base spirit's typical drink. */
const SPIRIT_TINTS: Record<string, string> = {
  Gin: '#dfe6d2',
  Vodka: '#e2e8ea',
  Whiskey: '#c87a2a',
  Rum: '#c98a3a',
  Tequila: '#e8d48a',
  Mezcal: '#d9c083',
  Brandy: '#a8592a',
  Pisco: '#eee6c4',
  Cachaça: '#e4e8bf',
  Wine: '#8e1f33',
  Liqueur: '#d8903e',
  Amaro: '#6e2418',
  Absinthe: '#9cc36b',
};

const FRUIT_COLOURS: readonly [RegExp, string][] = [
  [/lime/, '#8cc152'],
  [/grapefruit/, '#f07a5a'],
  [/orange|blood orange/, '#f39a2b'],
  [/lemon/, '#f2d64b'],
  [/cucumber/, '#a9d18e'],
  [/pineapple/, '#f5c542'],
];

function mix(hex: string, target: string, amount: number): string {
  const parse = (value: string) => [1, 3, 5].map((i) => Number.parseInt(value.slice(i, i + 2), 16));
  const [a, b] = [parse(hex), parse(target)];
  const out = a.map((channel, i) => Math.round(channel + ((b[i] ?? 0) - channel) * amount));
  return `#${out.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function garnishOf(garnish: string): VisualTheme['garnish'] {
  const text = garnish.toLowerCase();
  const fruit = FRUIT_COLOURS.find(([pattern]) => pattern.test(text))?.[1] ?? '#f2d64b';
  if (/cherr/.test(text)) return { kind: 'cherry', color: '#a3162b' };
  if (/olive/.test(text)) return { kind: 'olive', color: '#7d8c3a' };
  if (/mint|basil|sage|rosemary|thyme/.test(text)) return { kind: 'mint', color: '#4f9a4a' };
  if (/twist|peel|zest|swath/.test(text)) return { kind: 'twist', color: fruit };
  if (/wheel|wedge|slice|cucumber|pineapple/.test(text)) return { kind: 'wheel', color: fruit };
  return { kind: 'none', color: fruit };
}

/**
 * The illustration theme of a cocktail.
 * @param input base spirit, garnish text, flavour profile and ingredient names (any may be missing)
 */
export function visualThemeOf(input: VisualInput): VisualTheme {
  const names = (input.ingredients ?? []).map((line) => line.ingredient.toLowerCase()).join(' | ');
  const flavours = (input.flavor_profile ?? []).map((flavour) => flavour.toLowerCase());
  let liquid = INGREDIENT_TINTS.find(([pattern]) => pattern.test(names))?.[1];
  if (!liquid && flavours.includes('coffee')) liquid = '#4a2a18';
  if (!liquid && flavours.includes('creamy')) liquid = '#d9c2a0';
  if (!liquid && flavours.includes('tropical')) liquid = '#f2b23c';
  if (
    !liquid &&
    /lime juice|lemon juice/.test(names) &&
    ['Gin', 'Vodka', 'Rum', 'Tequila', 'Pisco', 'Cachaça'].includes(input.base_spirit)
  ) {
    liquid = '#e9e4a8';
  }
  liquid ??= SPIRIT_TINTS[input.base_spirit] ?? '#d8a35a';
  return {
    liquid,
    liquidDeep: mix(liquid, '#1a0d06', 0.35),
    foam: /egg white|aquafaba|cream|foam/.test(names),
    bubbles: /soda|tonic|champagne|prosecco|sparkling|ginger beer|ginger ale|cola|club/.test(names),
    garnish: garnishOf(input.garnish ?? ''),
  };
}

/** A small stable number from a string or number (for deterministic variation such as sparkle positions). */
export function hashOf(value: string | number): number {
  let hash = 2166136261;
  for (const char of String(value)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
