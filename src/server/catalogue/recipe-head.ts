import { cocktailPagePath } from '@/shared/routes';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { metaDescription, type PageHead } from '../http/page-head';
import { PREPARED_BY_TECHNIQUE } from '@/shared/domain/recipe-steps';
import { absoluteUrl, cocktailImagePath, glassName, recipeJsonLd } from './recipe-json-ld';

/** A list in words, for a sentence: "gin, Campari and sweet vermouth" ('' for none, the item alone for one). */
export function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * A recipe page's meta description (a catalogue cocktail's or a shared own recipe's): the recipe's own words, then its
 * name with its ingredients (the optional ones left out) and how it is made and served ("Negroni: gin, campari and
 * sweet vermouth. Stirred, served in a rocks glass."), on one line and cut at a word to at most 160 characters.
 */
export function recipeDescription(recipe: CocktailDetail): string {
  const ingredients = recipe.ingredients.filter((line) => !line.is_optional).map((line) => line.ingredient);
  const served = `${PREPARED_BY_TECHNIQUE[recipe.technique]}, served in a ${glassName(recipe.glassware).toLowerCase()}.`;
  const summary = ingredients.length
    ? `${recipe.name}: ${inWords(ingredients.map((name) => name.toLowerCase()))}. ${served}`
    : `How to make a ${recipe.name}. ${served}`;
  return metaDescription(recipe.description ? `${recipe.description} ${summary}` : summary);
}

/**
 * The head of a catalogue cocktail's page (`/cocktails/<slug>`): "Negroni cocktail recipe · Barback", a description
 * from the recipe's own words and its ingredients (at most 160 characters; {@link recipeDescription}), its canonical
 * address, its drawn 1200 x 630 preview, and its schema.org Recipe.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function recipePageHead(cocktail: CocktailDetail, origin: string): PageHead {
  return {
    title: `${cocktail.name} cocktail recipe · Barback`,
    shareTitle: `${cocktail.name} cocktail recipe`,
    description: recipeDescription(cocktail),
    canonicalUrl: absoluteUrl(origin, cocktailPagePath(cocktail.slug)),
    image: {
      url: absoluteUrl(origin, cocktailImagePath(cocktail.slug)),
      alt: `An illustration of a ${cocktail.name} in its ${cocktail.glassware.toLowerCase()}`,
    },
    type: 'article',
    jsonLd: recipeJsonLd(cocktail, origin),
  };
}
