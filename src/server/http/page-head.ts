import { jsonForScript } from './server-render-build';

/**
 * The `<head>` of a public page as search engines and link previews read it: its title and meta description, the
 * canonical link, Open Graph and Twitter card tags with a 1200 x 630 image, and an optional schema.org JSON-LD block
 * (a data block, never executed, so the Content Security Policy's one script hash still holds).
 */

/** Longest meta description, characters: search results cut longer ones. */
export const DESCRIPTION_MAX = 160;
/** The link-preview image's size, px (Open Graph's recommended 1.91:1). */
export const PREVIEW_IMAGE = { width: 1200, height: 630 } as const;

/** What a page says about itself. Addresses are absolute. */
export interface PageHead {
  /** The document title, as shown in a tab and a search result ('Negroni cocktail recipe · Barback'). */
  title: string;
  /** The title a link preview shows ('Negroni'). */
  shareTitle: string;
  description: string;
  canonicalUrl: string;
  imageUrl: string;
  imageAlt: string;
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
  return [
    `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />`,
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', 'Barback'),
    meta('property', 'og:title', head.shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonicalUrl),
    meta('property', 'og:image', head.imageUrl),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', PREVIEW_IMAGE.width),
    meta('property', 'og:image:height', PREVIEW_IMAGE.height),
    meta('property', 'og:image:alt', head.imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.shareTitle),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.imageUrl),
    meta('name', 'twitter:image:alt', head.imageAlt),
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
