import { useId } from 'react';
import { cn } from '@/client/lib/utils';
import { hashOf, visualThemeOf, type VisualInput, type VisualTheme } from '../lib/visual-theme';

/**
 * A generated, decorative illustration of a cocktail: a glass silhouette chosen by glassware, filled with a liquid tinted by
 * the drink's ingredients (see visual-theme.ts), with ice, bubbles, foam and a garnish where they apply, on a soft glow.
 * Hidden from assistive technology (the card's text says everything).
 */

/** Shape of one glass family on a 120 x 120 canvas. */
interface GlassShape {
  /** Closed path of the glass interior (what holds the liquid). */
  body: string;
  /** y of the liquid surface. */
  liquidTop: number;
  /** Rim: centre x, y and half width, for the rim ellipse and the garnish. */
  rim: { x: number; y: number; rx: number };
  /** Stem and foot (stemmed glasses): stem from y1 to y2, foot half width. */
  stem?: { y1: number; y2: number; foot: number };
  /** Handle path (mugs). */
  handle?: string;
  /** Ice cubes drawn in the liquid. */
  ice?: boolean;
  /** Opaque vessel (metal or ceramic): drawn with this fill instead of showing the liquid. */
  opaque?: 'copper' | 'silver' | 'tiki';
}

const SHAPES: Record<string, GlassShape> = {
  coupe: {
    body: 'M28 44 C28 60 40 68 60 68 C80 68 92 60 92 44 Z',
    liquidTop: 48,
    rim: { x: 60, y: 44, rx: 32 },
    stem: { y1: 68, y2: 100, foot: 17 },
  },
  nickAndNora: {
    body: 'M38 36 C37 58 44 72 60 72 C76 72 83 58 82 36 Z',
    liquidTop: 44,
    rim: { x: 60, y: 36, rx: 22 },
    stem: { y1: 72, y2: 100, foot: 15 },
  },
  martini: {
    body: 'M24 34 L60 72 L96 34 Z',
    liquidTop: 40,
    rim: { x: 60, y: 34, rx: 36 },
    stem: { y1: 72, y2: 100, foot: 17 },
  },
  rocks: {
    body: 'M33 56 L36 99 Q36.5 102 40 102 L80 102 Q83.5 102 84 99 L87 56 Z',
    liquidTop: 68,
    rim: { x: 60, y: 56, rx: 27 },
    ice: true,
  },
  doubleRocks: {
    body: 'M31 46 L34 99 Q34.5 102 38 102 L82 102 Q85.5 102 86 99 L89 46 Z',
    liquidTop: 58,
    rim: { x: 60, y: 46, rx: 29 },
    ice: true,
  },
  highball: {
    body: 'M39 22 L41 100 Q41 102 43 102 L77 102 Q79 102 79 100 L81 22 Z',
    liquidTop: 32,
    rim: { x: 60, y: 22, rx: 21 },
    ice: true,
  },
  collins: {
    body: 'M42 14 L43 100 Q43 102 45 102 L75 102 Q77 102 77 100 L78 14 Z',
    liquidTop: 24,
    rim: { x: 60, y: 14, rx: 18 },
    ice: true,
  },
  fizz: {
    body: 'M40 40 L42 100 Q42 102 44 102 L76 102 Q78 102 78 100 L80 40 Z',
    liquidTop: 48,
    rim: { x: 60, y: 40, rx: 20 },
  },
  flute: {
    body: 'M49 18 C47 44 50 66 60 68 C70 66 73 44 71 18 Z',
    liquidTop: 26,
    rim: { x: 60, y: 18, rx: 11 },
    stem: { y1: 68, y2: 100, foot: 13 },
  },
  wine: {
    body: 'M36 28 C33 54 42 70 60 70 C78 70 87 54 84 28 Z',
    liquidTop: 46,
    rim: { x: 60, y: 28, rx: 24 },
    stem: { y1: 70, y2: 100, foot: 17 },
  },
  pocoGrande: {
    body: 'M42 22 C34 40 40 60 56 70 L64 70 C80 60 86 40 78 22 Z',
    liquidTop: 32,
    rim: { x: 60, y: 22, rx: 18 },
    stem: { y1: 70, y2: 100, foot: 15 },
  },
  hurricane: {
    body: 'M44 16 C36 32 50 44 44 62 C40 76 46 90 52 92 L68 92 C74 90 80 76 76 62 C70 44 84 32 76 16 Z',
    liquidTop: 26,
    rim: { x: 60, y: 16, rx: 16 },
    stem: { y1: 92, y2: 101, foot: 15 },
    ice: true,
  },
  snifter: {
    body: 'M44 38 C26 50 28 82 60 84 C92 82 94 50 76 38 Z',
    liquidTop: 64,
    rim: { x: 60, y: 38, rx: 16 },
    stem: { y1: 84, y2: 100, foot: 15 },
  },
  copperMug: {
    body: 'M34 34 L37 100 Q37 102 40 102 L80 102 Q83 102 83 100 L86 34 Z',
    liquidTop: 40,
    rim: { x: 60, y: 34, rx: 26 },
    handle: 'M85 48 C102 48 102 86 83 86',
    opaque: 'copper',
  },
  tikiMug: {
    body: 'M37 22 L39 100 Q39 102 42 102 L78 102 Q81 102 81 100 L83 22 Z',
    liquidTop: 28,
    rim: { x: 60, y: 22, rx: 23 },
    opaque: 'tiki',
  },
  julepCup: {
    body: 'M37 46 L41 100 Q41 102 44 102 L76 102 Q79 102 79 100 L83 46 Z',
    liquidTop: 50,
    rim: { x: 60, y: 46, rx: 23 },
    opaque: 'silver',
  },
  irishCoffee: {
    body: 'M40 30 L42 78 Q42 82 46 82 L74 82 Q78 82 78 78 L80 30 Z',
    liquidTop: 36,
    rim: { x: 60, y: 30, rx: 20 },
    stem: { y1: 82, y2: 100, foot: 15 },
    handle: 'M79 40 C94 40 94 70 78 70',
  },
};

const GLASS_FAMILY: Record<string, keyof typeof SHAPES> = {
  Coupe: 'coupe',
  'Nick & Nora': 'nickAndNora',
  Martini: 'martini',
  Rocks: 'rocks',
  'Double rocks': 'doubleRocks',
  Highball: 'highball',
  Collins: 'collins',
  Flute: 'flute',
  Wine: 'wine',
  'Copper mug': 'copperMug',
  Hurricane: 'hurricane',
  'Tiki mug': 'tikiMug',
  'Julep cup': 'julepCup',
  'Irish coffee mug': 'irishCoffee',
  'Poco grande': 'pocoGrande',
  Fizz: 'fizz',
  Snifter: 'snifter',
};

const OUTLINE = 'rgb(246 239 228 / 0.6)';

function Garnish({ theme, shape }: { theme: VisualTheme; shape: GlassShape }) {
  const { kind, color } = theme.garnish;
  const x = shape.rim.x + shape.rim.rx - 4;
  const y = shape.rim.y;
  switch (kind) {
    case 'wheel':
      return (
        <g transform={`translate(${x} ${y})`}>
          <circle r="10" fill={color} />
          <circle r="8" fill="rgb(255 250 235 / 0.55)" />
          <circle r="7" fill={color} opacity="0.85" />
          {[0, 60, 120].map((angle) => (
            <line
              key={angle}
              x1="0"
              y1="-7"
              x2="0"
              y2="7"
              stroke="rgb(255 250 235 / 0.7)"
              strokeWidth="0.9"
              transform={`rotate(${angle})`}
            />
          ))}
        </g>
      );
    case 'twist':
      return (
        <path
          d={`M${x - 6} ${y - 2} c 4 -10 12 -6 10 0 c -2 6 -10 4 -6 -2 c 3 -5 10 -4 12 2`}
          fill="none"
          stroke={color}
          strokeWidth="3"
          strokeLinecap="round"
        />
      );
    case 'cherry':
      return (
        <g>
          <path
            d={`M${x} ${y - 2} q 2 -10 9 -13`}
            fill="none"
            stroke="#5b7a2e"
            strokeWidth="1.4"
            strokeLinecap="round"
          />
          <circle cx={x} cy={y} r="5" fill={color} />
          <circle cx={x - 1.6} cy={y - 1.6} r="1.3" fill="rgb(255 255 255 / 0.55)" />
        </g>
      );
    case 'olive':
      return (
        <g>
          <line
            x1={shape.rim.x + shape.rim.rx - 2}
            y1={y - 12}
            x2={shape.rim.x - 4}
            y2={shape.liquidTop + 16}
            stroke="#c9a46a"
            strokeWidth="1.4"
            strokeLinecap="round"
          />
          <ellipse cx={shape.rim.x + 2} cy={shape.liquidTop + 10} rx="4.5" ry="3.6" fill={color} />
          <circle cx={shape.rim.x + 3.5} cy={shape.liquidTop + 10} r="1.3" fill="#b23a2a" />
        </g>
      );
    case 'mint':
      return (
        <g transform={`translate(${x - 2} ${y - 2})`}>
          <ellipse rx="4" ry="8" fill={color} transform="rotate(-30)" />
          <ellipse rx="4" ry="8" fill="#5fb35a" transform="translate(6 -2) rotate(20)" />
          <ellipse rx="3.5" ry="7" fill="#3f8a3d" transform="translate(2 -8) rotate(-5)" />
        </g>
      );
    default:
      return null;
  }
}

/** Props of {@link CocktailVisual}: the cocktail's look-defining fields, plus a className for sizing. */
export interface CocktailVisualProps extends VisualInput {
  id: string | number;
  glassware: string;
  className?: string;
}

/**
 * The generated illustration of one cocktail, filling its container (give the container a size). Decorative: aria-hidden.
 */
export function CocktailVisual({ id, glassware, className, ...input }: CocktailVisualProps) {
  const uid = useId().replace(/:/g, '');
  const theme = visualThemeOf(input);
  const shape = SHAPES[GLASS_FAMILY[glassware] ?? 'coupe'] ?? (SHAPES.coupe as GlassShape);
  const seed = hashOf(id);
  const sparkles = Array.from({ length: 5 }, (_, i) => {
    const n = hashOf(`${seed}-${i}`);
    return { x: 8 + (n % 104), y: 6 + ((n >>> 8) % 40), r: 0.6 + ((n >>> 16) % 10) / 10 };
  });
  const clipId = `glass-${uid}`;
  const liquidId = `liquid-${uid}`;
  const glowId = `glow-${uid}`;
  const bottom = shape.stem ? shape.stem.y1 : 102;
  const opaqueFill =
    shape.opaque === 'copper'
      ? `url(#copper-${uid})`
      : shape.opaque === 'silver'
        ? `url(#silver-${uid})`
        : shape.opaque === 'tiki'
          ? ['#2f7f78', '#8a4b2a', '#3c5a8a'][seed % 3]
          : undefined;

  return (
    <div
      aria-hidden="true"
      className={cn('relative overflow-hidden', className)}
      style={{
        background: `radial-gradient(circle at 50% 72%, ${theme.liquid}38 0%, transparent 58%), linear-gradient(180deg, #241d18 0%, #16110e 100%)`,
      }}
    >
      <svg viewBox="0 0 120 120" className="absolute inset-0 m-auto h-full w-full" preserveAspectRatio="xMidYMid meet">
        <defs>
          <clipPath id={clipId}>
            <path d={shape.body} />
          </clipPath>
          <linearGradient id={liquidId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={theme.liquid} stopOpacity="0.95" />
            <stop offset="1" stopColor={theme.liquidDeep} stopOpacity="0.95" />
          </linearGradient>
          <radialGradient id={glowId} cx="0.5" cy="0.5" r="0.5">
            <stop offset="0" stopColor={theme.liquid} stopOpacity="0.35" />
            <stop offset="1" stopColor={theme.liquid} stopOpacity="0" />
          </radialGradient>
          <linearGradient id={`copper-${uid}`} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#8c4a22" />
            <stop offset="0.35" stopColor="#e0925a" />
            <stop offset="0.6" stopColor="#b8683a" />
            <stop offset="1" stopColor="#6e3618" />
          </linearGradient>
          <linearGradient id={`silver-${uid}`} x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#7d8388" />
            <stop offset="0.35" stopColor="#e6e9ec" />
            <stop offset="0.65" stopColor="#a8aeb3" />
            <stop offset="1" stopColor="#5d6266" />
          </linearGradient>
        </defs>

        {sparkles.map((sparkle, i) => (
          <circle key={i} cx={sparkle.x} cy={sparkle.y} r={sparkle.r} fill="rgb(246 239 228 / 0.35)" />
        ))}

        <ellipse cx="60" cy="104" rx="34" ry="5" fill="rgb(0 0 0 / 0.45)" />
        <ellipse cx="60" cy={(shape.liquidTop + bottom) / 2} rx="44" ry="34" fill={`url(#${glowId})`} />

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

        {opaqueFill ? (
          <g>
            <path d={shape.body} fill={opaqueFill} />
            {shape.opaque === 'tiki' ? (
              <g fill="rgb(0 0 0 / 0.35)">
                <rect x="45" y="44" width="10" height="6" rx="2" />
                <rect x="65" y="44" width="10" height="6" rx="2" />
                <rect x="56" y="52" width="8" height="16" rx="3" />
                <rect x="46" y="74" width="28" height="8" rx="3" />
                <rect x="39" y="34" width="42" height="3" rx="1.5" />
                <rect x="40" y="92" width="40" height="3" rx="1.5" />
              </g>
            ) : null}
            {shape.opaque === 'silver' ? (
              <g>
                <path d="M36 46 Q60 24 84 46 Z" fill="rgb(240 244 248 / 0.92)" />
                <path d="M36 46 Q60 38 84 46" fill="none" stroke="rgb(210 218 226 / 0.9)" strokeWidth="1" />
              </g>
            ) : (
              <ellipse
                cx={shape.rim.x}
                cy={shape.rim.y + 1}
                rx={shape.rim.rx - 2}
                ry="3"
                fill={theme.liquid}
                opacity="0.9"
              />
            )}
            <path d="M42 40 L44 96" stroke="rgb(255 255 255 / 0.28)" strokeWidth="2.5" strokeLinecap="round" />
          </g>
        ) : (
          <g>
            <path d={shape.body} fill="rgb(246 239 228 / 0.06)" />
            <g clipPath={`url(#${clipId})`}>
              <rect x="0" y={shape.liquidTop} width="120" height={120 - shape.liquidTop} fill={`url(#${liquidId})`} />
              {shape.ice ? (
                <g fill="rgb(255 255 255 / 0.16)" stroke="rgb(255 255 255 / 0.38)" strokeWidth="0.8">
                  <rect
                    x="44"
                    y={shape.liquidTop - 4}
                    width="16"
                    height="15"
                    rx="2.5"
                    transform={`rotate(-8 52 ${shape.liquidTop + 4})`}
                  />
                  <rect
                    x="60"
                    y={shape.liquidTop + 6}
                    width="15"
                    height="14"
                    rx="2.5"
                    transform={`rotate(10 67 ${shape.liquidTop + 13})`}
                  />
                </g>
              ) : null}
              {theme.bubbles
                ? [0, 1, 2, 3, 4, 5].map((i) => (
                    <circle
                      key={i}
                      cx={shape.rim.x - shape.rim.rx / 2 + ((seed >>> i) % Math.max(4, shape.rim.rx))}
                      cy={shape.liquidTop + 8 + i * 9}
                      r={0.9 + (i % 3) * 0.4}
                      fill="none"
                      stroke="rgb(255 255 255 / 0.55)"
                      strokeWidth="0.7"
                    />
                  ))
                : null}
              {theme.foam ? (
                <rect x="0" y={shape.liquidTop - 1} width="120" height="6" fill="#f3ead8" opacity="0.92" />
              ) : null}
            </g>
            <path d={shape.body} fill="none" stroke={OUTLINE} strokeWidth="1.6" strokeLinejoin="round" />
            <path
              d={`M${shape.rim.x - shape.rim.rx + 7} ${shape.rim.y + 6} q -2 14 2 26`}
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
          fill="none"
          stroke={shape.opaque === 'copper' ? '#e8a070' : OUTLINE}
          strokeWidth="1.4"
        />

        <Garnish theme={theme} shape={shape} />
      </svg>
    </div>
  );
}
