import { prerender as prerenderToStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { AGE_GATE_ID_PREFIX, PRERENDERED_PAGES } from '@/shared/first-paint';
import { AppFrame } from './app/app';
import { routes } from './app/router';
import { AgeGate } from './app/shell/age-gate';
import { RootLayout } from './app/shell/root-layout';
import { RouteLoading } from './app/shell/route-loading';

/** The HTML fragments the build writes into the pages it serves (see {@link prerender}). */
export interface PrerenderedPages {
  /** The age gate, for `#age-gate-root` of every page (rendered with the gate root's identifier prefix). */
  gate: string;
  /** The home page (`/`) as a first, signed-out-looking render: hero, search box, the grid's loading cards. */
  home: string;
  /** The shell (top bar, tab bar, footer) around the page-loading spinner, for every other path. */
  shell: string;
  /** Each page of PRERENDERED_PAGES by its path ('/discover'...), as its first signed-out-looking render. */
  pages: Record<string, string>;
}

/**
 * Renders `node` to HTML, waiting for every Suspense boundary (lazy modules included), as a string. Boundaries are
 * never outlined (`progressiveChunkSize` unbounded): React would otherwise move a large one, such as the batch
 * calculator, behind an inline script that the CSP blocks.
 * @throws when the HTML still holds a script.
 */
async function renderHtml(node: React.ReactNode, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToStream(node, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    ...(identifierPrefix ? { identifierPrefix } : {}),
  });
  const html = await new Response(prelude).text();
  if (html.includes('<script')) throw new Error('pre-render: the HTML holds a script, which the CSP would block');
  return html;
}

/**
 * Renders the app at `url` through React Router's static handler (lazy route modules loaded) inside the same
 * {@link AppFrame} the browser hydrates. No hydration data is written: the app's routes have no loaders, and an inline
 * script would break the CSP.
 * @throws when the route does not render (a loader redirect or an error response).
 */
async function renderRoute(table: RouteObject[], url: string): Promise<string> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`pre-render of ${url} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderHtml(
    <AppFrame>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppFrame>,
  );
}

/** The shell's route table: the real layout around the loading spinner, whatever the path. */
const shellRoutes: RouteObject[] = [{ element: <RootLayout />, children: [{ path: '*', element: <RouteLoading /> }] }];

/**
 * Pre-renders the pages of the first paint with React's own server renderer (ADR 005), at build time in
 * Node (scripts/vite-prerender.ts runs it after the client build).
 * @returns {@link PrerenderedPages}: HTML fragments, not documents.
 */
export async function prerender(): Promise<PrerenderedPages> {
  const gate = await renderHtml(<AgeGate onConfirm={() => {}} />, AGE_GATE_ID_PREFIX);
  const home = await renderRoute(routes, 'http://localhost/');
  const shell = await renderRoute(shellRoutes, 'http://localhost/_shell');
  const pages: Record<string, string> = {};
  for (const path of Object.keys(PRERENDERED_PAGES)) pages[path] = await renderRoute(routes, `http://localhost${path}`);
  return { gate, home, shell, pages };
}
