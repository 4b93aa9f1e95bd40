import { createHash } from 'node:crypto';
import path from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/** The web fonts the first paint uses: the latin subsets of Inter (text) and Fraunces (headings), variable weight. */
export const FIRST_PAINT_FONTS = /^assets\/((?:inter|fraunces)-latin-wght-normal)-[\w-]+\.woff2$/;

/**
 * How far each first-paint font's weight axis is kept: Inter (text) draws at the four weights the CSS asks for
 * (Tailwind's font-normal, -medium, -semibold, -bold: 400-700; a heavier `bolder` draws at 700); Fraunces (headings,
 * always font-semibold) becomes a static 600 instance, about half the size.
 */
export const FONT_WEIGHTS: Record<'inter' | 'fraunces', number | { min: number; max: number }> = {
  inter: { min: 400, max: 700 },
  fraunces: 600,
};

/** Code point ranges of Fontsource's latin subset (its @font-face unicode-range), which the subset keeps whole. */
const LATIN_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/** Every character of {@link LATIN_RANGES}, as the text the subset must still draw. */
function latinText(): string {
  let text = '';
  for (const [from, to] of LATIN_RANGES)
    for (let code = from; code <= to; code += 1) text += String.fromCodePoint(code);
  return text;
}

/** `assets/<name>-<hash>.woff2` (a {@link FIRST_PAINT_FONTS} file) renamed after the new content's hash (8 characters). */
function renamed(fileName: string, source: Uint8Array): string {
  const name = FIRST_PAINT_FONTS.exec(fileName)?.[1] ?? path.basename(fileName, '.woff2');
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/${name}-${hash}.woff2`;
}

/**
 * The first paint's fonts, as a Vite plugin for the build:
 * - cuts the two variable fonts to the weights the CSS uses ({@link FONT_WEIGHTS}), keeping the same latin characters,
 *   with subset-font (HarfBuzz): Inter 48 -> 31 kB, Fraunces 37 -> 18 kB, measured. Each is renamed after its new
 *   content (the stylesheet and page follow), so a cached old file is never taken for the new one;
 * - adds a `<link rel="preload" as="font">` for each to index.html, so the browser fetches them with the page instead
 *   of after laying out text. Other subsets (latin-ext, cyrillic...) still load only when a page uses them.
 * @throws (fails the build) when a font cannot be subset.
 */
export function firstPaintFonts(): Plugin {
  const renames = new Map<string, string>();
  return {
    name: 'barback:first-paint-fonts',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const text = latinText();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !FIRST_PAINT_FONTS.test(output.fileName)) continue;
        const source = await subsetFont(Buffer.from(output.source), text, {
          targetFormat: 'woff2',
          variationAxes: { wght: FONT_WEIGHTS[output.fileName.includes('fraunces') ? 'fraunces' : 'inter'] },
        });
        const fileName = renamed(output.fileName, source);
        renames.set(output.fileName, fileName);
        delete bundle[output.fileName];
        this.emitFile({ type: 'asset', fileName, source, originalFileName: output.originalFileName ?? undefined });
      }
      for (const output of Object.values(bundle)) {
        if (output.type !== 'asset' || !/\.(css|html)$/.test(output.fileName)) continue;
        let content = typeof output.source === 'string' ? output.source : Buffer.from(output.source).toString('utf8');
        for (const [from, to] of renames) content = content.replaceAll(from, to);
        output.source = content;
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
          .filter((file) => FIRST_PAINT_FONTS.test(file))
          .sort();
        // Named as bundled; generateBundle above renames them in this page too.
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
