import type { GlassKey } from '../lib/visual-theme';

/** The glass families' shapes and the drawing's geometry helpers of {@link CocktailVisual} (cocktail-visual.tsx). */

/** Shape of one glass family on the 120 x 120 canvas (y grows downwards; the table is at y 104). */
export interface GlassShape {
  /** Closed path of the glass interior (what holds the liquid). */
  body: string;
  /** Rim: centre x, y and half width, for the rim ellipse and the garnish. */
  rim: { x: number; y: number; rx: number };
  /** y of the bottom of the liquid (above a thick base for tumblers). */
  floor: number;
  /** Interior half width at a few heights, top to bottom: [y, half width]. */
  profile: readonly (readonly [number, number])[];
  /** Stem and foot (stemmed glasses): stem from y1 to y2, foot half width. */
  stem?: { y1: number; y2: number; foot: number };
  /** Handle path (mugs). */
  handle?: string;
  /** Opaque vessel (metal or ceramic): drawn with this fill instead of showing the liquid. */
  opaque?: 'copper' | 'silver' | 'tiki';
  /** Cut-glass facets on the lower half (double rocks). */
  cut?: boolean;
  /** How volume grows with height: 1 for straight sides, 2 for a bowl, 3 for a cone (the level is fill^(1/exponent)). */
  bowl?: number;
}

export const TUMBLER = (left: number, top: number, right: number, bottom = 102, flare = 3) =>
  `M${left} ${top} L${left + flare} ${bottom - 3} Q${left + flare + 0.5} ${bottom} ${left + flare + 4} ${bottom} L${right - flare - 4} ${bottom} Q${right - flare - 0.5} ${bottom} ${right - flare} ${bottom - 3} L${right} ${top} Z`;

export const SHAPES: Record<GlassKey, GlassShape> = {
  coupe: {
    body: 'M27 44 C28 60 40 67 60 67 C80 67 92 60 93 44 Z',
    rim: { x: 60, y: 44, rx: 33 },
    floor: 67,
    profile: [
      [44, 33],
      [52, 30],
      [60, 24],
      [67, 0],
    ],
    stem: { y1: 67, y2: 100, foot: 17 },
    bowl: 2,
  },
  nickAndNora: {
    body: 'M39 34 C38 58 44 72 60 72 C76 72 82 58 81 34 Z',
    rim: { x: 60, y: 34, rx: 21 },
    floor: 72,
    profile: [
      [34, 21],
      [50, 21],
      [62, 17],
      [72, 0],
    ],
    stem: { y1: 72, y2: 100, foot: 15 },
    bowl: 1.5,
  },
  martini: {
    body: 'M24 34 L60 72 L96 34 Z',
    rim: { x: 60, y: 34, rx: 36 },
    floor: 72,
    profile: [
      [34, 36],
      [72, 0],
    ],
    stem: { y1: 72, y2: 100, foot: 17 },
    bowl: 3,
  },
  rocks: {
    body: TUMBLER(33, 56, 87),
    rim: { x: 60, y: 56, rx: 27 },
    floor: 95,
    profile: [
      [56, 27],
      [95, 24.5],
    ],
  },
  doubleRocks: {
    body: TUMBLER(30, 46, 90),
    rim: { x: 60, y: 46, rx: 30 },
    floor: 95,
    profile: [
      [46, 30],
      [95, 27],
    ],
    cut: true,
  },
  highball: {
    body: TUMBLER(39, 28, 81, 102, 2),
    rim: { x: 60, y: 28, rx: 21 },
    floor: 96,
    profile: [
      [28, 21],
      [96, 19],
    ],
  },
  collins: {
    body: TUMBLER(43, 24, 77, 102, 1),
    rim: { x: 60, y: 24, rx: 17 },
    floor: 96,
    profile: [
      [24, 17],
      [96, 16],
    ],
  },
  fizz: {
    body: TUMBLER(41, 44, 79, 102, 2),
    rim: { x: 60, y: 44, rx: 19 },
    floor: 96,
    profile: [
      [44, 19],
      [96, 17],
    ],
  },
  flute: {
    body: 'M50 16 C48 44 51 66 60 68 C69 66 72 44 70 16 Z',
    rim: { x: 60, y: 16, rx: 10 },
    floor: 68,
    profile: [
      [16, 10],
      [40, 10.5],
      [56, 8],
      [68, 0],
    ],
    stem: { y1: 68, y2: 100, foot: 13 },
    bowl: 1.3,
  },
  wine: {
    body: 'M37 26 C32 54 42 72 60 72 C78 72 88 54 83 26 Z',
    rim: { x: 60, y: 26, rx: 23 },
    floor: 72,
    profile: [
      [26, 23],
      [44, 25],
      [58, 21],
      [66, 14],
      [72, 0],
    ],
    stem: { y1: 72, y2: 100, foot: 17 },
    bowl: 2,
  },
  pocoGrande: {
    body: 'M42 26 C33 42 41 60 55 70 L65 70 C79 60 87 42 78 26 Z',
    rim: { x: 60, y: 26, rx: 18 },
    floor: 70,
    profile: [
      [26, 18],
      [40, 21],
      [52, 17],
      [62, 10],
      [70, 5],
    ],
    stem: { y1: 70, y2: 100, foot: 15 },
  },
  hurricane: {
    body: 'M44 22 C36 36 50 47 45 63 C40 78 46 90 52 92 L68 92 C74 90 80 78 75 63 C70 47 84 36 76 22 Z',
    rim: { x: 60, y: 22, rx: 16 },
    floor: 92,
    profile: [
      [22, 16],
      [34, 19],
      [48, 13],
      [64, 15],
      [78, 17],
      [88, 13],
      [92, 8],
    ],
    stem: { y1: 92, y2: 101, foot: 15 },
  },
  snifter: {
    body: 'M45 38 C26 50 28 82 60 84 C92 82 94 50 75 38 Z',
    rim: { x: 60, y: 38, rx: 15 },
    floor: 84,
    profile: [
      [38, 15],
      [50, 28],
      [66, 31],
      [78, 24],
      [84, 0],
    ],
    stem: { y1: 84, y2: 100, foot: 15 },
    bowl: 2,
  },
  copperMug: {
    body: 'M34 36 L37 100 Q37 102 40 102 L80 102 Q83 102 83 100 L86 36 Z',
    rim: { x: 60, y: 36, rx: 26 },
    floor: 99,
    profile: [[36, 26]],
    handle: 'M85 50 C102 50 102 86 83 86',
    opaque: 'copper',
  },
  tikiMug: {
    body: 'M37 32 L39 100 Q39 102 42 102 L78 102 Q81 102 81 100 L83 32 Z',
    rim: { x: 60, y: 32, rx: 23 },
    floor: 99,
    profile: [[32, 23]],
    opaque: 'tiki',
  },
  julepCup: {
    body: 'M37 44 L41 100 Q41 102 44 102 L76 102 Q79 102 79 100 L83 44 Z',
    rim: { x: 60, y: 44, rx: 23 },
    floor: 99,
    profile: [[44, 23]],
    opaque: 'silver',
  },
  irishCoffee: {
    body: 'M41 34 L43 78 Q43 82 47 82 L73 82 Q77 82 77 78 L79 34 Z',
    rim: { x: 60, y: 34, rx: 19 },
    floor: 80,
    profile: [
      [34, 19],
      [80, 17],
    ],
    stem: { y1: 82, y2: 100, foot: 15 },
    handle: 'M78 42 C93 42 93 70 77 70',
  },
};

export const OUTLINE = 'rgb(246 239 228 / 0.6)';
export const ICE_FILL = 'rgb(255 255 255 / 0.16)';
export const ICE_EDGE = 'rgb(255 255 255 / 0.42)';
export const TIKI_GLAZES = ['#2f7f78', '#8a4b2a', '#3c5a8a', '#6a7a3a'];

/** One decimal: keeps the markup short. */
export const r1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A circle of radius r at (cx, cy) as a path segment (two arcs), so that many small circles share one `<path>`: each
 * element of the picture costs the browser style and layout, and the picture appears 50 times a page (the page's rendering budget).
 */
export const circlePath = (cx: number, cy: number, r: number) =>
  `M${r1(cx - r)} ${r1(cy)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0`;

/** Interior half width of a glass at height y (linear between profile points). */
export function halfWidthAt(shape: GlassShape, y: number): number {
  const points = shape.profile;
  const first = points[0]!;
  if (y <= first[0]) return first[1];
  for (let i = 1; i < points.length; i += 1) {
    const [y1, w1] = points[i - 1]!;
    const [y2, w2] = points[i]!;
    if (y <= y2) return w1 + ((w2 - w1) * (y - y1)) / (y2 - y1 || 1);
  }
  return points[points.length - 1]![1];
}
