import { memo, useId } from 'react';
import { useNearViewport } from '@/client/lib/use-near-viewport';
import { cn } from '@/client/lib/utils';
import { hashOf, visualThemeOf, type GlassKey, type VisualInput, type VisualTheme } from '../lib/visual-theme';
import { GarnishPiece, SurfaceDusting, type GarnishSlot } from './cocktail-visual-garnish';

/**
 * A generated, decorative illustration of a cocktail on a 120 x 120 canvas: the glass of its glassware, filled to a level
 * set by the recipe's volume with a liquid whose colour blends the ingredients (see visual-theme.ts), with its ice, foam or
 * cream, floats and sunk syrups, bubbles, rim coat, garnish, and steam or smoke, on a soft glow. Everything comes from the
 * cocktail's data, so the card and the recipe modal draw the same picture. Hidden from assistive technology (the card's
 * text says everything).
 */

/** Shape of one glass family on the 120 x 120 canvas (y grows downwards; the table is at y 104). */
interface GlassShape {
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

const TUMBLER = (left: number, top: number, right: number, bottom = 102, flare = 3) =>
  `M${left} ${top} L${left + flare} ${bottom - 3} Q${left + flare + 0.5} ${bottom} ${left + flare + 4} ${bottom} L${right - flare - 4} ${bottom} Q${right - flare - 0.5} ${bottom} ${right - flare} ${bottom - 3} L${right} ${top} Z`;

const SHAPES: Record<GlassKey, GlassShape> = {
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

const OUTLINE = 'rgb(246 239 228 / 0.6)';
const ICE_FILL = 'rgb(255 255 255 / 0.16)';
const ICE_EDGE = 'rgb(255 255 255 / 0.42)';
const TIKI_GLAZES = ['#2f7f78', '#8a4b2a', '#3c5a8a', '#6a7a3a'];

/** One decimal: keeps the markup short. */
const r1 = (value: number) => Math.round(value * 10) / 10;

/**
 * A circle of radius r at (cx, cy) as a path segment (two arcs), so that many small circles share one `<path>`: each
 * element of the picture costs the browser style and layout, and the picture appears 50 times a page (issue 12).
 */
const circlePath = (cx: number, cy: number, r: number) =>
  `M${r1(cx - r)} ${r1(cy)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0`;

/** Interior half width of a glass at height y (linear between profile points). */
function halfWidthAt(shape: GlassShape, y: number): number {
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

/** Ice inside a clear glass: cubes stacked to the surface, one big cube, crushed ice, or a frozen blend's texture. */
function Ice({
  theme,
  shape,
  top,
  patternId,
}: {
  theme: VisualTheme;
  shape: GlassShape;
  top: number;
  patternId: string;
}) {
  const { ice, seed } = theme;
  if (ice === 'frozen') {
    return <rect x="0" y={r1(top - 1)} width="120" height={r1(shape.floor - top + 1)} fill={`url(#${patternId})`} />;
  }
  if (ice === 'crushed') {
    // A frosty wash and a scatter of small shards (placed by the data hash), packed from the floor to the surface.
    const height = shape.floor - top;
    const count = Math.max(7, Math.min(16, Math.round((height * halfWidthAt(shape, top)) / 70)));
    const shards = Array.from({ length: count }, (_, i) => {
      const n = hashOf(`${seed}#${i}`);
      const y = top + 2 + ((n % 1000) / 1000) * (height - 5);
      const w = halfWidthAt(shape, y) * 0.8;
      const x = shape.rim.x - w + (((n >>> 10) % 1000) / 1000) * 2 * w;
      const s = 2.4 + ((n >>> 20) % 4) * 0.5;
      return `M${r1(x)} ${r1(y)}l${r1(s)} ${r1(-s * 0.5)} ${r1(s * 0.5)} ${r1(s)} ${r1(-s)} ${r1(s * 0.5)}z`;
    });
    return (
      <g>
        <rect x="0" y={r1(top - 1)} width="120" height={r1(height + 1)} fill="rgb(240 246 250 / 0.17)" />
        <path d={shards.join('')} fill="rgb(255 255 255 / 0.2)" stroke="rgb(255 255 255 / 0.5)" strokeWidth="0.45" />
      </g>
    );
  }
  if (ice === 'bigCube') {
    const w = Math.min(28, halfWidthAt(shape, shape.floor - 14) * 1.2);
    const x = shape.rim.x - w / 2 + ((seed % 5) - 2);
    const y = Math.max(top - 5, shape.floor - w - 2);
    return (
      <g fill="rgb(255 255 255 / 0.08)" stroke={ICE_EDGE} strokeWidth="0.9">
        <rect
          x={r1(x)}
          y={r1(y)}
          width={r1(w)}
          height={r1(w * 0.95)}
          rx="3"
          transform={`rotate(${(seed % 7) - 3} 60 ${r1(y + w / 2)})`}
        />
        <path d={`M${r1(x + 4)} ${r1(y + 5)} h${r1(w * 0.45)}`} strokeWidth="1.4" stroke="rgb(255 255 255 / 0.5)" />
      </g>
    );
  }
  if (ice !== 'cubes') return null;
  // Cubes from the floor up to just above the surface, alternating sides; tilt chosen by the data hash.
  const size = Math.max(8, Math.min(15, halfWidthAt(shape, (top + shape.floor) / 2) * 0.72));
  const cubes: { x: number; y: number; a: number }[] = [];
  const lowest = Math.min(shape.floor - size - 1, shape.floor - halfWidthAt(shape, shape.floor) - size * 0.8);
  for (let y = lowest, i = 0; y > top - size * 0.6 && i < 6; y -= size * 0.82, i += 1) {
    const side = (i + seed) % 2 === 0 ? -1 : 1;
    const w = Math.max(size * 0.6, halfWidthAt(shape, y + size / 2));
    cubes.push({ x: shape.rim.x + side * (w * 0.42) - size / 2 + side, y, a: (((seed >>> (i * 3)) % 25) - 12) * side });
  }
  return (
    <g fill={ICE_FILL} stroke={ICE_EDGE} strokeWidth="0.8">
      {cubes.map((cube, i) => (
        <rect
          key={i}
          x={r1(cube.x)}
          y={r1(cube.y)}
          width={r1(size)}
          height={r1(size * 0.92)}
          rx="2.5"
          transform={`rotate(${cube.a} ${r1(cube.x + size / 2)} ${r1(cube.y + size / 2)})`}
        />
      ))}
    </g>
  );
}

/** Foam, crema or cream head: a band on the surface with a soft scalloped top. */
function Foam({ theme, shape, top }: { theme: VisualTheme; shape: GlassShape; top: number }) {
  const foam = theme.foam;
  if (!foam) return null;
  const w = halfWidthAt(shape, top) + 2;
  const x0 = shape.rim.x - w;
  const bumps = Math.max(3, Math.round((2 * w) / 7));
  const step = r1((2 * w) / bumps);
  const edge =
    foam.kind === 'cream' ? `h${r1(2 * w)}` : `q${r1(step / 2)} -2.2 ${step} 0${` t${step} 0`.repeat(bumps - 1)}`;
  return (
    <path
      d={`M${r1(x0)} ${r1(top + 0.6)} ${edge} V${r1(top + foam.height)} H${r1(x0)} Z`}
      fill={foam.color}
      opacity="0.95"
    />
  );
}

/** Rising bubbles inside the liquid, spread across the glass by the data hash. */
function Bubbles({ theme, shape, top }: { theme: VisualTheme; shape: GlassShape; top: number }) {
  if (theme.bubbles === 0) return null;
  const height = shape.floor - top - 6;
  const circles = Array.from({ length: theme.bubbles }, (_, i) => {
    const n = hashOf(`${theme.seed}:${i}`);
    const y = top + 5 + ((n % 97) / 97) * height;
    const w = halfWidthAt(shape, y) * 0.8;
    return circlePath(shape.rim.x - w + (((n >>> 8) % 100) / 50) * w, y, 0.8 + ((n >>> 16) % 3) * 0.35);
  });
  return <path d={circles.join('')} fill="none" stroke="rgb(255 255 255 / 0.6)" strokeWidth="0.7" />;
}

/** Crushed ice (or a frozen drink) heaped above the rim. */
function Mound({ theme, shape, patternId }: { theme: VisualTheme; shape: GlassShape; patternId: string }) {
  const { x, y, rx } = shape.rim;
  const d = `M${x - rx + 1} ${y + 1} Q${x - rx + 3} ${y - 9} ${x} ${y - 10} Q${x + rx - 3} ${y - 9} ${x + rx - 1} ${y + 1} Z`;
  if (theme.ice === 'frozen') {
    return (
      <g>
        <path d={d} fill={theme.liquid} />
        <path d={d} fill={`url(#${patternId})`} />
      </g>
    );
  }
  return (
    <g>
      <path d={d} fill="rgb(236 242 246 / 0.9)" />
      <path
        d={`M${x - rx * 0.55} ${y - 3}l3-1.5 1.5 2.5-3 1zM${x - 4} ${y - 7}l3.5-1 .5 2.5-3 .8zM${x + rx * 0.4} ${y - 4}l2.5-2 1.5 2.5-2.6 1z`}
        fill="none"
        stroke="rgb(160 176 188 / 0.7)"
        strokeWidth="0.5"
      />
    </g>
  );
}

/** Steam (hot drinks) or a curl of smoke (smoky drinks) above the rim. */
function Vapour({ theme, shape }: { theme: VisualTheme; shape: GlassShape }) {
  if (!theme.hot && !theme.smoky) return null;
  const { x, y } = shape.rim;
  const wisp = (dx: number) => `M${x + dx} ${y - 6} c-5 -5 5 -8 0 -13 c-4 -4 3 -7 1 -10`;
  return (
    <path
      d={theme.hot ? `${wisp(-6)} ${wisp(5)}` : wisp(-3)}
      fill="none"
      stroke={theme.hot ? 'rgb(246 239 228 / 0.32)' : 'rgb(200 205 210 / 0.2)'}
      strokeWidth={theme.hot ? 1.6 : 2.6}
      strokeLinecap="round"
    />
  );
}

/** Salt, celery salt or sugar on the rim: a dotted band, all round or on the front half. */
function RimCoat({ theme, shape }: { theme: VisualTheme; shape: GlassShape }) {
  if (!theme.rim) return null;
  const { x, y, rx } = shape.rim;
  const color = theme.rim.kind === 'celerySalt' ? '#d8c99a' : theme.rim.kind === 'salt' ? '#f4f1ea' : '#fff6dc';
  const props = {
    fill: 'none',
    stroke: color,
    strokeWidth: 2.4,
    strokeDasharray: theme.rim.kind === 'sugar' ? '0.8 0.9' : '1.3 1',
  };
  return theme.rim.half ? (
    <path d={`M${x - rx} ${y} A${rx} 2.6 0 0 0 ${x} ${y + 2.6}`} {...props} />
  ) : (
    <ellipse cx={x} cy={y} rx={rx} ry="2.6" {...props} />
  );
}

/** Props of {@link CocktailVisual}: the cocktail's look-defining fields (a cocktail summary has them all), plus sizing. */
export interface CocktailVisualProps extends VisualInput {
  /** The cocktail's id. Not used for drawing (the picture depends on the data only); kept for callers. */
  id: string | number;
  /** One of GLASSWARE (src/shared/domain/vocabulary.ts); unknown values draw a coupe. */
  glassware: string;
  className?: string;
  /**
   * Draw only the backdrop (the glow in the liquid's colour, same box) until the picture nears the viewport, then the
   * glass, a few pictures a frame (`useNearViewport`): for the cards of a grid (issue 12).
   */
  deferUntilNear?: boolean;
}

/**
 * The generated illustration of one cocktail, filling its container (give the container a size). Decorative: aria-hidden.
 * Pass `technique` too when you have it (the list API's summary does): without it the technique is inferred.
 */
export const CocktailVisual = memo(function CocktailVisual({
  id: _id,
  glassware,
  className,
  deferUntilNear = false,
  ...input
}: CocktailVisualProps) {
  const uid = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [nearRef, near] = useNearViewport(deferUntilNear);
  const theme = visualThemeOf({ ...input, glassware });
  const backdrop = `radial-gradient(circle at 50% 72%, ${theme.liquid}38 0%, transparent 58%), linear-gradient(180deg, #241d18 0%, #16110e 100%)`;
  if (!near) {
    return (
      <div
        ref={nearRef}
        aria-hidden="true"
        className={cn('relative overflow-hidden', className)}
        style={{ background: backdrop }}
      />
    );
  }
  const shape = SHAPES[theme.glass];
  const { seed } = theme;
  const sparkles = Array.from({ length: 5 }, (_, i) => {
    const n = hashOf(`${seed}-${i}`);
    return circlePath(8 + (n % 104), 6 + ((n >>> 8) % 34), 0.6 + ((n >>> 16) % 10) / 10);
  }).join('');
  const clipId = `cv-clip-${uid}`;
  const liquidId = `cv-liquid-${uid}`;
  const glowId = `cv-glow-${uid}`;
  const iceId = `cv-ice-${uid}`;
  const vesselId = `cv-vessel-${uid}`;
  const mounded =
    shape.opaque !== undefined || theme.ice === 'frozen' || (theme.ice === 'crushed' && shape.rim.rx >= 20);
  const depth = shape.floor - shape.rim.y - 3;
  const top = r1(shape.floor - depth * theme.fill ** (1 / (shape.bowl ?? 1)));
  const bottom = shape.stem ? shape.stem.y1 : 102;
  // Garnish slots: the rim's right edge, then its left edge, then the back; on the ice mound when there is one.
  const lift = mounded ? 7 : 0;
  const m = theme.mirrored ? -1 : 1;
  const slots: GarnishSlot[] = [
    { x: shape.rim.x + m * (shape.rim.rx - 4), y: shape.rim.y - lift, side: m },
    { x: shape.rim.x - m * (shape.rim.rx - 5), y: shape.rim.y - lift, side: -m as 1 | -1 },
    { x: shape.rim.x + m * shape.rim.rx * 0.3, y: shape.rim.y - lift - 3, side: m },
    { x: shape.rim.x - m * shape.rim.rx * 0.3, y: shape.rim.y - lift - 3, side: -m as 1 | -1 },
  ];
  const surface = { x: shape.rim.x, y: shape.opaque ? shape.rim.y : top, w: halfWidthAt(shape, top) };
  const vesselFill =
    shape.opaque === 'copper' || shape.opaque === 'silver'
      ? `url(#${vesselId})`
      : TIKI_GLAZES[seed % TIKI_GLAZES.length];
  const needsPattern = theme.ice === 'frozen';

  return (
    <div aria-hidden="true" className={cn('relative overflow-hidden', className)} style={{ background: backdrop }}>
      <svg viewBox="0 0 120 120" className="absolute inset-0 m-auto h-full w-full" preserveAspectRatio="xMidYMid meet">
        <defs>
          <clipPath id={clipId}>
            <path d={shape.body} />
          </clipPath>
          <linearGradient id={liquidId} x1="0" y1="0" x2="0" y2="1">
            {theme.stops.map((stop, i) => (
              <stop key={i} offset={stop.offset} stopColor={stop.color} />
            ))}
          </linearGradient>
          <radialGradient id={glowId}>
            <stop offset="0" stopColor={theme.liquid} stopOpacity="0.35" />
            <stop offset="1" stopColor={theme.liquid} stopOpacity="0" />
          </radialGradient>
          {needsPattern ? (
            <pattern id={iceId} width="9" height="8" patternUnits="userSpaceOnUse">
              <path d="M1 1h1v1H1zM5.5 4.5h1v1h-1zM3 6.5h.8v.8H3z" fill="rgb(255 255 255 / 0.3)" />
            </pattern>
          ) : null}
          {shape.opaque === 'copper' ? (
            <linearGradient id={vesselId}>
              <stop offset="0" stopColor="#8c4a22" />
              <stop offset="0.35" stopColor="#e0925a" />
              <stop offset="0.6" stopColor="#b8683a" />
              <stop offset="1" stopColor="#6e3618" />
            </linearGradient>
          ) : null}
          {shape.opaque === 'silver' ? (
            <linearGradient id={vesselId}>
              <stop offset="0" stopColor="#7d8388" />
              <stop offset="0.35" stopColor="#e6e9ec" />
              <stop offset="0.65" stopColor="#a8aeb3" />
              <stop offset="1" stopColor="#5d6266" />
            </linearGradient>
          ) : null}
        </defs>

        <path d={sparkles} fill="rgb(246 239 228 / 0.35)" />

        <ellipse cx="60" cy="104" rx="34" ry="5" fill="rgb(0 0 0 / 0.45)" />
        <ellipse cx="60" cy={r1((top + bottom) / 2)} rx="44" ry="34" fill={`url(#${glowId})`} />

        {theme.straw ? (
          <path
            d={`M${shape.rim.x - shape.rim.rx * 0.35} ${shape.floor - 4} L${shape.rim.x + shape.rim.rx * 0.35} ${shape.rim.y - 20}`}
            stroke={theme.straw}
            strokeWidth="3"
            strokeLinecap="round"
            data-part="straw"
          />
        ) : null}

        {shape.stem ? (
          <g stroke={OUTLINE} strokeWidth="1.6" strokeLinecap="round" fill="rgb(246 239 228 / 0.08)">
            <line x1="60" y1={shape.stem.y1} x2="60" y2={shape.stem.y2} />
            <ellipse cx="60" cy={shape.stem.y2 + 1} rx={shape.stem.foot} ry="2.6" />
          </g>
        ) : null}

        {shape.handle ? (
          <path
            d={shape.handle}
            fill="none"
            stroke={shape.opaque === 'copper' ? '#b8683a' : OUTLINE}
            strokeWidth={shape.opaque ? 4 : 2}
            strokeLinecap="round"
          />
        ) : null}

        {shape.opaque ? (
          <g>
            <path d={shape.body} fill={vesselFill} />
            {shape.opaque === 'tiki' ? (
              <path
                d="M45 46h10v6H45zM65 46h10v6H65zM56 55h8v15h-8zM46 76h28v8H46zM39 39h42v3H39zM40 93h40v3H40z"
                fill="rgb(0 0 0 / 0.35)"
              />
            ) : null}
            <path d="M42 42 L44 96" stroke="rgb(255 255 255 / 0.28)" strokeWidth="2.5" strokeLinecap="round" />
          </g>
        ) : (
          <g>
            <path d={shape.body} fill="rgb(246 239 228 / 0.06)" />
            <g clipPath={`url(#${clipId})`}>
              <rect
                y={top}
                width="120"
                height={r1(shape.floor - top + 1)}
                fill={`url(#${liquidId})`}
                opacity={theme.opacity}
                data-part="liquid"
              />
              <ellipse cx={shape.rim.x} cy={top} rx={r1(surface.w)} ry="1.8" fill="rgb(255 255 255 / 0.18)" />
              {theme.ice === 'none' ? null : (
                <g data-part={`ice-${theme.ice}`}>
                  <Ice theme={theme} shape={shape} top={top} patternId={iceId} />
                </g>
              )}
              <Bubbles theme={theme} shape={shape} top={top} />
              {theme.garnish
                .filter((item) => item.kind === 'inGlass' || item.kind === 'longPeel')
                .map((item, i) => (
                  <GarnishPiece
                    key={`in${i}`}
                    item={item}
                    slot={slots[0]!}
                    surface={surface}
                    floor={shape.floor}
                    inside
                  />
                ))}
              {theme.froth ? (
                <rect x="0" y={top} width="120" height="1.6" fill="rgb(255 250 240 / 0.38)" data-part="froth" />
              ) : null}
              {theme.foam ? (
                <g data-part={`foam-${theme.foam.kind}`}>
                  <Foam theme={theme} shape={shape} top={top} />
                </g>
              ) : null}
              {shape.floor < 100 && !shape.stem ? (
                <rect y={shape.floor} width="120" height="8" fill="rgb(246 239 228 / 0.14)" />
              ) : null}
              {shape.cut ? (
                <path
                  d="M30 78 L45 98 L60 78 L75 98 L90 78"
                  fill="none"
                  stroke="rgb(255 255 255 / 0.09)"
                  strokeWidth="1"
                />
              ) : null}
            </g>
            <path d={shape.body} fill="none" stroke={OUTLINE} strokeWidth="1.6" strokeLinejoin="round" />
            <path
              d={`M${shape.rim.x - shape.rim.rx + 6} ${shape.rim.y + 6} q -2 14 2 26`}
              fill="none"
              stroke="rgb(255 255 255 / 0.3)"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </g>
        )}

        <ellipse
          cx={shape.rim.x}
          cy={shape.rim.y}
          rx={shape.rim.rx}
          ry="2.6"
          fill={shape.opaque && !mounded ? theme.liquid : 'none'}
          stroke={shape.opaque === 'copper' ? '#e8a070' : OUTLINE}
          strokeWidth="1.4"
        />
        <RimCoat theme={theme} shape={shape} />
        {mounded ? <Mound theme={theme} shape={shape} patternId={iceId} /> : null}
        {theme.dusting && !mounded ? <SurfaceDusting dusting={theme.dusting} surface={surface} seed={seed} /> : null}

        <g data-part="garnish">
          {theme.garnish
            .filter((item) => item.kind !== 'inGlass' && item.kind !== 'longPeel')
            .map((item, i) => (
              <GarnishPiece
                key={i}
                item={item}
                slot={slots[i] ?? slots[0]!}
                surface={surface}
                floor={shape.floor}
                mounded={mounded}
                curl={theme.curl}
              />
            ))}
        </g>
        <Vapour theme={theme} shape={shape} />
      </svg>
    </div>
  );
});
