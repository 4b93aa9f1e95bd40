/**
 * `/sitemap.xml` (sitemaps.org 0.9): every public page a search engine may index, as absolute URLs on `config.appUrl`.
 * Up to {@link SITEMAP_MAX_URLS} URLs it is one `<urlset>`; past that `/sitemap.xml` is a `<sitemapindex>` naming
 * `/sitemap-1.xml`, `/sitemap-2.xml`... each holding the next {@link SITEMAP_MAX_URLS} URLs in the same order.
 *
 * The URLs, in this order (each section by id, so pages are stable between crawls):
 * 1. `/`, `/discover`, `/batch-calculator` (lastmod: the newest catalogue cocktail's `updated_at`);
 * 2. the venues' public menus `/v/<slug>` that their owner or a manager listed (venue.menu_listed) and that are not
 *    paused (venues' listListedMenus);
 * 3. the public catalogue's cocktails `/cocktails/<slug>` (cocktail rows with venue_id and owner_id null);
 * 4. shared collections `/shared/<share_slug>`;
 * 5. shared own recipes `/recipes/shared/<share_slug>`.
 * Never a venue signature, a private own recipe or an unshared collection.
 */
import type { Kysely } from 'kysely';
import { routePaths } from '@/shared/routes';
import type { Database } from '../db/types';
import { listListedMenus } from '../venues';

/** The most URLs one sitemap file may hold (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** The XML namespace of sitemaps.org 0.9. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** One `<url>` of a sitemap: a path on the site and when its page last changed. */
export interface SitemapEntry {
  /** Site-relative path starting with '/', its segments already percent-encoded. */
  path: string;
  /** When the page last changed: a Date, or a string `new Date()` reads (ISO 8601 from SQLite). */
  lastmod: Date | string;
}

/** What `/sitemap.xml` or one of its pages answers: the XML document, or null for a page past the last one. */
export type SitemapDocument = { kind: 'urlset' | 'index'; xml: string } | null;

/** Text escaped for XML character data and attribute values: `& < > " '` as entities. */
export function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`,
  );
}

/**
 * A W3C Datetime (`2026-12-04T23:07:28Z`, seconds, UTC) of a Date or a date string.
 * @throws RangeError when the value is not a readable date.
 */
export function w3cDateTime(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A sitemap `<urlset>` of `entries` on `appUrl` (the site's origin, no trailing slash). */
export function renderUrlset(appUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (entry) =>
      `  <url><loc>${escapeXml(appUrl + entry.path)}</loc><lastmod>${w3cDateTime(entry.lastmod)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}${
    urls.length ? '\n' : ''
  }</urlset>\n`;
}

/** The address of sitemap page `page` (1-based): `/sitemap-<page>.xml`. */
export function sitemapPagePath(page: number): string {
  return `/sitemap-${page}.xml`;
}

/** A `<sitemapindex>` naming pages 1 to `pages` on `appUrl`. */
export function renderSitemapIndex(appUrl: string, pages: number): string {
  const items = Array.from(
    { length: pages },
    (_, at) => `  <sitemap><loc>${escapeXml(appUrl + sitemapPagePath(at + 1))}</loc></sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${items.join('\n')}\n</sitemapindex>\n`;
}

/** A path from a route pattern with one `:slug`, the slug percent-encoded. */
const pathWithSlug = (pattern: string, slug: string) => pattern.replace(':slug', encodeURIComponent(slug));

/** One section of the sitemap: how many URLs it has, and a window of them in its order. */
interface Section {
  count: number;
  read(offset: number, limit: number): Promise<SitemapEntry[]>;
}

/** A section whose entries are all at hand already. */
const listed = (entries: SitemapEntry[]): Section => ({
  count: entries.length,
  read: (offset, limit) => Promise.resolve(entries.slice(offset, offset + limit)),
});

/** The sections, counted (rows are read only for the window a page needs). */
async function sections(db: Kysely<Database>, now: Date): Promise<Section[]> {
  const catalogue = db.selectFrom('cocktail').where('venue_id', 'is', null).where('owner_id', 'is', null);
  const collections = db.selectFrom('collection').where('share_slug', 'is not', null);
  const recipes = db.selectFrom('cocktail').where('owner_id', 'is not', null).where('share_slug', 'is not', null);
  const [newest, catalogueCount, collectionCount, recipeCount, menus] = await Promise.all([
    catalogue.select((eb) => eb.fn.max('updated_at').as('at')).executeTakeFirst(),
    catalogue.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    collections.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    recipes.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    listListedMenus({ db, now }),
  ]);
  const catalogueChanged = (newest?.at as Date | string | null | undefined) ?? now;
  return [
    listed(
      [routePaths.home, routePaths.discover, routePaths.batchCalculator].map((path) => ({
        path,
        lastmod: catalogueChanged,
      })),
    ),
    listed(menus.map((menu) => ({ path: pathWithSlug(routePaths.publicMenu, menu.slug), lastmod: menu.updatedAt }))),
    {
      count: Number(catalogueCount.n),
      read: async (offset, limit) =>
        (await catalogue.select(['slug', 'updated_at']).orderBy('id').offset(offset).limit(limit).execute()).map(
          (row) => ({ path: pathWithSlug(routePaths.cocktail, row.slug), lastmod: row.updated_at }),
        ),
    },
    {
      count: Number(collectionCount.n),
      read: async (offset, limit) =>
        (
          await collections.select(['share_slug', 'updated_at']).orderBy('id').offset(offset).limit(limit).execute()
        ).map((row) => ({
          path: pathWithSlug(routePaths.sharedCollection, row.share_slug!),
          lastmod: row.updated_at,
        })),
    },
    {
      count: Number(recipeCount.n),
      read: async (offset, limit) =>
        (await recipes.select(['share_slug', 'updated_at']).orderBy('id').offset(offset).limit(limit).execute()).map(
          (row) => ({ path: pathWithSlug(routePaths.sharedRecipe, row.share_slug!), lastmod: row.updated_at }),
        ),
    },
  ];
}

/** The entries from `start` (0-based over every section in order), at most `limit` of them. */
async function window(all: Section[], start: number, limit: number): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  let offset = start;
  for (const section of all) {
    const wanted = limit - entries.length;
    if (wanted <= 0) break;
    if (offset >= section.count) {
      offset -= section.count;
      continue;
    }
    entries.push(...(await section.read(offset, wanted)));
    offset = 0;
  }
  return entries;
}

/**
 * The sitemap document on `appUrl` (origin, no trailing slash). `page` null is `/sitemap.xml`: every URL in one urlset
 * when there are at most `pageSize` (default {@link SITEMAP_MAX_URLS}), otherwise the index of the pages. `page` n
 * (1-based) is `/sitemap-<n>.xml`: the n-th window of `pageSize` URLs, or null past the last page (page 1 always exists).
 * @throws the database's error when it is away (the route answers 503).
 */
export async function buildSitemap({
  db,
  appUrl,
  page = null,
  pageSize = SITEMAP_MAX_URLS,
  now = new Date(),
}: {
  db: Kysely<Database>;
  appUrl: string;
  page?: number | null;
  pageSize?: number;
  now?: Date;
}): Promise<SitemapDocument> {
  const all = await sections(db, now);
  const total = all.reduce((sum, section) => sum + section.count, 0);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (page === null) {
    if (pages > 1) return { kind: 'index', xml: renderSitemapIndex(appUrl, pages) };
    return { kind: 'urlset', xml: renderUrlset(appUrl, await window(all, 0, pageSize)) };
  }
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { kind: 'urlset', xml: renderUrlset(appUrl, await window(all, (page - 1) * pageSize, pageSize)) };
}
