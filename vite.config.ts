import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerenderPages } from './scripts/vite-prerender.ts';

/** package.json's version, or APP_VERSION when the build sets one. */
function appVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

/** The build's id: BUILD_ID when set, else the short git commit of the tree ('' outside a git checkout). */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** The web fonts the first paint uses: the latin subsets of Inter (text) and Fraunces (headings). */
const FIRST_PAINT_FONTS = /^assets\/(inter|fraunces)-latin-wght-normal-[\w-]+\.woff2$/;

/**
 * Preloads the fonts of the first paint (issue 12): index.html gets a `<link rel="preload" as="font">` for each emitted
 * file matching {@link FIRST_PAINT_FONTS}, so the browser fetches them with the stylesheet instead of after laying out
 * text. Other subsets (latin-ext, cyrillic...) still load only when a page uses them (their @font-face unicode-range).
 */
function preloadFirstPaintFonts(): Plugin {
  return {
    name: 'barback:preload-first-paint-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files = Object.keys(context.bundle ?? {})
          .filter((file) => FIRST_PAINT_FONTS.test(file))
          .sort();
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

/**
 * Vite builds the client (src/client) into dist/client; the Hono server serves that folder in production. The About
 * panel's facts are fixed at build time: version (package.json or APP_VERSION), release channel (RELEASE_CHANNEL, default
 * 'production') and build id (BUILD_ID or the git commit). After the bundle, prerenderPages writes the pre-rendered
 * index.html and app-shell.html (issue 12).
 */
const define = {
  'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion()),
  'import.meta.env.VITE_RELEASE_CHANNEL': JSON.stringify(process.env.RELEASE_CHANNEL ?? 'production'),
  'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()),
};
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  define,
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [react(), tailwindcss(), preloadFirstPaintFonts(), prerenderPages({ alias, define })],
  resolve: { alias },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // React and its renderer in a chunk of their own (75 kB gzip, the largest): it changes only when React does, so
        // a returning visitor keeps it cached across our releases (issue 12). Left to itself the bundler names it after
        // a small shared module and mixes app code into it.
        codeSplitting: {
          groups: [{ name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
