import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaintFonts } from './scripts/vite-fonts.ts';
import { appIcons } from './scripts/vite-icons.ts';
import { prerenderPages } from './scripts/vite-prerender.ts';
import { APP_SHELL_PATH } from './src/shared/offline.ts';

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

/**
 * Vite builds the client (src/client) into dist/client; the Hono server serves that folder in production. The About
 * panel's facts are fixed at build time: version (package.json or APP_VERSION), release channel (RELEASE_CHANNEL, default
 * 'production') and build id (BUILD_ID or the git commit). After the bundle, prerenderPages writes the pre-rendered
 * index.html and app-shell.html.
 */
const define = {
  'import.meta.env.VITE_APP_VERSION': JSON.stringify(appVersion()),
  'import.meta.env.VITE_RELEASE_CHANNEL': JSON.stringify(process.env.RELEASE_CHANNEL ?? 'production'),
  'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId()),
};
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * React Router's production build. Its package.json points every import condition at dist/development, whose
 * only difference is `ENABLE_DEV_WARNINGS = true` (remix-run/react-router#12532, #14102): in a production bundle that
 * keeps the development warnings and their checks. The client's production build takes dist/production instead.
 * @throws when the file is missing (a React Router release that moved it): the build stops rather than ship the other.
 */
function reactRouterProductionBuild(): string {
  const file = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
  if (!existsSync(file)) throw new Error(`React Router's production build is not at ${file}`);
  return file;
}

/** Every build's own revision of the two precached pages, so a new build's worker fetches them afresh. */
const PAGES_REVISION = `${buildId() || 'build'}-${Date.now().toString(36)}`;

/**
 * The service worker (src/client/sw.ts, docs/operations.md "Offline"), built by vite-plugin-pwa with Workbox's
 * injectManifest: its precache lists the build's scripts, styles, fonts and icons (the pre-rendered pages are fetched
 * through their addresses instead: '/' and the app shell's). The worker is registered by the page itself after load
 * (lib/offline/register-worker.ts) and the web app manifest is the one in public/.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: '.',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    globPatterns: ['**/*.{js,css,woff2,svg,png,webmanifest}'],
    additionalManifestEntries: [
      { url: '/', revision: PAGES_REVISION },
      { url: APP_SHELL_PATH, revision: PAGES_REVISION },
    ],
  },
});

export default defineConfig(({ command }) => ({
  define,
  root: fileURLToPath(new URL('./src/client', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/client/public', import.meta.url)),
  plugins: [
    react(),
    tailwindcss(),
    firstPaintFonts(),
    appIcons(fileURLToPath(new URL('./src/client/public/favicon.svg', import.meta.url))),
    prerenderPages({ alias, define }),
    serviceWorker,
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
            { find: /^react-router$/, replacement: reactRouterProductionBuild() },
          ]
        : alias,
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        // Chunks by when they are needed, each group also taking the modules its start module imports
        // statically (includeDependenciesRecursively, the default), highest priority first:
        // - react-dom: React and its renderer (68 kB gzip), changed only when React is, so a returning visitor keeps it
        //   cached across our releases;
        // - start: the entry and what it imports at once; gate: the age gate a first visitor sees;
        // - app: the shell and everything the app's boot needs; home: what the landing page adds to it.
        // Left to itself the bundler cut the same code into about 50 small chunks, and each module request costs the
        // browser about half a millisecond of main thread before any code runs (measured on the returning visit).
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
            { name: 'start', test: /[\\/]src[\\/]client[\\/]main\.tsx$/, priority: 40 },
            { name: 'gate', test: /[\\/]src[\\/]client[\\/]app[\\/]shell[\\/]age-gate-root\.tsx$/, priority: 30 },
            { name: 'app', test: /[\\/]src[\\/]client[\\/]app[\\/]boot\.tsx$/, priority: 20 },
            { name: 'home', test: /[\\/]src[\\/]client[\\/]app[\\/]routes[\\/]home\.tsx$/, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // The API server listens on 127.0.0.1 in development (config.ts defaultHost), whatever localhost resolves to here.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
}));
