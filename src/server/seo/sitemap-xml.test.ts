import { describe, expect, it } from 'vitest';
import { escapeXml, renderSitemapIndex, renderUrlset, w3cDateTime } from './sitemap';
import { readSitemap } from './sitemap-xml';

describe('the sitemap XML', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
  });

  it('writes W3C date-times in UTC to the second, from a Date or an ISO string', () => {
    expect(w3cDateTime(new Date('2026-12-04T23:07:28.512Z'))).toBe('2026-12-04T23:07:28Z');
    expect(w3cDateTime('2026-01-02T03:04:05.000+02:00')).toBe('2026-01-02T01:04:05Z');
    expect(() => w3cDateTime('not a date')).toThrow(RangeError);
  });

  it('reads back what it writes: a urlset on the origin, escaped, each with its lastmod', () => {
    const xml = renderUrlset('https://bar.example?a=1&b=2', [
      { path: '/', lastmod: '2026-01-01T00:00:00.000Z' },
      { path: "/shared/it's%3Cmine%3E", lastmod: new Date('2026-02-01T10:00:00Z') },
    ]);
    expect(
      xml.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ),
    ).toBe(true);
    expect(xml).toContain('https://bar.example?a=1&amp;b=2/shared/it&apos;s%3Cmine%3E');
    expect(readSitemap(xml)).toEqual({
      root: 'urlset',
      entries: [
        { loc: 'https://bar.example?a=1&b=2/', lastmod: '2026-01-01T00:00:00Z' },
        { loc: "https://bar.example?a=1&b=2/shared/it's%3Cmine%3E", lastmod: '2026-02-01T10:00:00Z' },
      ],
    });
    expect(readSitemap(renderUrlset('https://bar.example', []))).toEqual({ root: 'urlset', entries: [] });
  });

  it('writes an index naming each page', () => {
    expect(readSitemap(renderSitemapIndex('https://bar.example', 2))).toEqual({
      root: 'sitemapindex',
      entries: [
        { loc: 'https://bar.example/sitemap-1.xml', lastmod: undefined },
        { loc: 'https://bar.example/sitemap-2.xml', lastmod: undefined },
      ],
    });
  });

  it('refuses what a crawler could not read: a raw ampersand, a tag left open, a wrong namespace', () => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    const ns = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    expect(() => readSitemap(`${head}<urlset xmlns="${ns}"><url><loc>a&b</loc></url></urlset>`)).toThrow(/raw '&'/);
    expect(() => readSitemap(`${head}<urlset xmlns="${ns}"><url><loc>a</loc></urlset>`)).toThrow(/closes nothing/);
    expect(() => readSitemap(`${head}<urlset xmlns="${ns}"><url><loc>a</loc></url>`)).toThrow(/left open/);
    expect(() => readSitemap(`${head}<urlset xmlns="http://example.com"></urlset>`)).toThrow(/namespace/);
    expect(() => readSitemap('<urlset/>')).toThrow(/declaration/);
  });
});
