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

/** What differs between the Recipes of two pages (a catalogue cocktail's, a shared own recipe's): see {@link recipeSchema}. */
export interface RecipeSchemaPage {
  /** The page's absolute address (the Recipe's `url` and `mainEntityOfPage`). */
  url: string;
  /** Absolute addresses of the recipe's images, best first. */
  images: string[];
  /** Who wrote and published it, and where it came from: the Recipe's last properties. */
  credit: Pick<Recipe, 'author' | 'isBasedOn' | 'license' | 'publisher'>;
}

/**
 * A recipe's schema.org Recipe for the `application/ld+json` block of its page (https://schema.org/Recipe; the fields
 * search engines read for recipe results): name, the page's address, description, `page.images`, category and
 * keywords, one drink's yield, preparation time in ISO 8601 minutes, ingredients as written in ml, the steps as
 * HowToSteps, the glass as a tool, where the lines give it the alcohol of one serving as the nutrition's description
 * (schema.org's NutritionInformation has no alcohol property), then `page.credit`.
 */
export function recipeSchema(recipe: CocktailDetail, { url, images, credit }: RecipeSchemaPage): WithContext<Recipe> {
  const steps: HowToStep[] = splitInstructions(recipe.instructions).map((text, index) => ({
    '@type': 'HowToStep',
    position: index + 1,
    text,
  }));
  const keywords = [
    recipe.base_spirit,
    recipe.technique,
    ...recipe.flavor_profile,
    ...recipe.seasonal_tags,
    ...recipe.occasion_tags,
  ];
  const alcohol = alcoholText(recipe);
  return {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: recipe.name,
    url,
    mainEntityOfPage: url,
    description: recipe.description || `How to make a ${recipe.name}.`,
    image: images,
    recipeCategory: recipe.category ? `${recipe.category} cocktail` : 'Cocktail',
    keywords: [...new Set(keywords.filter(Boolean))].join(', '),
    recipeYield: '1 drink',
    prepTime: `PT${recipe.preparation_time}M`,
    totalTime: `PT${recipe.preparation_time}M`,
    recipeIngredient: recipe.ingredients.map(ingredientText),
    recipeInstructions: steps,
    tool: [{ '@type': 'HowToTool', name: glassName(recipe.glassware) }],
    ...(alcohol ? { nutrition: { '@type': 'NutritionInformation', description: alcohol } } : {}),
    ...credit,
  };
}

/**
 * The schema.org Recipe of a catalogue cocktail ({@link recipeSchema}) at its page, `/cocktails/<slug>`: its images are
 * its photo, then its drawn preview; Barback is its author, except that imported recipes name their dataset as author
 * and source, with its licence, and Barback as publisher.
 * @param origin the site's origin without a trailing slash (APP_URL).
 */
export function recipeJsonLd(cocktail: CocktailDetail, origin: string): WithContext<Recipe> {
  const source = cocktail.source ?? null;
  return recipeSchema(cocktail, {
    url: absoluteUrl(origin, cocktailPagePath(cocktail.slug)),
    images: [
      ...(cocktail.image_url ? [absoluteUrl(origin, cocktail.image_url)] : []),
      absoluteUrl(origin, cocktailImagePath(cocktail.slug)),
    ],
    credit: source
      ? {
          author: { '@type': 'Organization', name: source.name, ...(source.url ? { url: source.url } : {}) },
          ...(source.url ? { isBasedOn: source.url } : {}),
          ...(source.licence ? { license: { '@type': 'CreativeWork', name: source.licence } } : {}),
          publisher: { '@type': 'Organization', name: PUBLISHER, url: `${origin}/` },
        }
      : { author: { '@type': 'Organization', name: PUBLISHER, url: `${origin}/` } },
  });
}
