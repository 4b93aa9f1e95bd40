import { cocktailPagePath } from '@/shared/routes';
import type { CocktailDetail } from '@/shared/schemas/cocktail';
import { metaDescription, type PageHead } from '../http/page-head';
import type { Technique } from '@/shared/domain/abv';
import { absoluteUrl, cocktailImagePath, glassName, recipeJsonLd } from './recipe-json-ld';

/** How a technique leaves the drink, for a sentence: 'Stirred, served in a rocks glass.' */
const PREPARED: Record<Technique, string> = {
  Shake: 'Shaken',
  Stir: 'Stirred',
  Build: 'Built',
  Blend: 'Blended',
  Muddle: 'Muddled',
  Layer: 'Layered',
};

/** A list in words: "gin, Campari and sweet vermouth". */
function inWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The head of a catalogue cocktail's page (`/cocktails/<slug>`): "Negroni cocktail recipe · Barback", a description
 * from the recipe's own words and its ingredients (at most 160 characters), its canonical address, its drawn
 * 1200 x 630 preview, and its schema.org Recipe.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function recipePageHead(cocktail: CocktailDetail, origin: string): PageHead {
  const ingredients = cocktail.ingredients.filter((line) => !line.is_optional).map((line) => line.ingredient);
  const served = `${PREPARED[cocktail.technique]}, served in a ${glassName(cocktail.glassware).toLowerCase()}.`;
  const summary = ingredients.length
    ? `${cocktail.name}: ${inWords(ingredients.map((name) => name.toLowerCase()))}. ${served}`
    : `How to make a ${cocktail.name}. ${served}`;
  const description = metaDescription(cocktail.description ? `${cocktail.description} ${summary}` : summary);
  return {
    title: `${cocktail.name} cocktail recipe · Barback`,
    shareTitle: `${cocktail.name} cocktail recipe`,
    description,
    canonicalUrl: absoluteUrl(origin, cocktailPagePath(cocktail.slug)),
    imageUrl: absoluteUrl(origin, cocktailImagePath(cocktail.slug)),
    imageAlt: `An illustration of a ${cocktail.name} in its ${cocktail.glassware.toLowerCase()}`,
    type: 'article',
    jsonLd: recipeJsonLd(cocktail, origin),
  };
}
