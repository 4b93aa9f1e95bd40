import { memo, useId } from 'react';
import { useNearViewport } from '@/client/lib/use-near-viewport';
import { cn } from '@/client/lib/utils';
import { hashOf, visualThemeOf, type VisualInput } from '../lib/visual-theme';
import { GarnishPiece, SurfaceDusting, type GarnishSlot } from './cocktail-visual-garnish';
import { Bubbles, Foam, Ice, Mound, RimCoat, Vapour } from './cocktail-visual-layers';
import { circlePath, halfWidthAt, OUTLINE, r1, SHAPES, TIKI_GLAZES } from './cocktail-visual-shapes';

/**
 * A generated, decorative illustration of a cocktail on a 120 x 120 canvas: the glass of its glassware, filled to a level
 * set by the recipe's volume with a liquid whose colour blends the ingredients (see visual-theme.ts), with its ice, foam or
 * cream, floats and sunk syrups, bubbles, rim coat, garnish, and steam or smoke, on a soft glow. Everything comes from the
 * cocktail's data, so the card and the recipe modal draw the same picture. Hidden from assistive technology (the card's
 * text says everything).
 */

/** Props of {@link CocktailVisual}: the cocktail's look-defining fields (a cocktail summary has them all), plus sizing. */
export interface CocktailVisualProps extends VisualInput {
  /** The cocktail's id. Not used for drawing (the picture depends on the data only); kept for callers. */
  id: string | number;
  /** One of GLASSWARE (src/shared/domain/vocabulary.ts); unknown values draw a coupe. */
  glassware: string;
  className?: string;
  /**
   * Draw only the backdrop (the glow in the liquid's colour, same box) until the picture nears the viewport, then the
   * glass, a few pictures a frame (`useNearViewport`): for the cards of a grid.
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
