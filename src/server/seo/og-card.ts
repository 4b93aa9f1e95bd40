import type { Technique } from '@/shared/domain/abv';
import { PREPARED_BY_TECHNIQUE } from '@/shared/domain/recipe-steps';
import type { CocktailDetail } from '@/shared/schemas/cocktail';

/**
 * The link-preview card's layout (seo/og-image.ts serves it as a PNG): 1200 x 630 px in the app's dark bar palette, the
 * recipe's own illustration on the right on a glow of its liquid colour, and on the left the BARBACK label, the name in
 * a serif and a meta line (base spirit · technique · glassware), as SVG markup for sharp (librsvg) to convert.
 */

/** Width of the image, px (the Open Graph and Twitter large-card size). */
export const OG_IMAGE_WIDTH = 1200;
/** Height of the image, px. */
export const OG_IMAGE_HEIGHT = 630;

/** The palette of src/client/styles.css (`--color-*`). */
const PALETTE = {
  background: '#0f0c0a',
  surface: '#1a1512',
  surface2: '#231c17',
  border: '#3a2f26',
  foreground: '#f6efe4',
  muted: '#b3a696',
  accent: '#e6a84f',
} as const;

const SERIF = "'Liberation Serif', 'Times New Roman', Times, serif";
const SANS = "'Liberation Sans', Arial, Helvetica, sans-serif";

/**
 * Advance widths of Liberation Serif Regular (metric-compatible with Times New Roman), thousandths of the font size:
 * enough to wrap a name without a font library. Other characters are measured by their unaccented letter, else 0.55.
 */
const SERIF_WIDTHS: Record<string, number> = {
  ...Object.fromEntries(
    [...'abcdefghijklmnopqrstuvwxyz'].map((ch, i) => [
      ch,
      [
        444, 500, 444, 500, 444, 333, 500, 500, 278, 278, 500, 278, 778, 500, 500, 500, 500, 333, 389, 278, 500, 500,
        722, 500, 500, 444,
      ][i]!,
    ]),
  ),
  ...Object.fromEntries(
    [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((ch, i) => [
      ch,
      [
        722, 667, 667, 722, 611, 556, 722, 722, 333, 389, 722, 611, 889, 722, 722, 556, 722, 667, 556, 611, 722, 722,
        944, 722, 722, 611,
      ][i]!,
    ]),
  ),
  ...Object.fromEntries([...'0123456789'].map((ch) => [ch, 500])),
  ' ': 250,
  '.': 250,
  ',': 250,
  ':': 278,
  ';': 278,
  '-': 333,
  "'": 180,
  '’': 333,
  '"': 408,
  '&': 778,
  '(': 333,
  ')': 333,
  '/': 278,
  '!': 333,
  '?': 444,
  '…': 1000,
};

/** The width of `text` in Liberation Serif at `size` px, px (an estimate good to a few per cent). */
export function serifWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    units += SERIF_WIDTHS[ch] ?? SERIF_WIDTHS[ch.normalize('NFD')[0] ?? ''] ?? 550;
  }
  return (units / 1000) * size;
}

/** `text` with the five XML specials escaped, for SVG text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * `text` cut to fit `width` px at `size` px, ending in an ellipsis when anything was cut: at a word's end when that keeps
 * at least half the line, else inside the word.
 */
function truncate(text: string, width: number, size: number): string {
  if (serifWidth(text, size) <= width) return text;
  let cut = [...text];
  while (cut.length > 0 && serifWidth(`${cut.join('').trimEnd()}…`, size) > width) cut = cut.slice(0, -1);
  const kept = cut.join('');
  const space = text.length > kept.length && text[kept.length] === ' ' ? kept.length : kept.lastIndexOf(' ');
  const atWord = space > 0 ? kept.slice(0, space) : kept;
  const line = serifWidth(atWord, size) >= width / 2 ? atWord : kept;
  return `${line.trimEnd().replace(/[\s,.;:·-]+$/, '')}…`;
}

/**
 * A cocktail name laid out in at most two lines of `width` px: the largest of the sizes (px) at which the words fit,
 * else the smallest size with the second line truncated with an ellipsis (and a single word too long for a line cut).
 * @returns the lines and their font size, px.
 */
export function wrapName(name: string, width: number, sizes = [88, 76, 66, 58]): { lines: string[]; size: number } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const layout = (size: number) => {
    const lines: string[] = [];
    for (const word of words) {
      const last = lines.at(-1);
      if (last !== undefined && serifWidth(`${last} ${word}`, size) <= width)
        lines[lines.length - 1] = `${last} ${word}`;
      else lines.push(word);
    }
    return lines;
  };
  for (const size of sizes) {
    const lines = layout(size);
    if (lines.length <= 2 && lines.every((line) => serifWidth(line, size) <= width)) return { lines, size };
  }
  const size = sizes.at(-1)!;
  const lines = layout(size);
  const first = truncate(lines[0] ?? '', width, size);
  if (lines.length === 1) return { lines: [first], size };
  const rest = first.endsWith('…') ? [] : [truncate(lines.slice(1).join(' '), width, size)];
  // A second line that had to be cut always shows the ellipsis, even when the cut fell at a word's end.
  if (rest[0] && lines.length > 2 && !rest[0].endsWith('…')) rest[0] = truncate(`${rest[0]} …`, width, size);
  return { lines: [first, ...rest], size };
}

/** The meta line under the name: base spirit · technique · glassware (as the recipe's facts name them). */
export function metaLineOf(cocktail: Pick<CocktailDetail, 'base_spirit' | 'technique' | 'glassware'>): string {
  const technique = PREPARED_BY_TECHNIQUE[cocktail.technique as Technique] ?? cocktail.technique;
  return [cocktail.base_spirit, technique, cocktail.glassware].filter(Boolean).join(' · ');
}

/** Left edge of the text column, px. */
const TEXT_X = 84;
/** Widest a name line may be, px (the drawing starts at 640). */
const TEXT_WIDTH = 560;
/** The drawing's square, px. */
const DRAWING = { x: 650, y: 55, size: 520 };

/**
 * The link-preview card as SVG markup, 1200 x 630 px. `drawing.svg` is the build's `<svg viewBox="0 0 120 120">`
 * illustration (placed in a 520 px square on the right); `drawing.liquid` its `#rrggbb` liquid colour (the glow behind
 * it; anything else falls back to the accent). The drawing's colours are CSS Color 4 `rgb(r g b / a)` forms, which the
 * librsvg sharp ships (2.63) draws correctly, so they are kept as they are (og-image.test.ts checks the pixels).
 * @throws Error when `drawing.svg` is not an `<svg>` element.
 */
export function composeCocktailCard(
  cocktail: Pick<CocktailDetail, 'name' | 'base_spirit' | 'technique' | 'glassware'>,
  drawing: { svg: string; liquid: string },
): string {
  const svg = drawing.svg.trim();
  if (!svg.startsWith('<svg') || !svg.endsWith('</svg>')) throw new Error('the cocktail drawing is not an <svg>');
  const liquid = /^#[0-9a-f]{6}$/i.test(drawing.liquid) ? drawing.liquid : PALETTE.accent;
  // The drawing's own width and height give way to the square it is placed in.
  const placed = svg.replace(
    /^<svg\b([^>]*)>/,
    (_, attributes: string) =>
      `<svg${attributes.replace(/\s(?:width|height|x|y|class)="[^"]*"/g, '')} x="${DRAWING.x}" y="${DRAWING.y}" width="${DRAWING.size}" height="${DRAWING.size}" preserveAspectRatio="xMidYMid meet">`,
  );
  const { lines, size } = wrapName(cocktail.name, TEXT_WIDTH);
  const lineHeight = Math.round(size * 1.08);
  // The name block sits in the middle of the card: label above it, the rule and meta line below it.
  const nameTop = 315 - (lines.length * lineHeight) / 2 + size * 0.32;
  const names = lines
    .map((line, i) => `<tspan x="${TEXT_X}" y="${Math.round(nameTop + i * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  const ruleY = Math.round(nameTop + (lines.length - 1) * lineHeight + size * 0.55);
  const meta = escapeXml(metaLineOf(cocktail));
  const glow = { cx: DRAWING.x + DRAWING.size / 2, cy: Math.round(DRAWING.y + DRAWING.size * 0.58) };
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="og-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${PALETTE.surface}"/><stop offset="1" stop-color="${PALETTE.background}"/></linearGradient>`,
    `<radialGradient id="og-glow" cx="${glow.cx}" cy="${glow.cy}" r="400" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${liquid}" stop-opacity="0.34"/><stop offset="0.55" stop-color="${liquid}" stop-opacity="0.1"/><stop offset="1" stop-color="${liquid}" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#og-bg)"/>`,
    `<rect width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" fill="url(#og-glow)"/>`,
    `<rect x="18" y="18" width="${OG_IMAGE_WIDTH - 36}" height="${OG_IMAGE_HEIGHT - 36}" rx="22" fill="none" stroke="${PALETTE.border}" stroke-width="2"/>`,
    `<circle cx="${TEXT_X + 7}" cy="98" r="7" fill="${PALETTE.accent}"/>`,
    `<text x="${TEXT_X + 26}" y="106" font-family="${SANS}" font-size="22" font-weight="700" letter-spacing="6" fill="${PALETTE.accent}">BARBACK</text>`,
    `<text font-family="${SERIF}" font-size="${size}" fill="${PALETTE.foreground}">${names}</text>`,
    `<rect x="${TEXT_X}" y="${ruleY}" width="64" height="4" rx="2" fill="${PALETTE.accent}"/>`,
    `<text x="${TEXT_X}" y="${ruleY + 56}" font-family="${SANS}" font-size="30" fill="${PALETTE.muted}">${meta}</text>`,
    `<text x="${TEXT_X}" y="540" font-family="${SANS}" font-size="20" letter-spacing="1" fill="${PALETTE.muted}" fill-opacity="0.75">Cocktail recipe</text>`,
    placed,
    '</svg>',
  ].join('');
}
