import { DILUTION_BY_TECHNIQUE } from '@/shared/domain/abv';
import { lineVolumeMl } from '@/shared/domain/units';
import { CAPACITY_ML, CLEAR, COUNT_ML, GLASS_FAMILY, TINTS, type GlassKey } from './visual-theme-data';
import { readGarnish, type Dusting, type GarnishItem, type RimCoat } from './visual-garnish';

/**
 * Derives the look of a cocktail's generated illustration from its catalogue data (the list API's cocktail summary has
 * every field used here): the glass from `glassware`; the liquid colour by blending the tints of the ingredients weighted
 * by their volume (ml) and colouring strength; ice, foam, floats and sinking layers from the ingredients and `technique`;
 * the garnish from the `garnish` text (visual-garnish.ts). Pure and deterministic: the same cocktail always looks the same;
 * the only choices not read from the data (ice cube tilt, straw and umbrella colour, sparkles) come from a stable hash of
 * the data, never from the id or from randomness.
 */

export type { GarnishItem, GarnishKind, RimCoat, Dusting } from './visual-garnish';
export { GLASS_FAMILY, type GlassKey } from './visual-theme-data';

/** Ice in the glass: none (served up or hot), cubes, one large cube, crushed (heaped), or a blended frozen drink. */
export type IceKind = 'none' | 'cubes' | 'bigCube' | 'crushed' | 'frozen';

/** One colour stop of the liquid, top (0) to bottom (1) of the liquid column. */
export interface LiquidStop {
  offset: number;
  color: string;
}

/** A head on the drink: egg-white or aquafaba foam, espresso crema, or a floated cream cap. Height in viewBox units. */
export interface FoamLayer {
  kind: 'egg' | 'crema' | 'cream';
  color: string;
  height: number;
}

/** Everything the illustration draws for one cocktail. Colours are CSS hex strings (#rrggbb). */
export interface VisualTheme {
  glass: GlassKey;
  /** Blended liquid colour (at the surface). */
  liquid: string;
  /** The same colour, darker: the bottom of the glass. */
  liquidDeep: string;
  /** Liquid gradient top to bottom: 2 stops, or more for a float on top or a syrup sunk to the bottom. */
  stops: LiquidStop[];
  /** Liquid fill opacity, 0.55 (clear, a Martini) to 0.96 (cloudy, juice or cream). */
  opacity: number;
  /** How full the glass is, 0 (empty) to 1 (to the rim), from the recipe's volume and the glass's capacity. */
  fill: number;
  ice: IceKind;
  foam: FoamLayer | null;
  /** Rising bubbles drawn (0 when nothing is carbonated; more with a larger carbonated share). */
  bubbles: number;
  /** A hot drink: steam above the glass, no ice. */
  hot: boolean;
  /** Shaken and served up without a foam: a thin pale froth on the surface. */
  froth: boolean;
  /** Garnish on the left of the rim instead of the right (hash-chosen: the data does not say). */
  mirrored: boolean;
  /** Which of the twist drawings curls the peel, 0–2 (hash-chosen). */
  curl: number;
  /** Smoky flavour profile (mezcal, Islay whisky): a thin curl of smoke above the drink. */
  smoky: boolean;
  /** A straw (crushed ice, frozen and tiki drinks); its colour, or null. */
  straw: string | null;
  garnish: GarnishItem[];
  rim: RimCoat | null;
  dusting: Dusting | null;
  /** Stable hash of the cocktail's data (not its id), for the small choices the data does not make. */
  seed: number;
}

/** One recipe line as the list API gives it (CardIngredient): amount in `unit`; top/splash amounts are expected ml. */
export interface VisualIngredient {
  ingredient: string;
  amount?: number | null;
  unit?: string;
}

/**
 * What the theme needs; a cocktail summary (src/shared/schemas/cocktail.ts) or detail has all of it. `glassware` and
 * `technique` are optional: without glassware a coupe is drawn; without technique it is inferred from the ingredients.
 */
export interface VisualInput {
  base_spirit: string;
  garnish?: string | null;
  flavor_profile?: readonly string[];
  ingredients?: readonly VisualIngredient[];
  glassware?: string;
  /** One of TECHNIQUES (src/shared/domain/abv.ts): Shake, Stir, Build, Blend, Muddle, Layer. */
  technique?: string;
}

const CARBONATED = /soda|tonic|champagne|prosecco|cava|sparkling|ginger beer|ginger ale|\bcola\b|lager|beer|cider/;
const TIKI = /falernum|orgeat|allspice|donn|passion fruit syrup|cream of coconut|coconut cream/;
const JUICE = /juice|puree|cream|milk|egg|clamato|orgeat|marmalade|^lime$|^lemon$|^orange$/;
/** Count-unit ingredients that tint the drink when muddled or shaken in. */
const TINTING_COUNTS = /^(lime|lemon|orange|mint|basil|cucumber|strawberry|blackberry|raspberry|blueberry|whole egg)$/;

/** Parses #rrggbb into [r, g, b] (0–255). */
function rgb(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

function hex(channels: readonly number[]): string {
  return `#${channels
    .map((c) =>
      Math.max(0, Math.min(255, Math.round(c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/**
 * Mixes two #rrggbb colours.
 * @param amount 0 gives `from`, 1 gives `to`
 */
export function mix(from: string, to: string, amount: number): string {
  const [a, b] = [rgb(from), rgb(to)];
  return hex(a.map((channel, i) => channel + (b[i]! - channel) * amount));
}

function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[’']/g, '');
}

interface Line {
  name: string;
  ml: number;
  unit: string;
}

function linesOf(input: VisualInput): Line[] {
  return (input.ingredients ?? []).map((line) => {
    const unit = line.unit ?? 'ml';
    const amount = line.amount ?? null;
    const name = normalise(line.ingredient);
    const counted = amount !== null && TINTING_COUNTS.test(name) ? amount * (COUNT_ML[unit] ?? 0) : 0;
    const ml = lineVolumeMl(amount, unit) ?? counted;
    return { name, ml: Number.isFinite(ml) ? ml : 0, unit };
  });
}

/**
 * Volume-weighted blend of the ingredient tints.
 * @returns the liquid colour, its cloudiness (0–1) and the undiluted liquid volume in ml
 */
function blend(lines: readonly Line[]): { color: string; cloud: number; volume: number } {
  const sum = [0, 0, 0];
  let weight = 0;
  let volume = 0;
  let cloud = 0;
  for (const line of lines) {
    const tint = TINTS.find(([pattern]) => pattern.test(line.name));
    const [, color, strength, cloudiness] = tint ?? [null, CLEAR, 0.05, 0];
    const w = line.ml * strength;
    const [r, g, b] = rgb(color);
    sum[0]! += r * w;
    sum[1]! += g * w;
    sum[2]! += b * w;
    weight += w;
    if (line.unit !== 'leaf' && line.unit !== 'sprig' && line.unit !== 'slice') volume += line.ml;
    cloud += line.ml * cloudiness;
  }
  if (weight <= 0 || volume <= 0) return { color: CLEAR, cloud: 0, volume };
  const pigment = hex(sum.map((channel) => channel / weight));
  const density = weight / volume;
  const coverage = 1 - Math.exp(-2.4 * density);
  return { color: mix(CLEAR, pigment, coverage), cloud: Math.min(1, cloud / volume), volume };
}

/** The technique when the caller does not pass it: a guess from the glass and the ingredients. */
function inferTechnique(glass: GlassKey, lines: readonly Line[], names: string): string {
  if (glass === 'pocoGrande') return 'Blend';
  if (lines.some((line) => /^(mint|lime|lemon|basil|cucumber)$/.test(line.name) && line.unit !== 'ml')) return 'Muddle';
  if (/egg|cream|milk/.test(names)) return 'Shake';
  const built = ['highball', 'collins', 'wine', 'flute', 'copperMug', 'irishCoffee'].includes(glass);
  if (built || CARBONATED.test(names)) return 'Build';
  if (/juice|puree|orgeat/.test(names)) return 'Shake';
  return 'Stir';
}

function iceOf(glass: GlassKey, technique: string, lines: readonly Line[], names: string, hot: boolean): IceKind {
  if (hot) return 'none';
  const tall = glass === 'highball' || glass === 'collins' || glass === 'tikiMug' || glass === 'hurricane';
  const tiki = TIKI.test(names) && (/rum|agricole/.test(names) || tall);
  const carbonated = CARBONATED.test(names);
  const swizzle = technique === 'Build' && lines.some((line) => line.unit === 'leaf') && /bitters/.test(names);
  const mule = /ginger beer/.test(names) && (glass === 'copperMug' || /mint/.test(names));
  switch (glass) {
    case 'coupe':
    case 'nickAndNora':
    case 'martini':
    case 'flute':
    case 'snifter':
    case 'irishCoffee':
    case 'fizz':
      return 'none';
    case 'wine':
      return carbonated || /aperol|campari/.test(names) ? 'cubes' : 'none';
    case 'pocoGrande':
      return technique === 'Blend' ? 'frozen' : 'cubes';
    case 'julepCup':
    case 'tikiMug':
    case 'copperMug':
      return 'crushed';
    case 'hurricane':
      return tiki ? 'crushed' : 'cubes';
    case 'highball':
    case 'collins':
      return technique === 'Muddle' || technique === 'Blend' || tiki || swizzle || mule ? 'crushed' : 'cubes';
    default: {
      // Rocks and double rocks.
      if (technique === 'Blend' || technique === 'Muddle' || tiki) return 'crushed';
      if (/whole egg/.test(names)) return 'none';
      if (technique === 'Stir' && /absinthe/.test(names)) return 'none';
      const spiritForward = !carbonated && !lines.some((line) => JUICE.test(line.name));
      return spiritForward && technique !== 'Shake' ? 'bigCube' : 'cubes';
    }
  }
}

function foamOf(lines: readonly Line[], names: string, technique: string, hot: boolean): FoamLayer | null {
  const ml = (pattern: RegExp) =>
    lines.filter((line) => pattern.test(line.name)).reduce((sum, line) => sum + line.ml, 0);
  const egg = ml(/egg white|aquafaba/);
  const cream = ml(/heavy cream|whipped cream|^cream$/);
  if (egg > 0 || lines.some((line) => /egg white|aquafaba/.test(line.name))) {
    const tall = CARBONATED.test(names) && cream > 0;
    return { kind: 'egg', color: '#f4ecdc', height: tall ? 12 : Math.min(7, Math.max(2.4, 2 + egg * 0.18)) };
  }
  if ((technique === 'Build' || hot) && cream > 0) return { kind: 'cream', color: '#f6efe0', height: 8 };
  if (/espresso|cold brew/.test(names) && technique === 'Shake')
    return { kind: 'crema', color: '#c8925a', height: 3.2 };
  return null;
}

/** Liquid gradient: the blend, with a float on top (red wine, dark rum) or a syrup sunk to the bottom when built. */
function stopsOf(liquid: string, deep: string, lines: readonly Line[], technique: string): LiquidStop[] {
  const top: LiquidStop = { offset: 0, color: liquid };
  const bottom: LiquidStop = { offset: 1, color: deep };
  const total = lines.reduce((sum, line) => sum + line.ml, 0) || 1;
  const redWine = lines.find((line) => line.name === 'red wine');
  if (redWine && redWine.ml / total < 0.3) {
    return [{ offset: 0, color: '#8a1a2e' }, { offset: 0.2, color: '#5e0f20' }, { offset: 0.3, color: liquid }, bottom];
  }
  if (technique === 'Layer' && lines.length > 1) {
    // Poured heaviest first: the first line lies at the bottom, the last on top (offset 0).
    const layers = lines.filter((line) => line.ml > 0).reverse();
    let at = 0;
    return layers.flatMap((line) => {
      const color = blend([line]).color;
      const from = at;
      at += line.ml / total;
      return [
        { offset: from, color },
        { offset: at, color },
      ];
    });
  }
  if (technique !== 'Build') return [top, bottom];
  const names = lines.map((line) => line.name).join(' | ');
  const float = /ginger beer|falernum/.test(names) && lines.find((line) => /dark rum|demerara rum/.test(line.name));
  if (float)
    return [
      { offset: 0, color: '#5a2a12' },
      { offset: 0.28, color: mix('#5a2a12', liquid, 0.6) },
      { offset: 0.45, color: liquid },
      bottom,
    ];
  const sink = lines.find((line) => /grenadine|creme de cassis|creme de mure/.test(line.name) && line.ml >= 5);
  if (sink && total > 100) {
    const sunk = blend([sink]).color;
    return [
      top,
      { offset: 0.5, color: liquid },
      { offset: 0.8, color: mix(liquid, sunk, 0.75) },
      { offset: 1, color: mix(sunk, '#1a0d06', 0.2) },
    ];
  }
  return [top, bottom];
}

/**
 * The illustration theme of a cocktail.
 * @param input base spirit, garnish text, flavour profile, ingredient lines (name, amount, unit), glassware and technique;
 *   any may be missing (amounts default to equal parts, glassware to a coupe, technique is inferred)
 * @returns every visual feature of the picture; equal inputs give equal themes
 */
export function visualThemeOf(input: VisualInput): VisualTheme {
  const glass = GLASS_FAMILY[input.glassware ?? ''] ?? 'coupe';
  const raw = linesOf(input);
  const lines = raw.every((line) => line.ml === 0) ? raw.map((line) => ({ ...line, ml: 30 })) : raw;
  const names = lines.map((line) => line.name).join(' | ');
  const technique = input.technique ?? inferTechnique(glass, lines, names);
  const flavours = (input.flavor_profile ?? []).map((flavour) => flavour.toLowerCase());
  // Every hot drink of the catalogue comes in the Irish coffee mug (Irish Coffee, Hot Toddy, Hot Buttered Rum).
  const hot = glass === 'irishCoffee';
  const { color, cloud, volume } = blend(lines);
  const liquid = color;
  const liquidDeep = mix(liquid, '#1a0d06', 0.35);
  const ice = iceOf(glass, technique, lines, names, hot);
  const reading = readGarnish(input.garnish);
  const seed = hashOf(
    [input.glassware, input.base_spirit, input.garnish, lines.map((line) => `${line.name}:${line.ml}`).join()].join(
      '|',
    ),
  );
  const tiki =
    glass === 'tikiMug' || glass === 'hurricane' || glass === 'pocoGrande' || (TIKI.test(names) && ice === 'crushed');
  const garnish = [...reading.items];
  if (tiki && !garnish.some((item) => item.kind === 'pineapple') && garnish.length < 3) {
    garnish.push({ kind: 'umbrella', color: ['#e6a84f', '#c8453a', '#3f9a8a', '#d86a9a'][seed % 4]!, count: 1 });
  }
  const carbonatedMl = lines.filter((line) => CARBONATED.test(line.name)).reduce((sum, line) => sum + line.ml, 0);
  const share = volume > 0 ? carbonatedMl / volume : 0;
  const tall = ['highball', 'collins', 'hurricane', 'pocoGrande', 'julepCup', 'tikiMug', 'doubleRocks'].includes(glass);
  const withIce = ice !== 'none';
  const diluted =
    volume *
    (1 + ((DILUTION_BY_TECHNIQUE as Readonly<Record<string, number>>)[technique] ?? 0.2)) *
    (withIce ? 1.35 : 1);
  const foam = foamOf(lines, names, technique, hot);
  const minFill = ice === 'crushed' || ice === 'frozen' ? 0.86 : 0.42;
  return {
    glass,
    liquid,
    liquidDeep,
    stops: stopsOf(liquid, liquidDeep, lines, technique),
    opacity: Math.round((0.58 + 0.38 * Math.max(cloud, 1 - Math.exp(-3 * rgbDistance(liquid, CLEAR)))) * 100) / 100,
    fill: Math.round(Math.min(0.94, Math.max(minFill, diluted / CAPACITY_ML[glass])) * 100) / 100,
    ice,
    foam,
    froth: technique === 'Shake' && ice === 'none' && foam === null && !hot,
    mirrored: (seed >>> 7) % 2 === 1,
    curl: (seed >>> 11) % 3,
    bubbles: share > 0 ? Math.round(3 + share * 8) : 0,
    hot,
    smoky: flavours.includes('smoky') && !hot,
    straw:
      (ice === 'crushed' || ice === 'frozen') && tall
        ? glass === 'julepCup'
          ? '#c9cfd4'
          : ['#1c1714', '#b8683a', '#e9dfcf'][(seed >>> 3) % 3]!
        : null,
    garnish,
    rim: reading.rim,
    dusting: reading.dusting,
    seed,
  };
}

/** Euclidean distance of two colours, 0 (equal) to 1 (black vs white). */
function rgbDistance(a: string, b: string): number {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) / 441.7;
}

/**
 * A small stable number (32-bit unsigned) from a string or number, for deterministic small variations: FNV-1a, then the
 * murmur3 finaliser so that strings differing in their last character (`seed#1`, `seed#2`) give unrelated bits.
 */
export function hashOf(value: string | number): number {
  let hash = 2166136261;
  for (const char of String(value)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}
