import type { Entitlement } from '@/shared/schemas/payments';
import type { CocktailDetail, CocktailSummary } from '@/shared/schemas/cocktail';

/**
 * Real-shaped API bodies for the catalogue's jsdom tests (the shapes of src/shared/schemas/cocktail.ts). The Negroni is
 * DOMAIN.md's check recipe: 30/30/30 ml at 40/25/16 %, stirred (20 %) -> 108 ml at 22.5 %, 1.37 US standard drinks.
 */
export const negroniDetail: CocktailDetail = {
  id: 12,
  slug: 'negroni',
  name: 'Negroni',
  base_spirit: 'Gin',
  category: 'Classic',
  description: 'Equal parts gin, bitter red aperitivo and sweet vermouth, stirred and served over a large cube.',
  instructions:
    'Add everything to a mixing glass with ice.\nStir until well chilled.\nStrain over a large ice cube and garnish.',
  difficulty_level: 'Easy',
  strength: 'Strong',
  glassware: 'Rocks',
  served_over_ice: true,
  technique: 'Stir',
  garnish: 'Orange peel',
  preparation_time: 3,
  flavor_profile: ['Bitter', 'Herbal'],
  seasonal_tags: ['All year'],
  occasion_tags: ['Aperitif'],
  is_signature: false,
  image_url: null,
  ingredients: [
    {
      position: 0,
      ingredient_id: 1,
      ingredient: 'Gin',
      amount: 30,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: null,
      abv: 40,
      category: 'Spirits',
    },
    {
      position: 1,
      ingredient_id: 2,
      ingredient: 'Campari',
      amount: 30,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: null,
      abv: 25,
      category: 'Liqueurs',
    },
    {
      position: 2,
      ingredient_id: 3,
      ingredient: 'Sweet vermouth',
      amount: 30,
      amount_max: null,
      unit: 'ml',
      is_optional: false,
      note: 'a rich Italian one',
      abv: 16,
      category: 'Fortified wine',
    },
    {
      position: 3,
      ingredient_id: 4,
      ingredient: 'Orange bitters',
      amount: 1,
      amount_max: null,
      unit: 'dash',
      is_optional: true,
      note: null,
      abv: 0,
      category: 'Bitters',
    },
  ],
};

/** A list item shaped like `GET /api/cocktails` items. */
export function summaryOf(detail: CocktailDetail, overrides: Partial<CocktailSummary> = {}): CocktailSummary {
  const { instructions: _instructions, served_over_ice: _servedOverIce, ingredients, ...rest } = detail;
  return {
    ...rest,
    ingredients: ingredients.map(({ amount, unit, ingredient }) => ({ amount, unit, ingredient })),
    ...overrides,
  };
}

/** A JSON Response as the API sends it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * An entitlement as `GET /api/me` reports it: active, renewing, bought on the App Store for a year, ending in 2099;
 * `overrides` change any field.
 */
export function entitlementOf(name: Entitlement['name'], overrides: Partial<Entitlement> = {}): Entitlement {
  return {
    name,
    productId: `app.barback.${name}.annual`,
    store: 'APP_STORE',
    source: 'revenuecat',
    periodType: 'NORMAL',
    expiresAt: '2099-01-01T00:00:00.000Z',
    willRenew: true,
    billingIssue: false,
    active: true,
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
