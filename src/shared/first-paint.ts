/**
 * The first paint before JavaScript (ADR 005): names shared by the build's pre-renderer, the client entry, the
 * server's Content Security Policy and the tests.
 *
 * index.html carries two pre-rendered roots: the age gate in `#age-gate-root` and the home page in `#root`. CSS shows
 * exactly one of them, chosen by {@link AGE_VERIFIED_ATTRIBUTE} on `<html>`, which {@link FIRST_PAINT_SCRIPT} sets
 * before the body is parsed. So a returning visitor never sees the gate, and a first visitor sees it before any module
 * script has run.
 */

/** Attribute set on `<html>` when this browser has confirmed legal drinking age (localStorage 'bb:age-verified' = 'v1'). */
export const AGE_VERIFIED_ATTRIBUTE = 'data-age-verified';
/** id of the element holding the pre-rendered age gate. */
export const AGE_GATE_ROOT_ID = 'age-gate-root';
/** id of the element holding the pre-rendered app (home page or bare shell). */
export const APP_ROOT_ID = 'root';
/** Attribute on `#root` naming the path whose page it holds pre-rendered ('/' in index.html); absent in the shell. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered';
/** React identifier prefix of the age gate's root, so its ids never collide with the app's. */
export const AGE_GATE_ID_PREFIX = 'gate-';

/** Attribute set on `<html>` when this browser was signed in last time (localStorage 'bb:shell:auth-hint' = 'signed-in'). */
export const SIGNED_IN_HINT_ATTRIBUTE = 'data-signed-in';
/**
 * Attribute of elements drawn only for signed-out visitors while the session loads (the home page's Sign Up and
 * favorites prompt): CSS hides them when {@link SIGNED_IN_HINT_ATTRIBUTE} is set, so a signed-in visitor never sees
 * them in the pre-rendered paint.
 */
export const SIGNED_OUT_ONLY_ATTRIBUTE = 'data-signed-out-only';

/**
 * Attribute on `#age-gate-root` once React handles the gate (set by mountAgeGate), and on `#root` once React listens to
 * the app's events (set by boot); before it, the first-paint script answers or remembers the taps.
 */
export const GATE_LIVE_ATTRIBUTE = 'data-live';
/**
 * Property of `document.documentElement` holding the buttons of `#root` a verified visitor clicked before the app was
 * live (oldest first): boot clicks those still in the page once React has taken it over.
 */
export const EARLY_CLICKS_PROPERTY = 'bbEarlyClicks';
/** Attribute of the gate's two buttons: `data-age-gate="yes"` and `data-age-gate="no"`. */
export const GATE_BUTTON_ATTRIBUTE = 'data-age-gate';

/**
 * The pages the build pre-renders beside the home page (index.html), each served for its path: path -> file under
 * dist/client/{@link PRERENDERED_DIR}. Like '/', each is hydrated when opened without a query in a plain browser.
 * Only pages whose controls answer a replayed tap: a tap on a control before the page hydrated is made again once it has
 * (the whole press: pointer and mouse down and up, then the click; see replayEarlyClicks in
 * src/client/app/shell/early-clicks.tsx), so tabs that switch on mousedown (Radix) switch too, and text typed early is
 * kept (useKeepTypedText).
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = {
  '/discover': 'discover.html',
  '/batch-calculator': 'batch-calculator.html',
};
/** The folder of {@link PRERENDERED_PAGES} in the client build; its files are served only for their paths. */
export const PRERENDERED_DIR = 'prerendered';

/** The landing list's first page, which the home page asks for first ('/' without a query): the first 50 by name. */
export const HOME_LIST_PATH = '/api/cocktails?page=0&pageSize=50';

/**
 * Path of one cocktail's detail without its id (`GET /api/cocktails/:id`), which the recipe modal asks for when the
 * address opens a recipe (`?recipe=<id>`); the first-paint script preloads it for a whole-number id.
 */
export const RECIPE_DETAIL_PATH = '/api/cocktails/';

/**
 * A cocktail's page (`/cocktails/<slug>`, docs/product.md "Recipe pages") is answered with the home page rendered by
 * the server with the recipe modal open in it (src/server/catalogue/recipe-page.ts), so the recipe is in the first
 * paint and in the HTML a crawler reads: the build writes the
 * template {@link RECIPE_PAGE_FILE} (the home page's, with {@link RECIPE_HTML_PLACEHOLDER} in `#root`), and the page
 * carries the cocktail's detail, exactly as `GET /api/cocktails/:id` answers it, in
 * `<script type="application/json" id=`{@link RECIPE_DATA_ID}`>`, from which the browser hydrates the page and the modal
 * without a request.
 */
export const RECIPE_PAGE_FILE = 'recipe.html';
/** Stands in the recipe page's template for the rendered page's HTML (inside `#root`). */
export const RECIPE_HTML_PLACEHOLDER = '<!--bb:recipe-html-->';
/** id of the cocktail page's data block (see {@link RECIPE_PAGE_FILE}). */
export const RECIPE_DATA_ID = 'bb-recipe-data';
/**
 * The recipe query parameter of a deep link (`?recipe=<id>`): an own recipe's modal over the page, and the old address
 * of a catalogue cocktail, which the server redirects to its page.
 */
export const RECIPE_PARAM = 'recipe';

/**
 * The one inline script of index.html and app-shell.html, first in `<head>` (its SHA-256 is the only hash in the CSP's
 * script-src, see src/server/http/first-paint-csp.ts; change a byte and the hash changes with it). It never throws and
 * does, in order:
 * 1. for a verified visitor (localStorage 'bb:age-verified' is exactly 'v1', the same rule as isAgeVerified()), sets
 *    {@link AGE_VERIFIED_ATTRIBUTE} on `<html>`, so CSS hides the gate and shows the app, and
 *    {@link SIGNED_IN_HINT_ATTRIBUTE} when this browser was signed in last time ('bb:shell:auth-hint' = 'signed-in'),
 *    and, until `#root` carries {@link GATE_LIVE_ATTRIBUTE} (set by boot as React starts listening), remembers each
 *    button of the pre-rendered page the visitor clicks in `document.documentElement[EARLY_CLICKS_PROPERTY]`, so boot
 *    can click it again once React has the page;
 * 2. otherwise lets the pre-rendered gate answer before its code has loaded: until `#age-gate-root` carries
 *    {@link GATE_LIVE_ATTRIBUTE}, a click on the 'Yes' button, or Enter anywhere but on 'No', stores 'v1' and sets
 *    {@link AGE_VERIFIED_ATTRIBUTE} (the entry then starts the app instead of the gate); a tap on 'No' is remembered
 *    in the same list as above, for the gate to click again once hydrated. A tap is never lost;
 * 3. once the browser reports the first contentful paint (a `paint` PerformanceObserver: the pre-rendered page paints
 *    without waiting for any script to download or run), or after 1 s at the latest, or at once when the page is
 *    hidden (no paint comes) or Paint Timing is missing, loads the entry module named by its own `data-entry`
 *    attribute and adds `<link rel="modulepreload">` for the modules it will import at once (four links per task, the
 *    rest in the tasks after: each insertion costs the main thread about a millisecond; fetch preloads first): for a verified visitor
 *    `data-app-modules` and the page's own `data-page-modules` (plus, without a query or with only `?recipe=`, a
 *    fetch preload of `data-page-fetch`, e.g. the landing list on '/', which the page under the modal draws too; with `?recipe=` in the
 *    query or on a cocktail's page (`/cocktails/<slug>`), the recipe modal's `data-recipe-modules`, which the page
 *    opens at once, and, for `?recipe=`, a fetch preload of that recipe's detail,
 *    {@link RECIPE_DETAIL_PATH} + id, when the id is a whole number and the server has not embedded it already as
 *    {@link RECIPE_DATA_ID}), for a first visitor `data-gate-modules`.
 * The URLs live in attributes (space-separated lists), outside the hashed text, so a new build keeps the same hash.
 * Storage that throws (disabled cookies) counts as a first visit; the entry still loads.
 */
export const FIRST_PAINT_SCRIPT =
  "(function(){var d=document,h=d.documentElement,s=d.currentScript,v=false,K='bb:age-verified';" +
  `try{v=localStorage.getItem(K)==='v1';if(v){h.setAttribute('${AGE_VERIFIED_ATTRIBUTE}','');` +
  `if(localStorage.getItem('bb:shell:auth-hint')==='signed-in')h.setAttribute('${SIGNED_IN_HINT_ATTRIBUTE}','')}}catch(x){}` +
  `if(v){var q=h['${EARLY_CLICKS_PROPERTY}']=[];d.addEventListener('click',function(e){var r=d.getElementById('${APP_ROOT_ID}'),t=e.target,` +
  `b=t&&t.closest&&t.closest('button');if(r&&!r.hasAttribute('${GATE_LIVE_ATTRIBUTE}')&&b&&r.contains(b)&&q.indexOf(b)<0)q.push(b)},true)}` +
  'if(!v){' +
  `var live=function(){var g=d.getElementById('${AGE_GATE_ROOT_ID}');return !g||g.hasAttribute('${GATE_LIVE_ATTRIBUTE}')};` +
  `var on=function(e,b){var t=e.target;return !!(t&&t.closest&&t.closest('[${GATE_BUTTON_ATTRIBUTE}="'+b+'"]'))};` +
  "var off=function(){d.removeEventListener('click',c,true);d.removeEventListener('keydown',k,true)};" +
  `var ok=function(){off();try{localStorage.setItem(K,'v1')}catch(x){}h.setAttribute('${AGE_VERIFIED_ATTRIBUTE}','')};` +
  `var q=h['${EARLY_CLICKS_PROPERTY}']=[];` +
  "var c=function(e){if(live())return;if(on(e,'yes')){ok();return}var t=e.target," +
  `b=t&&t.closest&&t.closest('[${GATE_BUTTON_ATTRIBUTE}="no"]');if(b&&q.indexOf(b)<0)q.push(b)};` +
  "var k=function(e){if(!live()&&e.key==='Enter'&&!on(e,'no'))ok()};" +
  "d.addEventListener('click',c,true);d.addEventListener('keydown',k,true)}" +
  "if(!s||!s.getAttribute('data-entry'))return;" +
  "var list=function(n){return (s.getAttribute(n)||'').split(' ').filter(Boolean)};" +
  "var add=function(r,u,a){var l=d.createElement('link');l.rel=r;l.href=u;if(a){l.setAttribute('as',a);l.crossOrigin='anonymous'}d.head.appendChild(l)};" +
  // Inserting a preload link costs the main thread about a millisecond: a few per task, the rest in the next ones;
  // the data first (unshift), so its request starts at once.
  'var todo=[],next=function(){for(var n=0;n<4&&todo.length;n++)add.apply(null,todo.shift());if(todo.length)setTimeout(next,0)};' +
  "var pre=function(u){todo.push(['modulepreload',u])};" +
  'var done=false,go=function(){if(done)return;done=true;' +
  "var m=d.createElement('script');m.type='module';m.src=s.getAttribute('data-entry');d.head.appendChild(m);" +
  "if(!v){list('data-gate-modules').forEach(pre);next();return}" +
  "list('data-app-modules').concat(list('data-page-modules')).forEach(pre);" +
  "var f=s.getAttribute('data-page-fetch');if(f&&!location.search.replace(/^\\?recipe=[^&]*$/,''))todo.unshift(['preload',f,'fetch']);" +
  "if(/[?&]recipe=/.test(location.search)||location.pathname.indexOf('/cocktails/')===0){list('data-recipe-modules').forEach(pre);" +
  `var r=/[?&]recipe=(\\d{1,16})(?:&|$)/.exec(location.search);if(r&&!d.getElementById('${RECIPE_DATA_ID}'))todo.unshift(['preload','${RECIPE_DETAIL_PATH}'+r[1],'fetch'])}next()};` +
  "if(d.visibilityState!=='visible'){go();return}d.addEventListener('visibilitychange',go);setTimeout(go,1000);" +
  "try{var o=new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();setTimeout(go,0)}});" +
  "o.observe({type:'paint',buffered:true})}catch(x){go()}})();";

/**
 * A venue's public menu (`/v/:slug`) is rendered by the server at request time with React's server renderer
 * (src/client/server-render.tsx, built to {@link SERVER_RENDER_DIR}), into the template page the build writes as
 * {@link MENU_PAGE_FILE} (the gate, and `#root` holding {@link MENU_HTML_PLACEHOLDER} with its pre-rendered path
 * {@link MENU_PATH_PLACEHOLDER}). The menu's data rides along in `<script type="application/json" id=MENU_DATA_ID>` (a
 * data block, never executed, so the CSP stays as it is), from which the client's first render reads it to hydrate.
 */
export const MENU_DATA_ID = 'bb-menu-data';
/** The menu page template, under the client build's {@link PRERENDERED_DIR}. */
export const MENU_PAGE_FILE = 'menu.html';
/** Stands in the template for the rendered menu's HTML (inside `#root`). */
export const MENU_HTML_PLACEHOLDER = '<!--bb:menu-html-->';
/** Stands in the template for the menu's path in `#root`'s pre-rendered attribute. */
export const MENU_PATH_PLACEHOLDER = '/v/__bb_menu_slug__';
/**
 * A shared page (a shared collection, `/shared/:slug`, or a shared own recipe, `/recipes/shared/:slug`) is rendered by
 * the server at request time too (src/server/seo/shared-pages.ts), into the template {@link SHARED_PAGE_FILE} (the
 * gate, `#root` holding {@link SHARED_HTML_PLACEHOLDER}, its pre-rendered path {@link SHARED_PATH_PLACEHOLDER}), with
 * the page's data as the API answers it in `<script type="application/json" id=SHARED_DATA_ID>`:
 * `{"key": "<query key>", "data": <body>}` (src/client/lib/server-page-data.ts reads it).
 */
export const SHARED_DATA_ID = 'bb-shared-data';
/** The query key of a shared page's data block, as text: 'shared-recipe:<share slug>', 'shared-collection:<share slug>'. */
export function sharedPageKey(kind: 'recipe' | 'collection', slug: string): string {
  return `shared-${kind}:${slug}`;
}
/** The shared pages' template, under the client build's {@link PRERENDERED_DIR}. */
export const SHARED_PAGE_FILE = 'shared.html';
/** Stands in the template for the rendered page's HTML (inside `#root`). */
export const SHARED_HTML_PLACEHOLDER = '<!--bb:shared-html-->';
/** Stands in the template for the page's path in `#root`'s pre-rendered attribute. */
export const SHARED_PATH_PLACEHOLDER = '/__bb_shared_path__';
/** The folder of the Node build of src/client/server-render.tsx, beside the client build (dist/ssr). */
export const SERVER_RENDER_DIR = 'ssr';
/**
 * The file of that build exporting `renderPublicMenu(menu, url)`, `renderRecipePage(cocktail, url)`,
 * `renderSharedPage(page, url)` and `renderCocktailDrawing(cocktail)`.
 */
export const SERVER_RENDER_FILE = 'server-render.js';
