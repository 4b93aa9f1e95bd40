/**
 * A small reader of sitemap XML for tests and checks: what a crawler takes from `/sitemap.xml`. It checks the document is
 * well formed as far as sitemaps go (the XML declaration, one root element in the sitemaps.org namespace, every tag
 * closed in order, no raw `&` or `<` in text) and returns each entry's `loc` and `lastmod`, entities decoded.
 */
import { SITEMAP_NAMESPACE } from './sitemap';

/** One entry as a crawler reads it: a `<url>` (or a `<sitemap>` of an index) and its lastmod (undefined when absent). */
export interface ReadEntry {
  loc: string;
  lastmod: string | undefined;
}

/** A sitemap document as read: its root element's name and its entries in order. */
export interface ReadSitemap {
  root: 'urlset' | 'sitemapindex';
  entries: ReadEntry[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with its five XML entities decoded. @throws Error on a raw `&` or `<`, or another entity. */
function decodeText(text: string): string {
  if (text.includes('<')) throw new Error(`raw '<' in text: ${text}`);
  return text.replace(/&([^;]*);|&/g, (whole, name: string | undefined) => {
    if (name === undefined || !(name in ENTITIES)) throw new Error(`raw '&' or unknown entity in: ${text}`);
    return ENTITIES[name]!;
  });
}

/**
 * Reads a sitemap or a sitemap index.
 * @throws Error naming the first problem: no XML declaration, a root that is not `urlset`/`sitemapindex` in the
 * sitemaps.org namespace, a tag left open or closed out of order, text that is not escaped, an entry without `loc`.
 */
export function readSitemap(xml: string): ReadSitemap {
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(xml);
  if (!declaration) throw new Error('no XML declaration');
  const body = xml.slice(declaration[0].length);
  const rootMatch = /^<(urlset|sitemapindex) xmlns="([^"]*)">/.exec(body);
  if (!rootMatch) throw new Error('the root element is not urlset or sitemapindex');
  if (rootMatch[2] !== SITEMAP_NAMESPACE) throw new Error(`wrong namespace ${rootMatch[2]}`);
  const root = rootMatch[1] as ReadSitemap['root'];
  const item = root === 'urlset' ? 'url' : 'sitemap';
  const stack: string[] = [];
  const entries: ReadEntry[] = [];
  let current: Partial<ReadEntry> | null = null;
  let field: 'loc' | 'lastmod' | null = null;
  const tokens = body.split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (token === '') continue;
    const tag = /^<(\/?)([a-z]+)(?: [^>]*)?>$/.exec(token);
    if (!tag) {
      if (token.trim() === '') continue;
      if (field === null || current === null) throw new Error(`text outside loc/lastmod: ${token}`);
      current[field] = (current[field] ?? '') + decodeText(token);
      continue;
    }
    const [, closing, name] = tag as unknown as [string, string, string];
    if (closing) {
      if (stack.pop() !== name) throw new Error(`</${name}> closes nothing open`);
      if (name === item) {
        if (!current?.loc) throw new Error(`a <${item}> without <loc>`);
        entries.push({ loc: current.loc, lastmod: current.lastmod });
        current = null;
      }
      if (name === 'loc' || name === 'lastmod') field = null;
      continue;
    }
    stack.push(name);
    if (stack.length === 1 && name !== root) throw new Error(`a second root <${name}>`);
    if (name === item) current = {};
    else if ((name === 'loc' || name === 'lastmod') && current) field = name;
    else if (name !== root) throw new Error(`unexpected <${name}>`);
  }
  if (stack.length > 0) throw new Error(`<${stack.join('>, <')}> left open`);
  return { root, entries };
}
