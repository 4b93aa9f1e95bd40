import type { HowToStep, Recipe, WithContext } from 'schema-dts';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { splitInstructions } from '@/shared/domain/recipe-steps';
import { formatRecipeLine } from '@/shared/domain/units';
import { cocktailPagePath } from '@/shared/routes';
import type { CocktailDetail } from '@/shared/schemas/cocktail';

/** Who publishes the catalogue: the author of Barback's own recipes. */
const PUBLISHER = 'Barback';

/** The address of a cocktail's link-preview image (1200 x 630 PNG drawn from its illustration; seo/og-image.ts). */
export function cocktailImagePath(slug: string): string {
  return `/og/cocktails/${encodeURIComponent(slug)}.png`;
}

/** `value` as an absolute address on `origin` (kept as it is when it already is one). */
export function absoluteUrl(origin: string, value: string): string {
  return new URL(value, `${origin}/`).toString();
}

/** One recipe line as the page lists it, in millilitres: "30 ml Gin", "2 dashes Angostura bitters", "Soda water". */
export function ingredientText(line: CocktailDetail['ingredients'][number]): string {
  const text = formatRecipeLine(line, 'ml');
  const optional = line.is_optional ? ' (optional)' : '';
  return `${text.amount ? `${text.amount} ${text.ingredient}` : text.ingredient}${optional}`;
}

/**
 * One serving's alcohol as the page states it: "About 22.5% ABV, 108 ml, 1.4 US standard drinks", from the shared
 * alcohol maths with the technique's dilution (DOMAIN.md "Alcohol maths"); null when no line has a volume.
 */
export function alcoholText(cocktail: CocktailDetail): string | null {
  const alcohol = computeCocktailAlcohol(cocktail.ingredients, cocktail.technique);
  if (alcohol.servingVolumeMl <= 0) return null;
  const abv = Math.round(alcohol.finalAbv * 10) / 10;
  const drinks = Math.round(alcohol.usStandardDrinks * 10) / 10;
  return `About ${abv}% ABV, ${Math.round(alcohol.servingVolumeMl)} ml, ${drinks} US standard drinks`;
}

/** The glass as a tool's name: "Coupe glass", "Copper mug" (mugs and cups are named as they are). */
export function glassName(glassware: string): string {
  return /\b(mug|cup)$/i.test(glassware) ? glassware : `${glassware} glass`;
}

/**
 * The schema.org Recipe of a catalogue cocktail, for the `application/ld+json` block of its page
 * (https://schema.org/Recipe; the fields search engines read for recipe results): name, description, images (its
 * photo, then its drawn preview), ingredients as written in ml, the steps as HowToSteps, category and keywords, the
 * glass as a tool, preparation time in ISO 8601 minutes, one drink's yield, and, where the lines give it, the alcohol of
 * one serving as the nutrition's description (schema.org's NutritionInformation has no alcohol property). Imported
 * recipes name their dataset as author and source, with its licence.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function recipeJsonLd(cocktail: CocktailDetail, origin: string): WithContext<Recipe> {
  const url = absoluteUrl(origin, cocktailPagePath(cocktail.slug));
  const images = [
    ...(cocktail.image_url ? [absoluteUrl(origin, cocktail.image_url)] : []),
    absoluteUrl(origin, cocktailImagePath(cocktail.slug)),
  ];
  const steps: HowToStep[] = splitInstructions(cocktail.instructions).map((text, index) => ({
    '@type': 'HowToStep',
    position: index + 1,
    text,
  }));
  const keywords = [
    cocktail.base_spirit,
    cocktail.technique,
    ...cocktail.flavor_profile,
    ...cocktail.seasonal_tags,
    ...cocktail.occasion_tags,
  ];
  const alcohol = alcoholText(cocktail);
  const source = cocktail.source ?? null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: cocktail.name,
    url,
    mainEntityOfPage: url,
    description: cocktail.description || `How to make a ${cocktail.name}.`,
    image: images,
    recipeCategory: cocktail.category ? `${cocktail.category} cocktail` : 'Cocktail',
    keywords: [...new Set(keywords.filter(Boolean))].join(', '),
    recipeYield: '1 drink',
    prepTime: `PT${cocktail.preparation_time}M`,
    totalTime: `PT${cocktail.preparation_time}M`,
    recipeIngredient: cocktail.ingredients.map(ingredientText),
    recipeInstructions: steps,
    tool: [{ '@type': 'HowToTool', name: glassName(cocktail.glassware) }],
    ...(alcohol ? { nutrition: { '@type': 'NutritionInformation', description: alcohol } } : {}),
    ...(source
      ? {
          author: { '@type': 'Organization', name: source.name, ...(source.url ? { url: source.url } : {}) },
          ...(source.url ? { isBasedOn: source.url } : {}),
          ...(source.licence ? { license: { '@type': 'CreativeWork', name: source.licence } } : {}),
          publisher: { '@type': 'Organization', name: PUBLISHER, url: `${origin}/` },
        }
      : { author: { '@type': 'Organization', name: PUBLISHER, url: `${origin}/` } }),
  };
}
