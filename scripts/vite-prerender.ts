import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import {
  AGE_GATE_ROOT_ID,
  APP_ROOT_ID,
  FIRST_PAINT_SCRIPT,
  HOME_LIST_PATH,
  MENU_HTML_PLACEHOLDER,
  MENU_PAGE_FILE,
  MENU_PATH_PLACEHOLDER,
  RECIPE_HTML_PLACEHOLDER,
  RECIPE_PAGE_FILE,
  SHARED_HTML_PLACEHOLDER,
  SHARED_PAGE_FILE,
  SHARED_PATH_PLACEHOLDER,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  PRERENDERED_PATH_ATTRIBUTE,
  SERVER_RENDER_DIR,
} from '../src/shared/first-paint.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The module the build renders in Node (exports `prerender()`). */
const PRERENDER_ENTRY = path.join(ROOT, 'src', 'client', 'prerender.tsx');
/** Where that module's Node build goes (scratch output, removed after use). */
const PRERENDER_OUT_DIR = path.join(ROOT, 'dist', 'prerender');
/** The module the server renders the public menu with at request time (exports `renderPublicMenu()`). */
const SERVER_RENDER_ENTRY = path.join(ROOT, 'src', 'client', 'server-render.tsx');
/** The HTML file served for every client path other than '/' (see src/server/http/client-static.ts). */
export const APP_SHELL_FILE = 'app-shell.html';

/** What src/client/prerender.tsx's `prerender()` returns: HTML fragments (see PrerenderedPages there). */
interface RenderedPages {
  gate: string;
  home: string;
  shell: string;
  pages: Record<string, string>;
}

/**
 * The modules each pre-rendered path draws with (its route module, and what that loads lazily for its first render),
 * whose chunks its page preloads.
 */
const ROUTE_MODULES: Readonly<Record<string, readonly string[]>> = {
  '/': ['/src/client/app/routes/home.tsx'],
  '/discover': ['/src/client/app/routes/discover.tsx'],
  // The route loads the calculator itself lazily (its preload() runs before hydration): preloaded with the route, so it
  // arrives with it instead of after it, and Vite's loader finds its links in place rather than adding them mid-start.
  '/batch-calculator': [
    '/src/client/app/routes/batch-calculator.tsx',
    '/src/client/features/batch/components/batch-calculator-page.tsx',
  ],
  [MENU_PATH_PLACEHOLDER]: ['/src/client/app/routes/public-menu.tsx'],
  [SHARED_PATH_PLACEHOLDER]: [
    '/src/client/app/routes/shared-collection.tsx',
    '/src/client/app/routes/shared-recipe.tsx',
  ],
};

/** Options: the same `resolve.alias` and `define` as the client build, so the Node build sees the same code. */
export interface PrerenderOptions {
  alias: Record<string, string>;
  define: Record<string, string>;
}

/**
 * Runs the Node build's `prerender()` in a child Node process and returns its pages. A child, because the app's modules
 * may leave timers behind (a query client's clean-up, a poll) that would keep the build's own process from exiting.
 * @throws when the child fails (its stderr is in the message).
 */
function renderInChildProcess(modulePath: string): RenderedPages {
  const runner =
    `import(${JSON.stringify(pathToFileURL(modulePath).href)})` +
    '.then((m) => m.prerender()).then((pages) => { process.stdout.write(JSON.stringify(pages)); process.exit(0); })' +
    '.catch((error) => { console.error(error); process.exit(1); });';
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', runner], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(output) as RenderedPages;
}

/** Every chunk `start` imports statically, transitively, `start` included (file names). */
function staticClosure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk): Set<string> {
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(start.fileName);
  return seen;
}

/** The chunk holding the module whose path ends with `suffix` (its own chunk or a group's), or undefined. */
function chunkOf(bundle: Rollup.OutputBundle, suffix: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find(
    (output): output is Rollup.OutputChunk =>
      output.type === 'chunk' && output.moduleIds.some((id) => id.replaceAll('\\', '/').endsWith(suffix)),
  );
}

/** What the first-paint script loads after the first frame (see FIRST_PAINT_SCRIPT): URLs, lists space-joined. */
interface FirstPaintLoads {
  /** The entry module (the build's only `<script type="module">`). */
  entry: string;
  /** Modules the entry imports at once for a first visitor (the age gate). */
  gateModules: string[];
  /** Modules it imports at once for a verified visitor (the app's boot). */
  appModules: string[];
  /** Modules the page's route adds, and the list it fetches first (without a query). */
  pageModules: string[];
  pageFetch: string | null;
  /** Modules the recipe modal adds: preloaded when the address opens a recipe (`?recipe=`, a deep link). */
  recipeModules: string[];
}

/** The first-paint `<script>`: its text is {@link FIRST_PAINT_SCRIPT} exactly (the CSP hashes it); URLs in attributes. */
function firstPaintScriptTag(loads: FirstPaintLoads): string {
  const attribute = (name: string, value: string) => (value ? ` ${name}="${value}"` : '');
  const attributes = [
    attribute('data-entry', loads.entry),
    attribute('data-gate-modules', loads.gateModules.join(' ')),
    attribute('data-app-modules', loads.appModules.join(' ')),
    attribute('data-page-modules', loads.pageModules.join(' ')),
    attribute('data-page-fetch', loads.pageFetch ?? ''),
    attribute('data-recipe-modules', loads.recipeModules.join(' ')),
  ].join('');
  return `<script${attributes}>${FIRST_PAINT_SCRIPT}</script>`;
}

/**
 * Takes the entry's `<script type="module" src>` and Vite's `<link rel="modulepreload">` tags out of the page (the
 * first-paint script loads the entry and preloads its imports after the first paint instead) and returns the page and
 * the entry's URL.
 * @throws when the page holds no module script or more than one.
 */
function takeEntryScript(html: string): { html: string; entry: string } {
  const tags = [...html.matchAll(/\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g)];
  if (tags.length !== 1) throw new Error(`index.html has ${tags.length} module scripts; the pre-render expects one`);
  const [tag] = tags;
  const page = html.replace(tag![0], '').replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  return { html: page, entry: tag![1]! };
}

/** Puts the first-paint script first in `<head>`, right after `<meta charset>`. */
function insertFirstPaintScript(html: string, tag: string): string {
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) throw new Error('index.html has no <meta charset>: the first-paint script has nowhere to go');
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}\n    ${tag}${html.slice(at)}`;
}

/**
 * Replaces each `<link rel="stylesheet" href="/assets/...css">` with a `<style>` holding the file's text.
 * @returns the page and the inlined files (paths under the output folder).
 */
function inlineStylesheets(html: string, outDir: string): { html: string; inlined: string[] } {
  const inlined: string[] = [];
  const page = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (_tag, file: string) => {
    inlined.push(file);
    const css = readFileSync(path.join(outDir, file), 'utf8');
    return `<style>${css.replaceAll('</style', '<\\/style')}</style>`;
  });
  return { html: page, inlined };
}

/**
 * Fails the build when a script names an inlined stylesheet: Vite's loader would then fetch and apply it a second
 * time when that script is imported (a restyle of the whole page, and its bytes again). `cssCodeSplit: false` in
 * vite.config.ts keeps the one stylesheet out of the dynamic imports' dependency lists.
 * @throws Error naming the script and the stylesheet.
 */
function assertNoScriptLoadsInlinedCss(bundle: Rollup.OutputBundle, inlined: string[]): void {
  for (const output of Object.values(bundle)) {
    if (output.type !== 'chunk') continue;
    const named = inlined.find((file) => output.code.includes(path.basename(file)));
    if (named) throw new Error(`pre-render: ${output.fileName} loads ${named}, which index.html already inlines`);
  }
}

/** Fills the empty `#root` with `app` (marked with the pre-rendered `path`, if any) and adds the gate's root before it. */
function fillRoots(html: string, gate: string, app: string, prerenderedPath: string | null): string {
  const emptyRoot = `<div id="${APP_ROOT_ID}"></div>`;
  if (!html.includes(emptyRoot)) throw new Error(`index.html has no empty ${emptyRoot}`);
  const marker = prerenderedPath ? ` ${PRERENDERED_PATH_ATTRIBUTE}="${prerenderedPath}"` : '';
  return html.replace(
    emptyRoot,
    `<div id="${AGE_GATE_ROOT_ID}">${gate}</div>\n    <div id="${APP_ROOT_ID}"${marker}>${app}</div>`,
  );
}

/**
 * The build's pre-render (first paint before JavaScript, ADR 005), as a Vite plugin:
 * - while bundling, notes the chunks the age gate, the app's boot module and each pre-rendered page's route import
 *   statically;
 * - after the client build, builds src/client/prerender.tsx for Node, renders (in a child process) the age gate, the
 *   home page, the pages of PRERENDERED_PAGES and the bare shell with React's server renderer, and rewrites
 *   dist/client/index.html (gate + home page, served for '/'), writes dist/client/prerendered/<page>.html (gate + that
 *   page, served for its path), dist/client/app-shell.html (gate + shell, served for every other page) and
 *   dist/client/prerendered/recipe.html (the home page's, with a placeholder in `#root` for the page the server renders
 *   for a recipe deep link) and dist/client/prerendered/menu.html (gate + placeholders the server fills with the public menu it renders at request
 *   time with dist/ssr/server-render.js, built here from src/client/server-render.tsx), each with the stylesheet inlined
 *   and
 *   the first-paint script first in `<head>`, which loads the entry module after the first frame (the page holds no
 *   other script tag).
 * In development (`vite` serve) only the first-paint script is added, without preload lists.
 * @throws (fails the build) when index.html lacks `<meta charset>`, an empty `#root` or its one module script, a script
 *   would load the inlined stylesheet again, or the pre-render throws.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  let bundle: Rollup.OutputBundle = {};
  let gateModules: string[] = [];
  let appModules: string[] = [];
  let recipeModules: string[] = [];
  /** The route chunks each pre-rendered path adds to the app's (URLs), by path. */
  const pageModules = new Map<string, string[]>();
  return {
    name: 'barback:prerender-pages',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (config.command !== 'serve') return html;
        const loads = {
          entry: '',
          gateModules: [],
          appModules: [],
          pageModules: [],
          pageFetch: null,
          recipeModules: [],
        };
        return insertFirstPaintScript(html, firstPaintScriptTag(loads));
        return html;
      },
    },
    generateBundle(_output, output) {
      if (config.command !== 'build' || config.build.ssr) return;
      bundle = output;
      const entry = Object.values(bundle).find(
        (output): output is Rollup.OutputChunk => output.type === 'chunk' && output.isEntry,
      );
      const gate = chunkOf(bundle, '/src/client/app/shell/age-gate-root.tsx');
      const boot = chunkOf(bundle, '/src/client/app/boot.tsx');
      if (!entry || !gate || !boot)
        throw new Error('pre-render: the entry, age gate or boot chunk is missing from the bundle');
      const loadedByEntry = staticClosure(bundle, entry);
      // What the entry imports statically is preloaded with the first modules of either path (the HTML keeps no
      // modulepreload link of its own: nothing is fetched before the first paint).
      const entryImports = [...loadedByEntry].filter((file) => file !== entry.fileName);
      gateModules = [
        ...entryImports,
        ...[...staticClosure(bundle, gate)].filter((file) => !loadedByEntry.has(file)),
      ].map((file) => `/${file}`);
      const app = [...staticClosure(bundle, boot)].filter((file) => !loadedByEntry.has(file));
      appModules = [...entryImports, ...app].map((file) => `/${file}`);
      // The recipe modal (a lazy chunk): what it adds to the app, for deep links that open it at once.
      const modal = chunkOf(bundle, '/src/client/features/catalogue/components/cocktail-detail-modal.tsx');
      if (!modal) throw new Error('pre-render: no chunk holds the recipe modal');
      recipeModules = [...staticClosure(bundle, modal)]
        .filter((file) => !loadedByEntry.has(file) && !app.includes(file))
        .map((file) => `/${file}`);
      for (const [pagePath, modules] of Object.entries(ROUTE_MODULES)) {
        const own = new Set<string>();
        for (const module of modules) {
          const chunk = chunkOf(bundle, module);
          if (!chunk) throw new Error(`pre-render: no chunk holds ${module}`);
          for (const file of staticClosure(bundle, chunk))
            if (!loadedByEntry.has(file) && !app.includes(file)) own.add(file);
        }
        pageModules.set(
          pagePath,
          [...own].map((file) => `/${file}`),
        );
      }
    },
    async closeBundle() {
      if (config.command !== 'build' || config.build.ssr) return;
      const outDir = config.build.outDir;
      const nodeBuild = (entry: string, outDir: string, oneFile = false) =>
        build({
          configFile: false,
          logLevel: 'warn',
          root: config.root,
          publicDir: false,
          mode: config.mode,
          define: options.define,
          resolve: { alias: options.alias },
          plugins: [react()],
          build: {
            ssr: entry,
            outDir,
            emptyOutDir: true,
            minify: false,
            ...(oneFile ? { rollupOptions: { output: { inlineDynamicImports: true } } } : {}),
          },
        });
      await nodeBuild(PRERENDER_ENTRY, PRERENDER_OUT_DIR);
      // Kept: the server loads it to render the public menu at request time (src/server/venues/menu-page.ts). One file,
      // lazy routes inlined, so the server can load a new build beside the old one without the two sharing chunks.
      await nodeBuild(SERVER_RENDER_ENTRY, path.join(outDir, '..', SERVER_RENDER_DIR), true);
      try {
        const pages = renderInChildProcess(path.join(PRERENDER_OUT_DIR, 'prerender.js'));
        const { html: built, entry } = takeEntryScript(readFileSync(path.join(outDir, 'index.html'), 'utf8'));
        const { html: template, inlined } = inlineStylesheets(built, outDir);
        assertNoScriptLoadsInlinedCss(bundle, inlined);
        const loads = { entry, gateModules, appModules, pageModules: [], pageFetch: null, recipeModules };
        const page = (fragment: string, pagePath: string, pageFetch: string | null = null) =>
          insertFirstPaintScript(
            fillRoots(template, pages.gate, fragment, pagePath),
            firstPaintScriptTag({ ...loads, pageModules: pageModules.get(pagePath) ?? [], pageFetch }),
          );
        writeFileSync(path.join(outDir, 'index.html'), page(pages.home, '/', HOME_LIST_PATH));
        const shell = insertFirstPaintScript(
          fillRoots(template, pages.gate, pages.shell, null),
          firstPaintScriptTag(loads),
        );
        writeFileSync(path.join(outDir, APP_SHELL_FILE), shell);
        mkdirSync(path.join(outDir, PRERENDERED_DIR), { recursive: true });
        for (const [pagePath, file] of Object.entries(PRERENDERED_PAGES)) {
          const fragment = pages.pages[pagePath];
          if (fragment === undefined) throw new Error(`pre-render: ${pagePath} was not rendered`);
          writeFileSync(path.join(outDir, PRERENDERED_DIR, file), page(fragment, pagePath));
        }
        // A recipe deep link's template: the home page's, with the page the server renders (the modal open in it) in
        // place of the placeholder.
        writeFileSync(
          path.join(outDir, PRERENDERED_DIR, RECIPE_PAGE_FILE),
          page(RECIPE_HTML_PLACEHOLDER, '/', HOME_LIST_PATH),
        );
        // The public menu's template: the server puts the rendered menu and its path in place of the placeholders.
        writeFileSync(
          path.join(outDir, PRERENDERED_DIR, MENU_PAGE_FILE),
          page(MENU_HTML_PLACEHOLDER, MENU_PATH_PLACEHOLDER),
        );
        // The shared pages' template (a shared collection or recipe), filled the same way.
        writeFileSync(
          path.join(outDir, PRERENDERED_DIR, SHARED_PAGE_FILE),
          page(SHARED_HTML_PLACEHOLDER, SHARED_PATH_PLACEHOLDER),
        );
      } finally {
        rmSync(PRERENDER_OUT_DIR, { recursive: true, force: true });
      }
    },
  };
}
