import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The app's icons for the web app manifest (installing needs PNGs of 192 and 512 px), drawn from one SVG. */
export const APP_ICONS = [
  { fileName: 'icons/icon-192.png', size: 192, maskable: false },
  { fileName: 'icons/icon-512.png', size: 512, maskable: false },
  { fileName: 'icons/icon-maskable-512.png', size: 512, maskable: true },
] as const;

/** The maskable icon's backdrop: the app's background colour (manifest.webmanifest `background_color`). */
const MASKABLE_BACKGROUND = '#0f0c0a';
/** A maskable icon keeps its drawing inside the central 80 % circle the launcher may crop to (W3C manifest spec). */
const MASKABLE_SAFE_SHARE = 0.8;

/**
 * Renders `svgPath` to the PNGs of {@link APP_ICONS} with sharp and emits them into the build (dist/client/icons/), so
 * the icons never drift from the SVG and no binary lives in the repository.
 */
export function appIcons(svgPath: string): Plugin {
  return {
    name: 'barback-app-icons',
    apply: 'build',
    async generateBundle() {
      const svg = await readFile(svgPath);
      for (const icon of APP_ICONS) {
        let source: Buffer;
        if (icon.maskable) {
          const inner = Math.round(icon.size * MASKABLE_SAFE_SHARE);
          const drawing = await sharp(svg, { density: 384 }).resize(inner, inner).png().toBuffer();
          source = await sharp({
            create: { width: icon.size, height: icon.size, channels: 4, background: MASKABLE_BACKGROUND },
          })
            .composite([{ input: drawing, gravity: 'center' }])
            .png()
            .toBuffer();
        } else {
          source = await sharp(svg, { density: 384 }).resize(icon.size, icon.size).png().toBuffer();
        }
        this.emitFile({ type: 'asset', fileName: icon.fileName, source });
      }
    },
  };
}
