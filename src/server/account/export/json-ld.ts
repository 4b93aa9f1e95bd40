import { formatLine } from '@/shared/domain/line-format';
import type { Unit } from '@/shared/domain/units';
import type { AccountExport, ExportRecipe } from '@/shared/schemas/export';

/**
 * The user's own recipes as schema.org Recipe objects in one JSON-LD document (`{"@context", "@graph": Recipe[]}`), the
 * shape recipe sites publish and the import's JSON-LD reader reads back. Pure. (schema-dts is not a dependency here, so
 * the few Recipe properties written are typed below.)
 */

/** The schema.org Recipe properties this export writes. */
export interface SchemaRecipe {
  '@type': 'Recipe';
  name: string;
  description?: string;
  recipeCategory: string;
  recipeCuisine?: string;
  keywords?: string;
  /** Each line as text ('40 ml Gin'), as formatLine writes it. */
  recipeIngredient: string[];
  recipeInstructions: { '@type': 'HowToStep'; text: string }[];
  /** ISO 8601 duration ('PT3M'). */
  totalTime: string;
  tool: string[];
  dateCreated: string;
  dateModified: string;
}

/** A JSON-LD document of Recipes. */
export interface SchemaRecipeGraph {
  '@context': 'https://schema.org';
  '@graph': SchemaRecipe[];
}

/** One own recipe as a schema.org Recipe. */
export function toSchemaRecipe(recipe: ExportRecipe): SchemaRecipe {
  const keywords = [...recipe.flavor_profile, ...recipe.seasonal_tags, ...recipe.occasion_tags];
  const garnish = recipe.garnish ? `Garnish: ${recipe.garnish}.` : '';
  return {
    '@type': 'Recipe',
    name: recipe.name,
    ...(recipe.description ? { description: recipe.description } : {}),
    recipeCategory: 'Cocktail',
    ...(keywords.length > 0 ? { keywords: keywords.join(', ') } : {}),
    recipeIngredient: recipe.ingredients.map((line) =>
      formatLine({
        amount: line.amount,
        amountMax: line.amount_max,
        unit: line.unit as Unit,
        ingredient: line.ingredient,
        note: line.note,
        optional: line.is_optional,
      }),
    ),
    recipeInstructions: [
      ...recipe.instructions
        .split(/\n+/)
        .map((text) => text.trim())
        .filter(Boolean),
      `${recipe.technique}; serve in a ${recipe.glassware.toLowerCase()} glass.${garnish ? ` ${garnish}` : ''}`,
    ].map((text) => ({ '@type': 'HowToStep' as const, text })),
    totalTime: `PT${recipe.preparation_time}M`,
    tool: [`${recipe.glassware} glass`],
    dateCreated: recipe.createdAt,
    dateModified: recipe.updatedAt,
  };
}

/** The JSON-LD document of every own recipe in `data`. */
export function renderAccountJsonLd(data: AccountExport): SchemaRecipeGraph {
  return { '@context': 'https://schema.org', '@graph': data.recipes.map(toSchemaRecipe) };
}
