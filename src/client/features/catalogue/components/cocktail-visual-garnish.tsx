import { FRUIT_COLOURS } from '../lib/visual-garnish';
import { hashOf, type Dusting, type GarnishItem } from '../lib/visual-theme';

/**
 * Garnish and surface-dusting drawings of the cocktail illustration (cocktail-visual.tsx), on its 120 x 120 canvas.
 * Each piece is drawn around its slot on the rim; pieces that sit in the drink (a spent lime, a long peel, an olive on a
 * pick, a floating leaf) use the liquid surface instead. Small, hand-drawn paths only: the picture appears 50 times a page.
 */

/** Where a rim garnish sits: canvas x, y of the rim edge, and which side of the glass (1 right, -1 left). */
export interface GarnishSlot {
  x: number;
  y: number;
  side: 1 | -1;
}

/** The liquid surface: centre x, y, and the glass's interior half width there (canvas units). */
export interface LiquidSurface {
  x: number;
  y: number;
  w: number;
}

const PALE = 'rgb(255 250 235 / 0.62)';
/** Three curls of a citrus twist; the data never says how a peel curls, so the theme's hash picks one. */
const CURLS = [
  'M-6-2c4-10 12-6 10 0c-2 6-10 4-6-2c3-5 10-4 12 2',
  'M-7 0c2-8 9-10 12-5c3 4-3 8-6 4c-2-3 2-7 8-6',
  'M-5 1c-1-7 6-10 9-6s-2 7-5 4c-2-3 3-8 9-5',
];
/** Peel width by fruit: grapefruit and orange peels are broader than lemon and lime. */
const PEEL_WIDTH: Readonly<Record<string, number>> = {
  [FRUIT_COLOURS.grapefruit!]: 3.8,
  [FRUIT_COLOURS.orange!]: 3.3,
};
const r1 = (value: number) => Math.round(value * 10) / 10;

function Wheel({ color, cloves, rind }: { color: string; cloves?: boolean; rind?: string }) {
  return (
    <g>
      <circle r="7.5" fill={rind ?? color} />
      <circle r="6.2" fill={PALE} />
      <circle r="5.4" fill={color} opacity="0.8" />
      <path d="M0-5.4V5.4M-4.7-2.7 4.7 2.7M-4.7 2.7 4.7-2.7" stroke={PALE} strokeWidth="0.8" />
      {cloves ? <path d="M-3-3h.1M3 1h.1M-1 4h.1" stroke="#3a1a0a" strokeWidth="1.8" strokeLinecap="round" /> : null}
    </g>
  );
}

/** One garnish piece at its slot (or in the drink when `inside`). */
export function GarnishPiece({
  item,
  slot,
  surface,
  floor,
  inside = false,
  mounded = false,
  curl = 0,
}: {
  item: GarnishItem;
  slot: GarnishSlot;
  surface: LiquidSurface;
  /** y of the bottom of the liquid. */
  floor: number;
  /** Drawn inside the glass's clip (spent lime, long peel). */
  inside?: boolean;
  /** Sits on an ice mound (no glass edge to hang on). */
  mounded?: boolean;
  /** Which twist curl to draw, 0–2. */
  curl?: number;
}) {
  const { kind, color, count } = item;
  const at = `translate(${r1(slot.x)} ${r1(slot.y)})${slot.side < 0 ? ' scale(-1 1)' : ''}`;
  if (inside && kind === 'inGlass') {
    return (
      <g transform={`translate(${r1(surface.x + 3)} ${r1(floor - 5)}) rotate(-18)`}>
        <path d="M-6.5 0A6.5 6.5 0 0 0 6.5 0Z" fill={color} />
        <path d="M-5.2 0A5.2 5.2 0 0 0 5.2 0Z" fill="#eef4c8" opacity="0.75" />
      </g>
    );
  }
  if (inside && kind === 'longPeel') {
    const turns = Math.max(2, Math.min(7, Math.floor((floor - surface.y + 10) / 11)));
    const wave = Array.from({ length: turns }, (_, i) => (i % 2 === 0 ? 'q-13 5.5 0 11' : 'q13 5.5 0 11')).join(' ');
    return (
      <path
        d={`M${r1(surface.x + 2)} ${r1(floor - turns * 11)} ${wave}`}
        fill="none"
        stroke={color}
        strokeWidth="2.2"
        strokeLinecap="round"
        opacity="0.9"
      />
    );
  }
  switch (kind) {
    case 'wheel':
      return (
        <g transform={`translate(${r1(slot.x)} ${r1(slot.y - 2)})`}>
          <Wheel color={color} cloves={item.cloves} />
        </g>
      );
    case 'cucumber':
      return (
        <g transform={`translate(${r1(slot.x)} ${r1(slot.y - 2)})`}>
          <Wheel color="#cfe6a8" rind="#3f7a35" />
          <path d="M-2-1h.1M2-1h.1M0 2h.1" stroke="#8aa86a" strokeWidth="1.2" strokeLinecap="round" />
        </g>
      );
    case 'halfWheel':
      return (
        <g transform={at}>
          <path d="M-8 0A8 8 0 0 1 8 0Z" fill={color} />
          <path d="M-6.6 0A6.6 6.6 0 0 1 6.6 0Z" fill={PALE} />
          <path d="M-5.8 0A5.8 5.8 0 0 1 5.8 0Z" fill={color} opacity="0.8" />
          <path d="M0 0V-5.8M0 0-4.1-4.1M0 0 4.1-4.1" stroke={PALE} strokeWidth="0.8" />
        </g>
      );
    case 'wedge':
      return (
        <g transform={`${at} rotate(-35)`}>
          <path d="M-7.5 0A7.5 7.5 0 0 0 7.5 0Z" fill={PALE} />
          <path d="M-7.5 0A7.5 7.5 0 0 0 7.5 0Z" fill={color} opacity="0.55" />
          <path d="M-7.5 0A7.5 7.5 0 0 0 7.5 0" fill="none" stroke={color} strokeWidth="2.2" />
        </g>
      );
    case 'apple':
      return (
        <g transform={`${at} rotate(18)`}>
          <path d="M-8 0A8 8 0 0 1 8 0Z" fill={color} />
          <path d="M-8 0A8 8 0 0 1 8 0" fill="none" stroke="#b8282a" strokeWidth="1.8" />
          <path d="M-1.5-3h.1M1.5-3h.1" stroke="#6a3a1a" strokeWidth="1.2" strokeLinecap="round" />
        </g>
      );
    case 'twist':
      return (
        <g transform={at}>
          <path
            d={CURLS[curl % CURLS.length]}
            fill="none"
            stroke={color}
            strokeWidth={PEEL_WIDTH[color] ?? 2.8}
            strokeLinecap="round"
          />
          {item.flamed ? <path d="M7-8c-2-3 0-6 2-8 0 3 3 4 1 8z" fill="#f7b733" /> : null}
        </g>
      );
    case 'longPeel':
    case 'ring':
      return (
        <ellipse
          cx={r1(slot.x - 2)}
          cy={r1(slot.y - 3)}
          rx="8"
          ry="3"
          fill="none"
          stroke={color}
          strokeWidth="2"
          transform={`rotate(-12 ${r1(slot.x)} ${r1(slot.y)})`}
        />
      );
    case 'cherry': {
      if (count === 1) {
        return (
          <g transform={at}>
            <path d="M0-2q2-10 9-13" fill="none" stroke="#5b7a2e" strokeWidth="1.4" strokeLinecap="round" />
            <circle r="5" fill={color} />
            <circle cx="-1.6" cy="-1.6" r="1.3" fill="rgb(255 255 255 / 0.55)" />
          </g>
        );
      }
      return (
        <g transform={at}>
          <path d="M5-17-9 7" stroke="#c9a46a" strokeWidth="1.2" strokeLinecap="round" />
          {Array.from({ length: count }, (_, i) => (
            <g key={i} transform={`translate(${r1(1.5 - i * 4.2)} ${r1(-10 + i * 7.2)})`}>
              <circle r="4.2" fill={color} />
              <circle cx="-1.3" cy="-1.3" r="1.1" fill="rgb(255 255 255 / 0.5)" />
            </g>
          ))}
        </g>
      );
    }
    case 'olive':
    case 'onion': {
      const x2 = surface.x - 4;
      const y2 = surface.y + 14;
      const pieces = kind === 'olive' ? 1 : count;
      return (
        <g>
          <path
            d={`M${r1(slot.x + 2)} ${r1(slot.y - 12)} L${r1(x2)} ${r1(y2)}`}
            stroke="#c9a46a"
            strokeWidth="1.3"
            strokeLinecap="round"
          />
          {Array.from({ length: pieces }, (_, i) => {
            const t = 0.78 - i * 0.14;
            const cx = r1(slot.x + 2 + (x2 - slot.x - 2) * t);
            const cy = r1(slot.y - 12 + (y2 - slot.y + 12) * t);
            return kind === 'olive' ? (
              <g key={i}>
                <ellipse cx={cx} cy={cy} rx="4.6" ry="3.6" fill={color} />
                <circle cx={r1(cx + 1.6)} cy={cy} r="1.3" fill="#b23a2a" />
              </g>
            ) : (
              <circle key={i} cx={cx} cy={cy} r="2.7" fill={color} stroke="#c9c0a6" strokeWidth="0.5" />
            );
          })}
        </g>
      );
    }
    case 'mint':
      return (
        <g transform={at}>
          <path d="M0 4 1-10" stroke="#3f7a35" strokeWidth="1" />
          <ellipse rx="3.6" ry="6.5" fill="#4f9a4a" transform="translate(-4 -3) rotate(-35)" />
          <ellipse rx="3.6" ry="6.5" fill="#5fb35a" transform="translate(5 -4) rotate(32)" />
          <ellipse rx="3.4" ry="6" fill="#3f8a3d" transform="translate(-1 -11) rotate(-6)" />
          <ellipse rx="2.8" ry="5" fill="#6cc065" transform="translate(4 -12) rotate(25)" />
        </g>
      );
    case 'basil':
      return (
        <g transform={at}>
          <ellipse rx="5" ry="7" fill="#3f8a3d" transform="translate(-4 -4) rotate(-30)" />
          <ellipse rx="5" ry="7" fill="#2f7a35" transform="translate(4 -8) rotate(20)" />
          <path d="M-1 2-6-9M2 1 6-13" stroke="#8cc07a" strokeWidth="0.6" />
        </g>
      );
    case 'leaf':
      return (
        <g transform={`translate(${r1(surface.x + surface.w * 0.35)} ${r1(surface.y)}) rotate(-12)`}>
          <ellipse rx="5" ry="2.3" fill={color} />
          <path d="M-4.5 0h9" stroke="#8cc07a" strokeWidth="0.5" />
        </g>
      );
    case 'passionFruit':
      return (
        <g transform={`translate(${r1(surface.x - surface.w * 0.3)} ${r1(surface.y)})`}>
          <ellipse rx="7" ry="3.2" fill={color} />
          <ellipse rx="5.6" ry="2.3" fill="#f2b020" />
          <path d="M-3 0h.1M0-1h.1M2.5.5h.1M-.5 1h.1" stroke="#2a1a10" strokeWidth="1" strokeLinecap="round" />
        </g>
      );
    case 'pineapple':
      return (
        <g transform={at}>
          <path d="M-1-6-6-19l5 8 2-12 3 11 6-8-5 12z" fill="#4f8a3a" />
          <path d="M-9-6h18L0 7z" fill={color} />
          <path d="M-9-6Q0-9 9-6" fill="none" stroke="#b8862a" strokeWidth="2.6" />
        </g>
      );
    case 'berries':
    case 'grapes':
      return (
        <g transform={at}>
          {[
            [0, -1],
            [4.5, -3],
            [1, -6],
          ]
            .slice(0, Math.max(2, count + 1))
            .map(([x, y], i) => (
              <g key={i}>
                <circle cx={x} cy={y} r={kind === 'grapes' ? 3.3 : 3} fill={color} />
                <circle cx={x! - 1} cy={y! - 1} r="0.8" fill="rgb(255 255 255 / 0.45)" />
              </g>
            ))}
        </g>
      );
    case 'celery':
      return (
        <g transform={at}>
          <path d="M-4 16 0-18" stroke={color} strokeWidth="4" strokeLinecap="round" />
          <path d="M-3.5 15 0.3-16" stroke="#d6ebb0" strokeWidth="1" />
          <ellipse rx="2.6" ry="4" fill="#6aa84a" transform="translate(-3 -20) rotate(-30)" />
          <ellipse rx="2.6" ry="4" fill="#5a983a" transform="translate(3 -21) rotate(30)" />
        </g>
      );
    case 'cinnamon':
      return (
        <g transform={at}>
          <path d="M-2 14-7-18" stroke={color} strokeWidth="3.4" strokeLinecap="round" />
          <path d="M-1.2 13-6.2-17" stroke="#a8653a" strokeWidth="1" />
        </g>
      );
    case 'chili':
      return (
        <g transform={at}>
          <path d="M-2-8q9 2 6 15-5-3-6-15z" fill={color} />
          <path d="M-3-8q1-3 3-2" fill="none" stroke="#4f8a3a" strokeWidth="1.6" strokeLinecap="round" />
        </g>
      );
    case 'ginger':
      return (
        <g transform={at}>
          <path d="M3-17-3 5" stroke="#c9a46a" strokeWidth="1.2" strokeLinecap="round" />
          <rect x="-3" y="-10" width="7" height="6" rx="1.6" fill={color} transform="rotate(15)" />
          <path d="M-1-9h.1M2-7h.1" stroke="#fff6dc" strokeWidth="0.9" strokeLinecap="round" />
        </g>
      );
    case 'umbrella':
      return (
        <g transform={at}>
          <path d={`M${mounded ? -2 : -6} 14 4-11`} stroke="#c9a46a" strokeWidth="1" />
          <g transform="translate(4 -11) rotate(22)">
            <path d="M-11 0Q0-13 11 0Q5.5-2.5 0 0Q-5.5-2.5-11 0z" fill={color} />
            <path d="M0 0V-6.5M-6-1 0-6.5 6-1" fill="none" stroke="rgb(255 255 255 / 0.5)" strokeWidth="0.6" />
          </g>
        </g>
      );
    default:
      return null;
  }
}

/** Spice grated over the drink, coffee beans floating on the crema, or drops of bitters on the foam. */
export function SurfaceDusting({ dusting, surface, seed }: { dusting: Dusting; surface: LiquidSurface; seed: number }) {
  const { x, y, w } = surface;
  if (dusting === 'beans') {
    return (
      <g fill="#3a1e10">
        {[-0.45, 0, 0.45].map((dx, i) => (
          <ellipse key={i} cx={r1(x + dx * w)} cy={r1(y + 1.2)} rx="2.2" ry="1.3" />
        ))}
      </g>
    );
  }
  if (dusting === 'bitters') {
    return (
      <g fill="#8a2a18">
        <path d={`M${r1(x - w * 0.45)} ${r1(y + 1.4)}h${r1(w * 0.9)}`} stroke="#8a2a18" strokeWidth="0.4" />
        {[-0.45, 0, 0.45].map((dx, i) => (
          <circle key={i} cx={r1(x + dx * w)} cy={r1(y + 1.4)} r="1.2" />
        ))}
      </g>
    );
  }
  // Nutmeg (or cinnamon): a scatter of fine specks placed by the data hash.
  return (
    <g fill={dusting === 'nutmeg' ? '#7a4322' : '#8a4a22'}>
      {Array.from({ length: 8 }, (_, i) => {
        const n = hashOf(`${seed}/${i}`);
        return (
          <circle
            key={i}
            cx={r1(x + ((n % 100) / 50 - 1) * w * 0.75)}
            cy={r1(y + 0.6 + ((n >>> 8) % 20) / 10)}
            r="0.6"
          />
        );
      })}
    </g>
  );
}
