import type { ItemList, ListItem, WithContext } from 'schema-dts';
import { cocktailPagePath, hasCocktailPage, sharedCollectionPagePath, sharedRecipePagePath } from '@/shared/routes';
import type { SharedCollection } from '@/shared/schemas/collections';
import type { StoredPhoto } from '@/shared/schemas/public-menu';
import type { RecipeSummary } from '@/shared/schemas/recipe-summary';
import type { SharedRecipe } from '@/shared/schemas/recipes';
import { absoluteUrl, cocktailImagePath, glassName, inWords, recipeDescription, recipeSchema } from '../catalogue';
import { metaDescription, type PageHead, type PageImage } from '../http/page-head';
import { sharedRecipeImagePath } from './og-image';

/**
 * The heads of the shared pages (docs/product.md, Recipe pages), as the cocktail pages have theirs (recipe-head.ts):
 * a shared own recipe's, `/recipes/shared/<share slug>`, and a shared collection's, `/shared/<share slug>`. They are
 * made only from what the share link's own read answers (getSharedRecipe, getSharedCollection), so a page says nothing
 * its link does not: no owner, no private recipe.
 */

/**
 * Who a shared recipe's schema.org Recipe names as its author: the share link does not say who shared it (its read
 * answers no owner), so the page does not either.
 */
export const SHARED_RECIPE_AUTHOR = 'A Barback member';
/** How many of a collection's cocktails its description names before '... and N more'. */
export const COLLECTION_NAMES_LISTED = 3;

/** A recipe photo as a page image: its largest JPEG (link previews read JPEG everywhere), else its largest variant. */
function photoImage(photo: StoredPhoto | null, origin: string, alt: string): PageImage | null {
  const variants = photo ? [...photo.variants].sort((a, b) => b.width - a.width) : [];
  const best = variants.find((variant) => variant.format === 'jpeg') ?? variants[0];
  if (!photo || !best) return null;
  return {
    url: absoluteUrl(origin, best.url),
    alt,
    type: best.format === 'jpeg' ? 'image/jpeg' : 'image/webp',
    size: { width: best.width, height: Math.round((best.width * photo.height) / photo.width) },
  };
}

/**
 * The head of a shared own recipe's page: title '<Name> cocktail recipe · Barback', the description a cocktail's page
 * would have (its words and ingredients, at most 160 characters), the page's address as canonical, type 'article', its
 * photo (the largest JPEG, with its type and size) as the preview image when it has one, else its drawn 1200 x 630
 * preview (`/og/recipes/shared/<share slug>.png`), and its schema.org Recipe with the same images, '{@link
 * SHARED_RECIPE_AUTHOR}' as author and Barback as publisher (no source or licence: the member wrote it).
 * @param shareSlug the share link's slug, as the page's address has it.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function sharedRecipeHead(recipe: SharedRecipe, shareSlug: string, origin: string): PageHead {
  const url = absoluteUrl(origin, sharedRecipePagePath(shareSlug));
  const drawn: PageImage = {
    url: absoluteUrl(origin, sharedRecipeImagePath(shareSlug)),
    alt: `An illustration of a ${recipe.name} in its ${glassName(recipe.glassware).toLowerCase()}`,
  };
  const photo = photoImage(recipe.photo, origin, `A photo of a ${recipe.name}`);
  return {
    title: `${recipe.name} cocktail recipe · Barback`,
    shareTitle: `${recipe.name} cocktail recipe`,
    description: recipeDescription(recipe),
    canonicalUrl: url,
    image: photo ?? drawn,
    type: 'article',
    jsonLd: recipeSchema(recipe, {
      url,
      images: [...(photo ? [photo.url] : []), drawn.url],
      credit: {
        author: { '@type': 'Person', name: SHARED_RECIPE_AUTHOR },
        publisher: { '@type': 'Organization', name: 'Barback', url: `${origin}/` },
      },
    }),
  };
}

/**
 * The public page of a shared collection's item: a catalogue cocktail's `/cocktails/<slug>`, a shared own recipe's
 * `/recipes/shared/<share slug>`; null for an item without one (a venue's signature cocktail).
 */
function itemPagePath(item: RecipeSummary): string | null {
  if (item.own) return item.shareSlug ? sharedRecipePagePath(item.shareSlug) : null;
  return hasCocktailPage(item.slug) ? cocktailPagePath(item.slug) : null;
}

/**
 * A collection's preview image: the drawn preview of its first catalogue cocktail with a page; without one, of its first
 * shared own recipe; null for a collection with neither (an empty one: its page gets the small card without an image).
 */
function collectionImage(collection: SharedCollection, origin: string): PageImage | null {
  const alt = (name: string) => `An illustration of a ${name}, from the collection ${collection.name}`;
  const cocktail = collection.items.find((item) => !item.own && hasCocktailPage(item.slug));
  if (cocktail) return { url: absoluteUrl(origin, cocktailImagePath(cocktail.slug)), alt: alt(cocktail.name) };
  const recipe = collection.items.find((item) => item.own && item.shareSlug);
  return recipe ? { url: absoluteUrl(origin, sharedRecipeImagePath(recipe.shareSlug!)), alt: alt(recipe.name) } : null;
}

/** A collection's description: its count and first names ("A collection of 5 cocktails: A, B, C and 2 more."), then its own words. */
function collectionDescription(collection: SharedCollection): string {
  const { items } = collection;
  const names = items.slice(0, COLLECTION_NAMES_LISTED).map((item) => item.name);
  const more = items.length - names.length;
  const summary =
    items.length === 0
      ? 'A cocktail collection on Barback, empty for now.'
      : `A collection of ${items.length} cocktail${items.length === 1 ? '' : 's'}: ${inWords(more > 0 ? [...names, `${more} more`] : names)}.`;
  return metaDescription(collection.description ? `${summary} ${collection.description}` : summary);
}

/**
 * The head of a shared collection's page: title '<Collection name> · cocktail collection · Barback', a description
 * naming its count and first {@link COLLECTION_NAMES_LISTED} cocktails then its own words (at most 160 characters), the
 * page's address as canonical, type 'article', the preview image of its first cocktail (see collectionImage; none for
 * an empty one), and a schema.org ItemList: its name, description, address and count, and per item a ListItem with its
 * position (from 1, in the collection's order), its name and, when it has one, its page's absolute address.
 * @param shareSlug the share link's slug, as the page's address has it.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function sharedCollectionHead(collection: SharedCollection, shareSlug: string, origin: string): PageHead {
  const url = absoluteUrl(origin, sharedCollectionPagePath(shareSlug));
  const elements: ListItem[] = collection.items.map((item, index) => {
    const page = itemPagePath(item);
    return {
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      ...(page ? { url: absoluteUrl(origin, page) } : {}),
    };
  });
  const list: WithContext<ItemList> = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: collection.name,
    ...(collection.description ? { description: collection.description } : {}),
    url,
    mainEntityOfPage: url,
    numberOfItems: collection.items.length,
    itemListElement: elements,
  };
  return {
    title: `${collection.name} · cocktail collection · Barback`,
    shareTitle: `${collection.name} · cocktail collection`,
    description: collectionDescription(collection),
    canonicalUrl: url,
    image: collectionImage(collection, origin),
    type: 'article',
    jsonLd: list,
  };
}
