import { jsonForScript } from './server-render-build';

/**
 * The `<head>` of a public page as search engines and link previews read it: its title and meta description, the
 * canonical link, Open Graph and Twitter card tags (with an image when the page has one: the drawn 1200 x 630 preview or
 * a photo), and an optional schema.org JSON-LD block (a data block, never executed, so the Content Security Policy's
 * one script hash still holds).
 */

/** Longest meta description, characters: search results cut longer ones. */
export const DESCRIPTION_MAX = 160;
/** The link-preview image's size, px (Open Graph's recommended 1.91:1). */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const;

/** A page's link-preview image. Its address is absolute. */
export interface PageImage {
  url: string;
  /** What the picture shows, for a screen reader ('An illustration of a Negroni in its rocks glass'). */
  alt: string;
  /** Its MIME type; default 'image/png' (the drawn previews of seo/og-image.ts). */
  type?: 'image/png' | 'image/jpeg' | 'image/webp';
  /** Its width and height, px; default {@link PREVIEW_IMAGE} (1200 x 630). */
  size?: { width: number; height: number };
}

/** What a page says about itself. Addresses are absolute. */
export interface PageHead {
  /** The document title, as shown in a tab and a search result ('Negroni cocktail recipe · Barback'). */
  title: string;
  /** The title a link preview shows ('Negroni'). */
  shareTitle: string;
  description: string;
  canonicalUrl: string;
  /**
   * The link-preview image; null for a page without one (its image tags are left out and the Twitter card is the small
   * 'summary' instead of 'summary_large_image').
   */
  image: PageImage | null;
  /** Open Graph's type: 'article' for a recipe or a collection, 'website' for the app's pages. */
  type: 'article' | 'website';
  /** A schema.org object (with its `@context`), written as JSON-LD. */
  jsonLd?: object;
}

/** `text` escaped for an HTML attribute or text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** `text` on one line, cut at a word to at most {@link DESCRIPTION_MAX} characters, an ellipsis marking a cut. */
export function metaDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_MAX / 2)).replace(/[\s,;:.–-]+$/, '');
  return `${atWord}…`;
}

/** The tags of `head` (without the title and description the template already has), one per line. */
function headTags(head: PageHead): string[] {
  const meta = (key: 'name' | 'property', name: string, content: string | number) =>
    `<meta ${key}="${name}" content="${escapeHtml(String(content))}" />`;
  const { image } = head;
  const size = image?.size ?? PREVIEW_IMAGE;
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Barback'),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    ...(image
      ? [
          meta('property', 'og:image', image.url),
          meta('property', 'og:image:type', image.type ?? 'image/png'),
          meta('property', 'og:image:width', size.width),
          meta('property', 'og:image:height', size.height),
          meta('property', 'og:image:alt', image.alt),
        ]
      : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    ...(image ? [meta('name', 'twitter:image', image.url), meta('name', 'twitter:image:alt', image.alt)] : []),
    ...(head.jsonLd ? [`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`] : []),
  ];
}

/**
 * The page `html` (a built template) with `head`: its `<title>` and meta description replaced, the other tags added
 * before `</head>`.
 * @throws Error when the template has no `<title>`, meta description or `</head>` (a build that does not match).
 */
export function withPageHead(html: string, head: PageHead): string {
  const title = /<title>[\s\S]*?<\/title>/;
  const description = /<meta\s+name="description"[^>]*>/;
  if (!title.test(html) || !description.test(html) || !html.includes('</head>')) {
    throw new Error('the page template lacks its title, meta description or </head>');
  }
  const tags = headTags(head)
    .map((tag) => `    ${tag}\n`)
    .join('');
  return html
    .replace(title, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(description, () => `<meta name="description" content="${escapeHtml(head.description)}" />`)
    .replace('</head>', () => `${tags}  </head>`);
}
