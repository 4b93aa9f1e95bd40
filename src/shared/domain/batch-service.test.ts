import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TECHNIQUES, type Technique } from './abv';
import { computeBatch, SERVICE_STYLES, type BatchLine, type ServiceStyle } from './batch';
import { ICE_GLASSES, isServedOverIce, mixedWithIce, servicePlan, UNKNOWN_GLASS } from './batch-service';
import { planParty, type PartyCocktail } from './party';

const line = (ingredient: string, category: string, amount: number, abv: number, extra: Partial<BatchLine> = {}) =>
  ({ ingredient, category, abv, amount, unit: 'ml', role: 'batch', ...extra }) satisfies BatchLine;

const sazerac: PartyCocktail = {
  key: 'sazerac',
  name: 'Sazerac',
  glassware: 'Rocks',
  servedOverIce: false,
  technique: 'Stir',
  lines: [
    line('Cognac', 'Spirits', 60, 40),
    line('Simple syrup', 'Syrups', 7.5, 0),
    line("Peychaud's bitters", 'Bitters', 2.76, 35),
    line('Absinthe', 'Spirits', 1, 68, { unit: 'rinse', role: 'at-service' }),
  ],
  methodDilution: 0.2,
  style: 'fridge',
  share: 1,
};
const aperolSpritz: PartyCocktail = {
  key: 'spritz',
  name: 'Aperol Spritz',
  glassware: 'Wine',
  servedOverIce: true,
  technique: 'Build',
  lines: [
    line('Aperol', 'Liqueurs', 60, 11),
    line('Prosecco', 'Wine', 90, 11, { unit: 'top', role: 'at-service' }),
    line('Soda water', 'Mixers', 30, 0, { unit: 'splash', role: 'at-service' }),
  ],
  methodDilution: 0.1,
  style: 'fridge',
  share: 1,
};
const daiquiri: PartyCocktail = {
  key: 'daiquiri',
  name: 'Daiquiri',
  glassware: 'Coupe',
  servedOverIce: false,
  technique: 'Shake',
  lines: [
    line('White rum', 'Spirits', 60, 40),
    line('Lime juice', 'Juices', 22.5, 0, { role: 'same-day' }),
    line('Simple syrup', 'Syrups', 15, 0),
  ],
  methodDilution: 0.25,
  style: 'freezer',
  share: 1,
};

/** The plan of one cocktail's party: 10 guests for 2 hours. */
const party = (cocktail: PartyCocktail) => planParty({ guests: 10, hours: 2, cocktails: [cocktail] });
/** What happens to each glass of a 10-drink batch of it, as its service steps read it. */
const planOf = (cocktail: PartyCocktail) =>
  servicePlan(
    computeBatch({
      lines: cocktail.lines,
      methodDilution: cocktail.methodDilution,
      style: cocktail.style,
      scale: { by: 'servings', servings: 10 },
    }),
    cocktail.style,
    cocktail.technique,
    cocktail,
  );

describe('isServedOverIce', () => {
  it("takes the recipe's fact first, the glass only when the recipe does not say", () => {
    expect(isServedOverIce({ glassware: 'Rocks', servedOverIce: false }, 'fridge')).toBe(false);
    expect(isServedOverIce({ glassware: 'Wine', servedOverIce: true }, 'fridge')).toBe(true);
    expect(isServedOverIce({ glassware: 'Rocks', servedOverIce: null }, 'freezer')).toBe(true);
    expect(isServedOverIce({ glassware: 'Wine', servedOverIce: null }, 'freezer')).toBe(false);
    expect(isServedOverIce(UNKNOWN_GLASS, 'to-order')).toBe(false);
  });

  it('puts every glass on ice when the batch is served over ice, whatever the recipe says', () => {
    for (const glassware of [null, 'Coupe', 'Rocks', 'Wine']) {
      for (const servedOverIce of [true, false, null]) {
        expect(isServedOverIce({ glassware, servedOverIce }, 'over-ice')).toBe(true);
      }
    }
  });

  it('falls back to the ice glasses: rocks and highballs on ice, a coupe or a flute not', () => {
    expect(ICE_GLASSES.has('Rocks') && ICE_GLASSES.has('Highball')).toBe(true);
    expect(ICE_GLASSES.has('Coupe') || ICE_GLASSES.has('Flute') || ICE_GLASSES.has('Wine')).toBe(false);
  });
});

describe('ice in the steps and in the party agree', () => {
  it('pours a ready-to-pour Sazerac neat into its rocks glass and counts no ice for its glasses', () => {
    expect(planOf(sazerac)).toMatchObject({ finish: 'pour', overIce: false });
    const plan = party(sazerac);
    expect(plan.cocktails[0]?.service).toMatchObject({ finish: 'pour', overIce: false });
    expect(plan.ice.glassesKg).toBe(0);
    expect(plan.ice.shakingKg).toBe(0);
    // Only the ice bucket for the batch: 30 drinks (10 guests × (2 + 1)), kept cold at 1 kg a litre.
    expect(plan.ice.chillingKg).toBeGreaterThan(0);
  });

  it('pours a ready-to-pour Aperol Spritz over fresh ice in its wine glass and counts ice for every glass', () => {
    expect(planOf(aperolSpritz)).toMatchObject({ finish: 'pour-over-ice', overIce: true });
    const plan = party(aperolSpritz);
    // Every drink on ice: 0.5 kg a guest an hour × 10 guests × 2 hours.
    expect(plan.ice.glassesKg).toBeCloseTo(10, 9);
    expect(plan.ice.shakingKg).toBe(0);
  });

  it('pours a freezer Daiquiri straight into its coupe (no ice for glasses), and shakes it with ice when made to order', () => {
    expect(planOf(daiquiri)).toMatchObject({ finish: 'pour', overIce: false });
    expect(party(daiquiri).ice.glassesKg).toBe(0);
    const toOrder = party({ ...daiquiri, style: 'to-order' });
    expect(toOrder.cocktails[0]?.service).toMatchObject({ finish: 'shake', overIce: false });
    expect(toOrder.ice.glassesKg).toBe(0);
    // 30 drinks (10 guests × (2 + 1)) shaken at 0.2 kg each; nothing kept in a bucket.
    expect(toOrder.ice.shakingKg).toBeCloseTo(6, 9);
    expect(toOrder.ice.chillingKg).toBe(0);
  });

  it('counts shaking ice for an egg sour poured from a ready batch, since its steps shake each glass', () => {
    const sour: PartyCocktail = {
      ...daiquiri,
      style: 'fridge',
      lines: [...daiquiri.lines, line('Egg white', 'Dairy & egg', 1, 0, { unit: 'white', role: 'at-service' })],
    };
    expect(planOf(sour)).toMatchObject({ finish: 'shake', dryShake: true });
    const plan = party(sour);
    expect(plan.ice.shakingKg).toBeCloseTo(6, 9);
    expect(plan.ice.chillingKg).toBeGreaterThan(0);
  });

  /** Recipes to draw from: batched only, with a rinse and toppers, with egg, with dairy. */
  const LINE_SETS: readonly (readonly BatchLine[])[] = [
    daiquiri.lines,
    sazerac.lines,
    aperolSpritz.lines,
    [...daiquiri.lines, line('Egg white', 'Dairy & egg', 1, 0, { unit: 'white', role: 'at-service' })],
    [line('Vodka', 'Spirits', 50, 40), line('Cream', 'Dairy & egg', 30, 0, { role: 'at-service' })],
  ];

  it('counts ice for glasses exactly when the steps pour over ice, and shaking ice exactly when they shake, stir or blend', () => {
    fc.assert(
      fc.property(
        fc.record({
          lines: fc.constantFrom(...LINE_SETS),
          glassware: fc.constantFrom(null, 'Rocks', 'Highball', 'Coupe', 'Martini', 'Flute', 'Wine', 'Julep cup'),
          servedOverIce: fc.constantFrom(true, false, null),
          technique: fc.constantFrom<Technique>(...TECHNIQUES),
          style: fc.constantFrom<ServiceStyle>(...SERVICE_STYLES),
          methodDilution: fc.constantFrom(0, 0.1, 0.2, 0.25),
        }),
        fc.integer({ min: 1, max: 200 }),
        fc.constantFrom(1, 2.5, 4),
        (recipe, guests, hours) => {
          const cocktail: PartyCocktail = { key: 'x', name: 'X', share: 1, ...recipe };
          const plan = planParty({ guests, hours, cocktails: [cocktail] });
          const planned = plan.cocktails[0];
          if (!planned || planned.drinks === 0) return;
          // The plan's service is the one the steps are written from, for the same batch.
          expect(planned.service).toEqual(
            servicePlan(planned.batch, recipe.style, recipe.technique, {
              glassware: recipe.glassware,
              servedOverIce: recipe.servedOverIce,
            }),
          );
          expect(planned.service.overIce).toBe(
            isServedOverIce({ glassware: recipe.glassware, servedOverIce: recipe.servedOverIce }, recipe.style),
          );
          expect(plan.ice.glassesKg > 0).toBe(planned.service.overIce);
          expect(plan.ice.shakingKg > 0).toBe(mixedWithIce(planned.service.finish));
          expect(plan.ice.chillingKg > 0).toBe(recipe.style !== 'to-order' && planned.batch.container.volumeMl > 0);
          expect(plan.ice.totalKg).toBeCloseTo(plan.ice.glassesKg + plan.ice.chillingKg + plan.ice.shakingKg, 9);
        },
      ),
    );
  });
});
