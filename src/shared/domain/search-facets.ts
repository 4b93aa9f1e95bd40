import { TECHNIQUES } from './abv';
import {
  BASE_SPIRITS,
  CATEGORIES,
  DIFFICULTY_LEVELS,
  FLAVOR_PROFILES,
  GLASSWARE,
  OCCASIONS,
  SEASONS,
  STRENGTHS,
} from './vocabulary';

/**
 * The search's facets: the cocktail fields /search narrows by, each with the query parameter that carries its
 * choices and the values it can take. Within one facet the choices combine with OR ('Gin' or 'Rum'), between facets with
 * AND. Ingredients are the exception: every 'with' ingredient must be in the recipe and no 'without' one.
 */
export const VALUE_FACETS = [
  { field: 'base_spirit', param: 'spirit', label: 'Base spirit', values: BASE_SPIRITS },
  { field: 'category', param: 'category', label: 'Category', values: CATEGORIES },
  { field: 'glassware', param: 'glass', label: 'Glassware', values: GLASSWARE },
  { field: 'technique', param: 'technique', label: 'Technique', values: TECHNIQUES },
  { field: 'strength', param: 'strength', label: 'Strength', values: STRENGTHS },
  { field: 'difficulty_level', param: 'difficulty', label: 'Difficulty', values: DIFFICULTY_LEVELS },
  { field: 'flavor_profile', param: 'flavor', label: 'Flavor profile', values: FLAVOR_PROFILES },
  { field: 'seasonal_tags', param: 'season', label: 'Season', values: SEASONS },
  { field: 'occasion_tags', param: 'occasion', label: 'Occasion', values: OCCASIONS },
] as const;

/** One value facet's cocktail field (also its key in a facet count answer). */
export type ValueFacetField = (typeof VALUE_FACETS)[number]['field'];
/** One value facet's query parameter. */
export type ValueFacetParam = (typeof VALUE_FACETS)[number]['param'];

/** Fields holding a list of values (a cocktail matches when any of them is chosen). */
export const LIST_FACET_FIELDS: readonly ValueFacetField[] = ['flavor_profile', 'seasonal_tags', 'occasion_tags'];

/** Preparation time limits offered, minutes ('Up to 5 min' keeps cocktails of 5 minutes or less). */
export const PREP_TIME_LIMITS = [2, 3, 5, 10] as const;

/** Query parameters of the ingredient facet: ids that must all be in the recipe / none of which may be. */
export const WITH_INGREDIENT_PARAM = 'with';
export const WITHOUT_INGREDIENT_PARAM = 'without';
/** Query parameter of the preparation time limit, minutes. */
export const MAX_PREP_PARAM = 'maxPrep';

/** Most ingredients listed in a facet count answer (the most frequent in the results, plus every chosen one). */
export const INGREDIENT_FACET_SIZE = 40;
/** Most ingredients one query may require or exclude. */
export const MAX_INGREDIENT_CHOICES = 10;
