import { hashOf, type VisualTheme } from '../lib/visual-theme';
import { circlePath, halfWidthAt, ICE_EDGE, ICE_FILL, r1, type GlassShape } from './cocktail-visual-shapes';

/**
 * The drink's layers that {@link CocktailVisual} (cocktail-visual.tsx) draws in and above the glass: ice, foam, bubbles,
 * a heaped mound, steam or smoke, and the rim coat.
 */

/** Ice inside a clear glass: cubes stacked to the surface, one big cube, crushed ice, or a frozen blend's texture. */
export function Ice({
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
export function Foam({ theme, shape, top }: { theme: VisualTheme; shape: GlassShape; top: number }) {
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
export function Bubbles({ theme, shape, top }: { theme: VisualTheme; shape: GlassShape; top: number }) {
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
export function Mound({ theme, shape, patternId }: { theme: VisualTheme; shape: GlassShape; patternId: string }) {
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
export function Vapour({ theme, shape }: { theme: VisualTheme; shape: GlassShape }) {
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
export function RimCoat({ theme, shape }: { theme: VisualTheme; shape: GlassShape }) {
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
