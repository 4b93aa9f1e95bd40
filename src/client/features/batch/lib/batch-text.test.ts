import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Technique } from '@/shared/domain/abv';
import { computeBatch, type BatchLine, type BatchScale, type ServiceStyle } from '@/shared/domain/batch';
import { MAX_MEASURE_ERROR, measureBatch, measureVolume } from '@/shared/domain/batch-measure';
import { ICE_GLASSES, isServedOverIce } from '@/shared/domain/batch-service';
import { planParty, type PartyCocktail } from '@/shared/domain/party';
import type { UnitSystem } from '@/shared/domain/units';
import { labelText, prepSteps, roundingNote, serviceSteps } from './batch-text';

const line = (ingredient: string, amount: number, abv: number, extra: Partial<BatchLine> = {}): BatchLine => ({
  ingredient,
  category: abv > 0 ? 'Spirits' : 'Syrups',
  abv,
  amount,
  unit: 'ml',
  role: 'batch',
  ...extra,
});
const negroni = [line('Gin', 30, 40), line('Campari', 30, 25), line('Sweet vermouth', 30, 16)];
const batch = (lines: BatchLine[], style: ServiceStyle, scale: BatchScale, methodDilution = 0.25) =>
  computeBatch({ lines, methodDilution, style, scale });
const steps = (lines: BatchLine[], style: ServiceStyle, technique: Technique = 'Shake', system: UnitSystem = 'ml') =>
  serviceSteps(
    batch(lines, style, { by: 'servings', servings: 12 }),
    { style, technique, glassware: 'Coupe', servedOverIce: false, garnish: null },
    system,
  );

describe('rounded measures', () => {
  const negroniIn750 = batch(negroni, 'fridge', { by: 'volume', volumeMl: 750 }, 0.2);

  it('say they are rounded down to fit, and what they add up to', () => {
    expect(roundingNote(negroniIn750, 'ml')).toBe(
      'Measures are rounded, some of them down, to stay within 750 ml: together they make 750 ml.',
    );
    expect(prepSteps(negroniIn750, 'fridge', 'ml').slice(0, 2)).toEqual([
      'Measure 205 ml Gin, 210 ml Campari and 210 ml Sweet vermouth into a clean jug or bottle.',
      'Add 125 ml of cold filtered water (the dilution).',
    ]);
    expect(roundingNote(negroniIn750, 'oz')).toBe(
      'Measures are rounded to stay within 25.36 oz: together they make 25¼ oz.',
    );
    expect(labelText('Negroni', negroniIn750, 'ml', new Date(2026, 0, 1))[1]).toBe('750 ml · 22.5 % ABV');
  });

  it('name the container they fit when it holds more than the batch', () => {
    const bottles = batch(negroni, 'fridge', { by: 'bottles', bottles: 1, bottleMl: 750 }, 0.2);
    expect(roundingNote(bottles, 'ml')).toBe(
      'Measures are rounded to fit the 750 ml container: together they make 650 ml.',
    );
  });

  it('state every measure more than 2 % off the exact amount, and the total, for any recipe and container', () => {
    const arbLine = fc.record({
      ingredient: fc.constantFrom('Gin', 'Campari', 'Lime juice', 'Angostura bitters', 'Sugar'),
      category: fc.constant(null),
      abv: fc.double({ min: 0, max: 100, noNaN: true }),
      amount: fc.double({ min: 0.1, max: 200, noNaN: true }),
      unit: fc.constantFrom('ml', 'cl', 'oz', 'tsp', 'barspoon', 'dash'),
      role: fc.constantFrom<BatchLine['role']>('batch', 'same-day', 'at-service'),
    });
    fc.assert(
      fc.property(
        fc.array(arbLine, { minLength: 1, maxLength: 6 }),
        fc.constantFrom<ServiceStyle>('fridge', 'freezer', 'over-ice', 'to-order'),
        fc.double({ min: 1, max: 20000, noNaN: true }),
        fc.constantFrom<UnitSystem>('ml', 'oz', 'cl'),
        (lines, style, volumeMl, system) => {
          const result = batch(lines, style, { by: 'volume', volumeMl });
          const measures = measureBatch(result, system);
          const note = roundingNote(result, system);
          expect(note).toContain(`together they make ${measures.totalText}.`);
          result.lines.forEach((l, i) => {
            const m = measures.lines[i];
            if (m && m.exactMl > 0 && Math.abs(m.error) >= MAX_MEASURE_ERROR) {
              expect(note.toLowerCase()).toContain(`${m.measure.text} ${l.line.ingredient} is`.toLowerCase());
            }
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('sugar in a batch', () => {
  it('is made into a syrup with its weight of water, which is part of the dilution', () => {
    const daiquiri = [
      line('White rum', 60, 40),
      line('Lime juice', 20, 0, { category: 'Juices', role: 'same-day' }),
      line('Superfine sugar', 2, 0, { unit: 'barspoon', category: 'Other' }),
    ];
    // 8.11 g of sugar a drink: 324.5 g for 40 in 324.5 ml of water; 25 % of the 85.1 ml batched a drink is 21.3 ml of
    // water, so the tap adds 13.2 ml a drink (526.6 ml).
    const result = batch(daiquiri, 'fridge', { by: 'servings', servings: 40 });
    const steps = prepSteps(result, 'fridge', 'ml');
    // Over 2 l, so it is mixed in something bigger than a jug and bottled in 1 l bottles.
    expect(steps[1]).toMatch(
      /^Measure 2400 ml White rum and the syrup into a large jug, pot or bucket \(.+ in all\)\.$/,
    );
    expect([steps[0], ...steps.slice(2)]).toEqual([
      'Make the syrup: stir 325 g Superfine sugar into 325 ml of warm water until clear, then let it cool.',
      'Add 525 ml of cold filtered water, the rest of the dilution.',
      'On the day: squeeze and strain 800 ml Lime juice, then add it to the batch.',
      'Stir to mix, then divide it between the 5 × 1 l bottles: 850 ml in each.',
      'Seal and label each bottle.',
      'Chill in the fridge for at least 2 hours.',
    ]);
    expect(prepSteps(result, 'fridge', 'ml').some((s) => /Measure .*sugar/i.test(s))).toBe(false);
  });
});

describe('egg and dairy at service', () => {
  const sour = (extra: BatchLine) => [
    line('Bourbon', 60, 45),
    line('Lemon juice', 30, 0, { category: 'Juices', role: 'same-day' }),
    line('Simple syrup', 20, 0),
    extra,
  ];

  it('shakes a Whiskey Sour with its egg white (dry shake first), never adds it after the strain', () => {
    const white = line('Egg white', 20, 0, { category: 'Dairy & egg', role: 'at-service' });
    expect(steps(sour(white), 'to-order')).toEqual([
      'Dry shake 110 ml of the batch and 20 ml Egg white hard without ice, to build the foam.',
      'Add ice, shake again until cold, then strain into a coupe glass.',
    ]);
    expect(steps(sour(white), 'fridge')).toEqual([
      'Dry shake 138 ml of the batch and 20 ml Egg white hard without ice, to build the foam.',
      'Add ice, shake again briefly (the batch already holds its water), then strain into a coupe glass.',
    ]);
  });

  it('shakes cream in with the pour', () => {
    const alexander = [
      line('Cognac', 30, 40),
      line('Crème de cacao', 30, 25),
      line('Cream', 30, 0, { category: 'Dairy & egg', role: 'at-service' }),
    ];
    expect(steps(alexander, 'to-order')).toEqual([
      'Shake 60 ml of the batch and 30 ml Cream with ice until cold, then strain into a coupe glass.',
    ]);
  });

  const eggAndDairy: BatchLine[] = [
    line('Egg white', 1, 0, { unit: 'white', category: 'Dairy & egg', role: 'at-service' }),
    line('Egg yolk', 1, 0, { unit: 'yolk', category: 'Dairy & egg', role: 'at-service' }),
    line('Whole egg', 1, 0, { unit: 'egg', category: 'Dairy & egg', role: 'at-service' }),
    line('Egg white', 2, 0, { unit: 'drop', category: 'Dairy & egg', role: 'at-service' }),
    line('Heavy cream', 30, 0, { category: 'Dairy & egg', role: 'at-service' }),
    line('Milk', 1, 0, { unit: 'oz', category: 'Dairy & egg', role: 'at-service' }),
    line('single cream', 20, 0, { category: null, role: 'at-service' }),
    line('Aquafaba', 20, 0, { category: 'Other', role: 'at-service' }),
  ];
  it.each(eggAndDairy.map((l) => [l.ingredient, l.unit, l] as const))(
    '%s (%s) is in the shaker before the strain, in every service style and unit system',
    (name, _unit, extra) => {
      for (const style of ['fridge', 'freezer', 'over-ice', 'to-order'] as const) {
        for (const system of ['ml', 'oz', 'cl'] as const) {
          const all = steps(sour(extra), style, 'Shake', system);
          const strain = all.findIndex((s) => /strain/.test(s));
          expect(strain).toBeGreaterThanOrEqual(0);
          const shaken = all.slice(0, strain + 1).join(' ');
          expect(shaken).toMatch(/^(Dry shake|Shake) /);
          expect(shaken).toContain(name);
          expect(all.slice(strain + 1).some((s) => s.includes(name))).toBe(false);
          expect(all.some((s) => s.startsWith(`Add `) && s.includes(name))).toBe(false);
        }
      }
    },
  );
});

describe('ice in the glass', () => {
  const glassSteps = (
    glassware: string,
    style: ServiceStyle,
    technique: Technique = 'Build',
    servedOverIce: boolean | null = null,
  ) =>
    serviceSteps(
      batch(negroni, style, { by: 'servings', servings: 10 }, 0.1),
      { style, technique, glassware, servedOverIce, garnish: null },
      'ml',
    );

  it('pours a ready-to-pour Negroni over fresh ice in its rocks glass, and a Martini straight into its glass', () => {
    expect(glassSteps('Rocks', 'fridge')).toEqual(['Pour 99 ml of the chilled batch over fresh ice in a rocks glass.']);
    expect(glassSteps('Martini', 'freezer', 'Stir')).toEqual([
      'Pour 99 ml of the ice-cold batch into a martini glass.',
    ]);
    expect(glassSteps('Rocks', 'to-order', 'Stir')[0]).toMatch(/strain over fresh ice in a rocks glass\.$/);
  });

  it("follows the recipe's own fact over its glass: a Sazerac neat in its rocks glass, a Spritz on ice in a wine glass", () => {
    expect(glassSteps('Rocks', 'fridge', 'Stir', false)).toEqual([
      'Pour 99 ml of the chilled batch into a rocks glass.',
    ]);
    expect(glassSteps('Rocks', 'to-order', 'Stir', false)[0]).toMatch(/strain into a rocks glass\.$/);
    expect(glassSteps('Wine', 'fridge', 'Build', true)).toEqual([
      'Pour 99 ml of the chilled batch over fresh ice in a wine glass.',
    ]);
    expect(glassSteps('Wine', 'fridge', 'Build', null)).toEqual(['Pour 99 ml of the chilled batch into a wine glass.']);
    expect(glassSteps('Coupe', 'over-ice', 'Shake', false).join(' ')).toContain('over fresh ice in a coupe glass');
  });

  it('says "over fresh ice" exactly when the service, the recipe or its glass puts ice in it, the rule the party ice counts by', () => {
    const glasses = ['Rocks', 'Highball', 'Collins', 'Coupe', 'Martini', 'Flute', 'Nick & Nora', 'Julep cup', 'Wine'];
    fc.assert(
      fc.property(
        fc.constantFrom(...glasses),
        fc.constantFrom<ServiceStyle>('fridge', 'freezer', 'over-ice', 'to-order'),
        fc.constantFrom<Technique>('Build', 'Stir', 'Shake'),
        fc.constantFrom(true, false, null),
        (glassware, style, technique, servedOverIce) => {
          const text = glassSteps(glassware, style, technique, servedOverIce).join(' ');
          expect(text.includes('over fresh ice')).toBe(isServedOverIce({ glassware, servedOverIce }, style));
        },
      ),
    );
    expect(ICE_GLASSES.has('Rocks') && !ICE_GLASSES.has('Coupe')).toBe(true);
  });
});

describe("the party's ice and its service steps", () => {
  const cocktail = (fields: Partial<PartyCocktail>): PartyCocktail => ({
    key: 'x',
    name: 'X',
    glassware: 'Rocks',
    servedOverIce: null,
    technique: 'Stir',
    lines: negroni,
    methodDilution: 0.2,
    style: 'fridge',
    share: 1,
    ...fields,
  });
  /** The party's plan for one cocktail and the steps its timeline prints, from the same fields. */
  const planAndSteps = (c: PartyCocktail) => {
    const plan = planParty({ guests: 12, hours: 3, cocktails: [c] });
    const planned = plan.cocktails[0];
    if (!planned) throw new Error('no cocktail planned');
    const { style, technique, glassware, servedOverIce } = c;
    const text = serviceSteps(planned.batch, { style, technique, glassware, servedOverIce, garnish: null }, 'ml');
    return { ice: plan.ice, text: text.join(' ') };
  };

  it('a Sazerac neat in a rocks glass: no ice in the steps, none for its glasses', () => {
    const { ice, text } = planAndSteps(cocktail({ name: 'Sazerac', servedOverIce: false }));
    expect(text).not.toContain('ice');
    expect(ice.glassesKg).toBe(0);
  });

  it("an Aperol Spritz in a wine glass: 'over fresh ice' in the steps, and ice for every glass", () => {
    const { ice, text } = planAndSteps(
      cocktail({ name: 'Aperol Spritz', glassware: 'Wine', servedOverIce: true, technique: 'Build' }),
    );
    expect(text).toContain('over fresh ice in a wine glass');
    expect(ice.glassesKg).toBeGreaterThan(0);
  });

  it('a coupe drink: no ice in the glass, none counted for glasses', () => {
    const { ice, text } = planAndSteps(cocktail({ glassware: 'Coupe', servedOverIce: false, style: 'freezer' }));
    expect(text).toContain('into a coupe glass');
    expect(text).not.toContain('over fresh ice');
    expect(ice.glassesKg).toBe(0);
  });

  it("counts ice for glasses exactly when the steps say 'over fresh ice', and shaking ice exactly when they mix with ice", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(null, 'Rocks', 'Highball', 'Coupe', 'Martini', 'Flute', 'Wine'),
        fc.constantFrom(true, false, null),
        fc.constantFrom<ServiceStyle>('fridge', 'freezer', 'over-ice', 'to-order'),
        fc.constantFrom<Technique>('Build', 'Stir', 'Shake', 'Blend'),
        (glassware, servedOverIce, style, technique) => {
          const { ice, text } = planAndSteps(cocktail({ glassware, servedOverIce, style, technique }));
          expect(ice.glassesKg > 0).toBe(text.includes('over fresh ice'));
          expect(ice.shakingKg > 0).toBe(/\b(Shake|Stir|Blend) .* with ice\b/.test(text));
        },
      ),
    );
  });
});

describe('a batch bigger than one jug', () => {
  it('is divided between the bottles chosen, saying how much goes in each', () => {
    const result = batch(negroni, 'fridge', { by: 'bottles', bottles: 3, bottleMl: 750 }, 0.2);
    const prep = prepSteps(result, 'fridge', 'ml');
    expect(prep[0]).toMatch(/into a large jug, pot or bucket \(\d[\d,.]* ml in all\)\.$/);
    expect(prep).toContain(
      `Stir to mix, then divide it between the 3 × 750 ml bottles: ${measureVolume(result.container.volumeMl / 3, 'ml').text} in each.`,
    );
    expect(prep).not.toContain('Stir or shake gently to mix, seal and label.');
  });

  it('goes into 1 l bottles past 2 l when no bottles were chosen, and into one jug up to 2 l', () => {
    const big = batch(negroni, 'fridge', { by: 'servings', servings: 40 }, 0.2);
    expect(big.container.volumeMl).toBeGreaterThan(2000);
    const count = Math.ceil(big.container.volumeMl / 1000);
    expect(prepSteps(big, 'fridge', 'ml').some((step) => step.includes(`between the ${count} × 1 l bottles`))).toBe(
      true,
    );
    const jug = batch(negroni, 'fridge', { by: 'volume', volumeMl: 2000 }, 0.2);
    expect(prepSteps(jug, 'fridge', 'ml')[0]).toMatch(/into a clean jug or bottle\.$/);
  });
});
