import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { computeCocktailAlcohol } from '@/shared/domain/abv';
import { ICE_GLASSES } from '@/shared/domain/batch-service';
import { BASE_SPIRIT_INGREDIENT, recipeStrength, strengthForAbv } from '@/shared/domain/catalogue-rules';
import {
  eggPartOf,
  formatRecipeLine,
  isEggUnit,
  isLiquidUnit,
  isSolidSugar,
  lineVolumeMl,
} from '@/shared/domain/units';
import { BAR_SHELVES, STARTER_SETS } from '@/shared/domain/my-bar-sets';
import { FRUIT_JUICED_BY_MACHINE, PRODUCE_YIELDS, yieldForJuice } from '@/shared/domain/produce';
import { BASE_SPIRITS, GLASSWARE } from '@/shared/schemas/cocktail';
import {
  seedCocktailSchema,
  seedIngredientSchema,
  type SeedCocktail,
  type SeedIngredient,
} from '@/shared/schemas/seed';
import { INGREDIENTS_FILE, SEED_DIR, listCocktailFiles, loadSeedCatalogue } from './load-seed';

/**
 * Validates the whole seed catalogue as it sits in this folder: ingredients.json plus every cocktails-*.json.
 * Each check collects every offender so one run lists all the problems.
 */

function readRaw(file: string): unknown[] {
  const data: unknown = JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8'));
  if (!Array.isArray(data)) throw new Error(`${file} is not a JSON array`);
  return data;
}

function duplicates(values: string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const value of values) {
    if (seen.has(value)) dupes.add(value);
    seen.add(value);
  }
  return [...dupes];
}

const cocktailFiles = listCocktailFiles();

/** Entries that pass their schema; the schema tests below report the others. Cross-file checks run on these. */
const ingredients: SeedIngredient[] = readRaw(INGREDIENTS_FILE).flatMap((entry) => {
  const result = seedIngredientSchema.safeParse(entry);
  return result.success ? [result.data] : [];
});
const cocktails: SeedCocktail[] = cocktailFiles.flatMap((file) =>
  readRaw(file).flatMap((entry) => {
    const result = seedCocktailSchema.safeParse(entry);
    return result.success ? [result.data] : [];
  }),
);
const bySlug = new Map<string, SeedIngredient>(ingredients.map((ingredient) => [ingredient.slug, ingredient]));

/** Slugs from `slug` up to its family root, `slug` first; throws on an unknown parent or a cycle. */
function lineage(slug: string): string[] {
  const chain: string[] = [];
  let current: string | null = slug;
  while (current !== null) {
    if (chain.includes(current)) throw new Error(`cycle: ${[...chain, current].join(' -> ')}`);
    chain.push(current);
    const node = bySlug.get(current);
    if (!node) throw new Error(`unknown ingredient '${current}' in the lineage of '${slug}'`);
    current = node.parent;
  }
  return chain;
}

/** A cocktail's lines as served and as the recipe view counts them: optional lines left out, ABV and name from the seed. */
function servedLines(c: SeedCocktail) {
  return c.ingredients
    .filter((line) => !line.optional)
    .map((line) => ({
      amount: line.amount,
      unit: line.unit,
      abv: bySlug.get(line.ingredient)?.abv ?? 0,
      ingredient: bySlug.get(line.ingredient)?.name ?? line.ingredient,
    }));
}

describe('seed files', () => {
  it('has an ingredient file and at least one cocktail file', () => {
    expect(cocktailFiles.length).toBeGreaterThan(0);
    expect(ingredients.length).toBeGreaterThan(0);
  });

  it('every ingredient entry matches the seed ingredient schema', () => {
    const problems = readRaw(INGREDIENTS_FILE).flatMap((entry, index) => {
      const result = seedIngredientSchema.safeParse(entry);
      return result.success ? [] : [`${INGREDIENTS_FILE}[${index}]: ${result.error.issues[0]?.message}`];
    });
    expect(problems).toEqual([]);
  });

  it('every cocktail entry matches the seed cocktail schema', () => {
    const problems = cocktailFiles.flatMap((file) =>
      readRaw(file).flatMap((entry, index) => {
        const result = seedCocktailSchema.safeParse(entry);
        if (result.success) return [];
        const issue = result.error.issues[0];
        return [`${file}[${index}] at ${issue?.path.map(String).join('.')}: ${issue?.message}`];
      }),
    );
    expect(problems).toEqual([]);
  });
});

describe('loadSeedCatalogue on the real seed', () => {
  it('loads every ingredient and cocktail without error', () => {
    const loaded = loadSeedCatalogue();
    expect(loaded.ingredients).toHaveLength(ingredients.length);
    expect(loaded.cocktails).toHaveLength(cocktails.length);
  });
});

describe('seed ingredients', () => {
  it('have unique slugs and unique names', () => {
    expect(duplicates(ingredients.map((i) => i.slug))).toEqual([]);
    expect(duplicates(ingredients.map((i) => i.name.trim().toLowerCase()))).toEqual([]);
  });

  it('name a parent that exists, and the hierarchy has no cycle', () => {
    const unknownParents = ingredients
      .filter((i) => i.parent !== null && !bySlug.has(i.parent))
      .map((i) => `${i.slug} -> ${i.parent}`);
    expect(unknownParents).toEqual([]);
    const cycles = ingredients.flatMap((i) => {
      try {
        lineage(i.slug);
        return [];
      } catch (error) {
        return [(error as Error).message];
      }
    });
    expect(cycles).toEqual([]);
  });

  it("list aliases that are no other ingredient's name, and parts that exist (never the ingredient itself)", () => {
    const names = new Map(ingredients.map((i) => [i.name.trim().toLowerCase(), i.slug]));
    const clashes = ingredients.flatMap((i) =>
      (i.aliases ?? [])
        .filter((alias) => names.has(alias.trim().toLowerCase()))
        .map((alias) => `${i.slug}: '${alias}' is ${names.get(alias.trim().toLowerCase())}`),
    );
    expect(clashes).toEqual([]);
    const badParts = ingredients.flatMap((i) =>
      (i.parts ?? []).filter((part) => part === i.slug || !bySlug.has(part)).map((part) => `${i.slug} <- ${part}`),
    );
    expect(badParts).toEqual([]);
    // The house-made syrups My Bar knows how to make from their parts.
    expect(ingredients.filter((i) => i.parts).map((i) => i.slug)).toEqual(
      expect.arrayContaining(['simple-syrup', 'honey-syrup', 'grenadine', 'saline-solution']),
    );
  });

  it('include every base spirit family root', () => {
    const missing = BASE_SPIRITS.filter((spirit) => !bySlug.has(BASE_SPIRIT_INGREDIENT[spirit]));
    expect(missing).toEqual([]);
  });
});

describe('seed ingredients: which child stands in for its parent, and what fruit gives', () => {
  const bySlug = new Map(ingredients.map((ingredient) => [ingredient.slug, ingredient]));

  it('mark every flavoured, spiced, sweetened or much stronger spirit a variant of its parent (docs/domain.md)', () => {
    const missed = ingredients.filter((ingredient) => {
      const parent = ingredient.parent === null ? undefined : bySlug.get(ingredient.parent);
      if (!parent || ingredient.category !== 'Spirits' || ingredient.variant) return false;
      const flavoured = /\b(flavou?red|spiced|infused|sweetened)\b/i.test(ingredient.description);
      const stronger = parent.abv > 0 && ingredient.abv > parent.abv * 1.25;
      return flavoured || stronger;
    });
    expect(missed.map((ingredient) => ingredient.slug)).toEqual([]);
    for (const slug of ['citron-vodka', 'vanilla-vodka', 'spiced-rum', 'overproof-rum', 'navy-strength-gin']) {
      expect(bySlug.get(slug)?.variant, slug).toBe(true);
    }
    for (const slug of ['bourbon', 'london-dry-gin', 'blanco-tequila', 'cognac', 'cointreau', 'champagne']) {
      expect(bySlug.get(slug)?.variant, slug).toBeUndefined();
    }
  });

  it('press every juice of a fruit the catalogue sells from that fruit, through the one yield table', () => {
    for (const entry of PRODUCE_YIELDS) {
      expect(bySlug.get(entry.produce)?.category, entry.produce).toBe('Fruit & produce');
      expect(bySlug.get(entry.yields)?.category, entry.yields).toBe('Juices');
    }
    const unpressed = ingredients.filter((ingredient) => {
      const fruit = /^(.+) juice$/i.exec(ingredient.name)?.[1]?.toLowerCase();
      const sold =
        fruit !== undefined &&
        ingredients.some((other) => other.slug === fruit && other.category === 'Fruit & produce');
      const byHand = fruit !== undefined && !FRUIT_JUICED_BY_MACHINE.includes(fruit);
      return ingredient.category === 'Juices' && sold && byHand && !yieldForJuice(ingredient.slug);
    });
    expect(unpressed.map((ingredient) => ingredient.slug)).toEqual([]);
  });
});

describe('seed cocktails', () => {
  it('have unique slugs and unique names across all files', () => {
    expect(duplicates(cocktails.map((c) => c.slug))).toEqual([]);
    expect(duplicates(cocktails.map((c) => c.name.trim().toLowerCase()))).toEqual([]);
  });

  it('use only known ingredients, at least two per cocktail', () => {
    const unknown = cocktails.flatMap((c) =>
      c.ingredients.filter((line) => !bySlug.has(line.ingredient)).map((line) => `${c.slug}: ${line.ingredient}`),
    );
    expect(unknown).toEqual([]);
    const tooFew = cocktails.filter((c) => c.ingredients.length < 2).map((c) => c.slug);
    expect(tooFew).toEqual([]);
  });

  it("name substitutes that exist and that the line's own ingredient does not already cover", () => {
    const bad = cocktails.flatMap((c) =>
      c.ingredients.flatMap((line) =>
        (line.substitutes ?? [])
          .filter((sub) => !bySlug.has(sub) || sub === line.ingredient || lineage(sub).includes(line.ingredient))
          .map((sub) => `${c.slug}: ${line.ingredient} / ${sub}`),
      ),
    );
    expect(bad).toEqual([]);
    // The lines whose note names an alternative carry it as a substitute.
    const noted = cocktails.flatMap((c) =>
      c.ingredients
        .filter((line) => /^or (rye whiskey|bourbon)$/.test(line.note ?? ''))
        .map((line) => `${c.slug}: ${line.substitutes?.join(',') ?? 'none'}`),
    );
    expect(noted.length).toBeGreaterThanOrEqual(3);
    for (const entry of noted) expect(entry).not.toMatch(/none$/);
  });

  it('have a base spirit that one of their lines belongs to', () => {
    const disagree = cocktails
      .filter((c) => {
        const root = BASE_SPIRIT_INGREDIENT[c.base_spirit];
        return !c.ingredients.some((line) => bySlug.has(line.ingredient) && lineage(line.ingredient).includes(root));
      })
      .map((c) => `${c.slug}: ${c.base_spirit} (${BASE_SPIRIT_INGREDIENT[c.base_spirit]}) not among its lines`);
    expect(disagree).toEqual([]);
  });

  it('carry no strength: the seeder derives it from the computed ABV, and the schema refuses one', () => {
    const withStrength = cocktailFiles.flatMap((file) =>
      readRaw(file).flatMap((entry, index) =>
        typeof entry === 'object' && entry !== null && 'strength' in entry ? [`${file}[${index}]`] : [],
      ),
    );
    expect(withStrength).toEqual([]);
    const negroni = cocktails.find((c) => c.slug === 'negroni');
    expect(seedCocktailSchema.safeParse({ ...negroni, strength: 'Strong' }).success).toBe(false);
  });

  it('compute a plausible final ABV for every cocktail (3–50 %), so the derived bands mean something', () => {
    const implausible = cocktails.flatMap((c) => {
      const { finalAbv } = computeCocktailAlcohol(servedLines(c), c.technique);
      return finalAbv >= 3 && finalAbv <= 50 ? [] : [`${c.slug}: ${finalAbv.toFixed(1)} %`];
    });
    expect(implausible).toEqual([]);
  });

  it('give well-known drinks the band a bartender expects', () => {
    const expected: Record<string, string> = {
      negroni: 'Strong',
      'old-fashioned': 'Strong',
      sazerac: 'Strong',
      zombie: 'Strong',
      'whiskey-sour': 'Medium',
      'pisco-sour': 'Medium',
      mojito: 'Light',
      eggnog: 'Light',
      'aperol-sour': 'Light',
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((slug) => {
        const c = cocktails.find((cocktail) => cocktail.slug === slug);
        return [slug, c ? recipeStrength(servedLines(c), c.technique).strength : 'missing'];
      }),
    );
    expect(actual).toEqual(expected);
  });

  it("state eggs in egg units or a stated volume, never as a plain count ('1 whole Whole egg')", () => {
    const wrong = cocktails.flatMap((c) =>
      c.ingredients
        .filter((line) => eggPartOf(line.ingredient) !== null && !isEggUnit(line.unit) && !isLiquidUnit(line.unit))
        .map((line) => `${c.slug}: ${line.amount} ${line.unit} ${line.ingredient}`),
    );
    expect(wrong).toEqual([]);
  });

  it('write a rinse in the rinse unit (its notes and pours are not counted as volume)', () => {
    const wrong = cocktails.flatMap((c) =>
      c.ingredients
        .filter((line) => /\brins/i.test(line.note ?? '') && line.unit !== 'rinse')
        .map((line) => `${c.slug}: ${line.amount} ${line.unit} ${line.ingredient} (${line.note})`),
    );
    expect(wrong).toEqual([]);
  });

  it('never read a word twice on a recipe line, in ml or oz', () => {
    const twice = cocktails.flatMap((c) =>
      c.ingredients.flatMap((line) =>
        (['ml', 'oz'] as const).flatMap((system) => {
          const name = bySlug.get(line.ingredient)?.name ?? line.ingredient;
          const text = formatRecipeLine({ ...line, ingredient: name }, system);
          const words = `${text.amount} ${text.ingredient}`.toLowerCase().split(/\s+/);
          return words.some((word, i) => /\p{L}/u.test(word) && words.indexOf(word) !== i)
            ? [`${c.slug}: ${text.amount} ${text.ingredient}`]
            : [];
        }),
      ),
    );
    expect(twice).toEqual([]);
  });

  it('number at least 150 across all cocktail files', () => {
    expect(cocktails.length).toBeGreaterThanOrEqual(150);
  });
});

describe('seed cocktails: technique, glass and method agree', () => {
  /** The verb forms a method uses; 'shaker' alone does not count, a recipe says what to do with it. */
  const SAYS_SHAKE = /\b(shake|shaken|shaking)\b/i;
  const SAYS_STIR = /\b(stir|stirred|stirring)\b/i;
  const SAYS_BLEND = /\b(blend|blender|blended)\b/i;
  const SAYS_MUDDLE = /\b(muddle|muddled|muddling|press)\b/i;
  /** Stirred down and strained: the drink is chilled in a mixing glass (or a tin) and strained off the ice. */
  const STIRRED_AND_STRAINED = /\bmixing glass\b|\bstrain/i;
  const offenders = (test: (c: SeedCocktail) => boolean) =>
    cocktails.filter(test).map((c) => `${c.slug} (${c.technique}): ${c.instructions}`);

  it('say to shake in every Shake recipe', () => {
    expect(offenders((c) => c.technique === 'Shake' && !SAYS_SHAKE.test(c.instructions))).toEqual([]);
  });

  it('stir in a mixing glass and strain in every Stir recipe; a drink stirred where it is served is Build', () => {
    expect(
      offenders(
        (c) => c.technique === 'Stir' && !(SAYS_STIR.test(c.instructions) && STIRRED_AND_STRAINED.test(c.instructions)),
      ),
    ).toEqual([]);
  });

  it('never strain or use a mixing glass in a Build recipe (built means made in the glass it is served in)', () => {
    expect(offenders((c) => c.technique === 'Build' && STIRRED_AND_STRAINED.test(c.instructions))).toEqual([]);
  });

  it('call a recipe whose method stirs and never shakes or blends Stir, Build, Muddle or Layer', () => {
    const stirred = ['Stir', 'Build', 'Muddle', 'Layer'];
    expect(
      offenders(
        (c) =>
          SAYS_STIR.test(c.instructions) &&
          !SAYS_SHAKE.test(c.instructions) &&
          !SAYS_BLEND.test(c.instructions) &&
          !stirred.includes(c.technique),
      ),
    ).toEqual([]);
  });

  it('blend every Blend recipe and muddle (or press) every Muddle recipe', () => {
    expect(
      offenders(
        (c) =>
          (c.technique === 'Blend' && !SAYS_BLEND.test(c.instructions)) ||
          (c.technique === 'Muddle' && !SAYS_MUDDLE.test(c.instructions)),
      ),
    ).toEqual([]);
  });

  it('give well-known drinks the technique a bartender expects (IBA method, else Bar Assistant)', () => {
    const expected: Record<string, readonly string[]> = {
      negroni: ['Build', 'Stir'],
      americano: ['Build'],
      boulevardier: ['Stir'],
      manhattan: ['Stir'],
      'dry-martini': ['Stir'],
      sazerac: ['Stir'],
      'vieux-carre': ['Stir'],
      'old-fashioned': ['Build', 'Stir'],
      'bloody-mary': ['Stir'],
      bellini: ['Stir'],
      seelbach: ['Stir'],
      daiquiri: ['Shake'],
      margarita: ['Shake'],
      'whiskey-sour': ['Shake'],
      vesper: ['Shake'],
      'espresso-martini': ['Shake'],
      'french-75': ['Shake'],
      mojito: ['Muddle', 'Build'],
      caipirinha: ['Muddle'],
      'mint-julep': ['Muddle'],
      'queens-park-swizzle': ['Muddle'],
      'pina-colada': ['Blend'],
      'cuba-libre': ['Build'],
      'moscow-mule': ['Build'],
    };
    const wrong = Object.entries(expected).flatMap(([slug, techniques]) => {
      const c = cocktails.find((cocktail) => cocktail.slug === slug);
      if (!c) return [`${slug}: missing`];
      return techniques.includes(c.technique) ? [] : [`${slug}: ${c.technique}, expected ${techniques.join(' or ')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('serve a drink in the glass its instructions name (one of them, where they offer a choice)', () => {
    /** How the instructions name each glass of the vocabulary; a glass they never name is not checked. */
    const NAMED: Record<(typeof GLASSWARE)[number], RegExp> = {
      Coupe: /\bcoupe\b/i,
      'Nick & Nora': /\bnick (&|and) nora\b/i,
      Martini: /\bmartini glass\b/i,
      Rocks: /\b(?<!double )rocks glass\b/i,
      'Double rocks': /\bdouble rocks glass\b/i,
      Highball: /\bhighball\b/i,
      Collins: /\bcollins glass\b/i,
      Flute: /\bflute\b/i,
      Wine: /\bwine glass\b/i,
      'Copper mug': /\bcopper mug\b/i,
      Hurricane: /\bhurricane glass\b/i,
      'Tiki mug': /\btiki mug\b/i,
      'Julep cup': /\bjulep cup\b/i,
      'Irish coffee mug': /\birish coffee (glass|mug)\b|\bheatproof mug\b/i,
      'Poco grande': /\bpoco grande\b/i,
      Fizz: /\bfizz glass\b/i,
      Snifter: /\bsnifter\b/i,
    };
    const wrong = cocktails.flatMap((c) => {
      const named = GLASSWARE.filter((glass) => NAMED[glass].test(c.instructions));
      return named.length === 0 || named.includes(c.glassware)
        ? []
        : [`${c.slug}: ${c.glassware}, instructions name ${named.join(', ')}`];
    });
    expect(wrong).toEqual([]);
  });

  it('serve well-known drinks in the glass their spec names', () => {
    const expected: Record<string, string> = {
      negroni: 'Rocks',
      'old-fashioned': 'Rocks',
      'dry-martini': 'Martini',
      'french-75': 'Flute',
      mojito: 'Highball',
      'moscow-mule': 'Copper mug',
      'mint-julep': 'Julep cup',
      'irish-coffee': 'Irish coffee mug',
      'pina-colada': 'Poco grande',
      'singapore-sling': 'Hurricane',
      cardinale: 'Rocks',
      'john-collins': 'Highball',
      spritz: 'Wine',
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((slug) => [
        slug,
        cocktails.find((cocktail) => cocktail.slug === slug)?.glassware ?? 'missing',
      ]),
    );
    expect(actual).toEqual(expected);
  });
});

describe('seed cocktails: served over ice or not (shared/domain/batch-service.ts isServedOverIce)', () => {
  /** Glasses a drink is served up in (stemmed, or a hot mug, or a snifter): never with ice in the glass. */
  const SERVED_UP = new Set(['Coupe', 'Nick & Nora', 'Martini', 'Flute', 'Fizz', 'Snifter', 'Irish coffee mug']);
  /**
   * Drinks in an ice glass that are served without ice, each from its spec: the Sazerac's glass is iced only to chill
   * and the ice discarded (IBA); the Ramos Fizz's foam stands in an empty highball (IBA); the Bloody Mary goes into a rocks
   * glass, on ice only when asked for, then in a highball (IBA); eggnog is strained into a chilled glass; a Ti' Punch is
   * drunk neat, one cube only if asked for.
   */
  const NEAT_IN_ICE_GLASS = ['bloody-mary', 'eggnog', 'ramos-fizz', 'sazerac', 'ti-punch'];
  /** Drinks outside the ice glasses that are served on ice: wine-glass spritzes and the copa Gin & Tonic (IBA, BA). */
  const ON_ICE_ELSEWHERE = ['bicicletta', 'gin-and-tonic', 'hugo-spritz', 'spritz'];

  it('never put a drink served up (coupe, martini, flute...) on ice', () => {
    expect(cocktails.filter((c) => SERVED_UP.has(c.glassware) && c.served_over_ice).map((c) => c.slug)).toEqual([]);
  });

  it('serve a drink in an ice glass without ice only when it is a known neat drink', () => {
    const neat = cocktails.filter((c) => ICE_GLASSES.has(c.glassware) && !c.served_over_ice).map((c) => c.slug);
    expect(neat.sort()).toEqual(NEAT_IN_ICE_GLASS);
  });

  it('put a drink outside the ice glasses on ice only when it is a known one, in a wine glass', () => {
    const onIce = cocktails.filter((c) => !ICE_GLASSES.has(c.glassware) && c.served_over_ice);
    expect(onIce.map((c) => c.slug).sort()).toEqual(ON_ICE_ELSEWHERE);
    expect(onIce.filter((c) => c.glassware !== 'Wine').map((c) => c.slug)).toEqual([]);
  });

  it('give well-known drinks the service their spec names (IBA method, else Bar Assistant)', () => {
    const expected: Record<string, boolean> = {
      negroni: true,
      'old-fashioned': true,
      americano: true,
      sazerac: false,
      'ramos-fizz': false,
      'gin-fizz': false,
      'dry-martini': false,
      daiquiri: false,
      spritz: true,
      'gin-and-tonic': true,
      mojito: true,
      'mint-julep': true,
      'mai-tai': true,
      zombie: true,
      kir: false,
      'pina-colada': false,
    };
    const actual = Object.fromEntries(
      Object.keys(expected).map((slug) => [slug, cocktails.find((c) => c.slug === slug)?.served_over_ice ?? 'missing']),
    );
    expect(actual).toEqual(expected);
  });

  it('is stated in every seed cocktail, so no recipe leaves it to the glass', () => {
    const raw = cocktailFiles.flatMap((file) => readRaw(file)) as { slug?: string; served_over_ice?: unknown }[];
    expect(raw.filter((c) => typeof c.served_over_ice !== 'boolean').map((c) => c.slug)).toEqual([]);
  });
});

describe('seed recipes and the bar maths (DOMAIN.md units table)', () => {
  const cocktail = (slug: string): SeedCocktail => {
    const found = cocktails.find((c) => c.slug === slug);
    if (!found) throw new Error(`no ${slug} in the seed`);
    return found;
  };

  it('recognise exactly the seed ingredients that are eggs and solid sugar, by name and by slug', () => {
    const eggs = ingredients.filter((i) => eggPartOf(i.name) !== null).map((i) => `${i.slug}:${eggPartOf(i.name)}`);
    expect(eggs.sort()).toEqual(['egg-white:white', 'egg-yolk:yolk', 'whole-egg:egg']);
    expect(ingredients.filter((i) => eggPartOf(i.slug) !== eggPartOf(i.name)).map((i) => i.slug)).toEqual([]);
    const sugars = ingredients.filter((i) => isSolidSugar(i.name)).map((i) => i.slug);
    expect(sugars.sort()).toEqual(['demerara-sugar', 'powdered-sugar', 'sugar', 'sugar-cube', 'superfine-sugar']);
    expect(ingredients.filter((i) => isSolidSugar(i.slug) !== isSolidSugar(i.name)).map((i) => i.slug)).toEqual([]);
  });

  it("the Zombie's overproof Demerara rum is 151 proof, 75.5 % ABV, and its computed ABV uses it", () => {
    const overproof = bySlug.get('overproof-demerara-rum');
    expect(overproof?.abv).toBe(75.5);
    expect(overproof && lineage(overproof.slug)).toEqual(['overproof-demerara-rum', 'demerara-rum', 'rum']);
    const zombie = cocktail('zombie');
    const line = zombie.ingredients.find((l) => l.ingredient === 'overproof-demerara-rum');
    expect(line).toMatchObject({ amount: 30, unit: 'ml' });
    const ethanol = computeCocktailAlcohol(servedLines(zombie), zombie.technique).ethanolMl;
    const without = computeCocktailAlcohol(
      servedLines(zombie).filter((l) => l.ingredient !== 'Overproof Demerara rum'),
      zombie.technique,
    ).ethanolMl;
    expect(ethanol - without).toBeCloseTo(30 * 0.755, 10);
  });

  it("the Sazerac's absinthe is a rinse that contributes about 2 ml", () => {
    const sazerac = cocktail('sazerac');
    const rinse = sazerac.ingredients.find((l) => l.ingredient === 'absinthe');
    expect(rinse?.unit).toBe('rinse');
    expect(lineVolumeMl(rinse?.amount ?? null, rinse?.unit ?? '', 'Absinthe')).toBe(2);
    const all = computeCocktailAlcohol(servedLines(sazerac), 'Stir');
    const dry = computeCocktailAlcohol(
      servedLines(sazerac).filter((l) => l.ingredient !== 'Absinthe'),
      'Stir',
    );
    expect(all.startVolumeMl - dry.startVolumeMl).toBeCloseTo(2, 10);
    expect(all.ethanolMl - dry.ethanolMl).toBeCloseTo(2 * 0.6, 10);
  });

  it("the Old Fashioned's sugar cube adds no poured liquid, only its dissolved 2.5 ml", () => {
    const oldFashioned = cocktail('old-fashioned');
    const lines = servedLines(oldFashioned);
    const cube = lines.find((l) => l.ingredient === 'Sugar cube');
    expect(cube).toMatchObject({ amount: 1, unit: 'cube' });
    const all = computeCocktailAlcohol(lines, 'Stir');
    const noCube = computeCocktailAlcohol(
      lines.filter((l) => l !== cube),
      'Stir',
    );
    expect(all.startVolumeMl - noCube.startVolumeMl).toBeCloseTo(4 * 0.63, 10);
  });

  it('the Whiskey Sour with its optional egg white reads weaker than without', () => {
    const sour = cocktail('whiskey-sour');
    const withEgg = sour.ingredients.map((line) => ({
      amount: line.amount,
      unit: line.unit,
      abv: bySlug.get(line.ingredient)?.abv ?? 0,
      ingredient: bySlug.get(line.ingredient)?.name,
    }));
    expect(withEgg.some((l) => l.ingredient === 'Egg white')).toBe(true);
    const served = computeCocktailAlcohol(servedLines(sour), 'Shake').finalAbv;
    expect(computeCocktailAlcohol(withEgg, 'Shake').finalAbv).toBeLessThan(served);
  });

  it('a flip counts its whole egg: the Death Flip is weaker than its spirits alone would make it', () => {
    const flip = cocktail('death-flip');
    const lines = servedLines(flip);
    expect(lines.find((l) => l.ingredient === 'Whole egg')).toMatchObject({ amount: 1, unit: 'egg' });
    const all = computeCocktailAlcohol(lines, 'Shake');
    const eggless = computeCocktailAlcohol(
      lines.filter((l) => l.ingredient !== 'Whole egg'),
      'Shake',
    );
    expect(all.startVolumeMl - eggless.startVolumeMl).toBe(50);
    expect(all.finalAbv).toBeLessThan(eggless.finalAbv);
  });
});

describe('strengthForAbv', () => {
  it('puts final ABVs in the Light (< 12 %), Medium (12–22 %) and Strong (> 22 %) bands', () => {
    expect(strengthForAbv(0)).toBe('Light');
    expect(strengthForAbv(11.9)).toBe('Light');
    expect(strengthForAbv(12)).toBe('Medium');
    expect(strengthForAbv(22)).toBe('Medium');
    expect(strengthForAbv(22.1)).toBe('Strong');
  });

  it('rejects an ABV outside 0–100 %', () => {
    expect(() => strengthForAbv(-1)).toThrow(RangeError);
    expect(() => strengthForAbv(Number.NaN)).toThrow(RangeError);
  });
});

describe('loadSeedCatalogue', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  function seedDir(files: Record<string, unknown>): string {
    const dir = mkdtempSync(join(tmpdir(), 'barback-seed-'));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), JSON.stringify(content));
    return dir;
  }

  const gin = ingredients.find((i) => i.slug === 'gin');
  const negroni = cocktails.find((c) => c.slug === 'negroni');

  it('reads ingredients.json and every cocktails-*.json, ignoring other files', () => {
    const dir = seedDir({
      'ingredients.json': [gin],
      'cocktails-a.json': [negroni],
      'cocktails-b.json': [{ ...negroni, slug: 'negroni-two', name: 'Negroni Two' }],
      'notes.json': [{ anything: true }],
    });
    const loaded = loadSeedCatalogue(dir);
    expect(loaded.ingredients.map((i) => i.slug)).toEqual(['gin']);
    expect(loaded.cocktails.map((c) => c.slug)).toEqual(['negroni', 'negroni-two']);
  });

  it('names the file, the index and the problem of a bad entry', () => {
    const dir = seedDir({
      'ingredients.json': [gin],
      'cocktails-bad.json': [negroni, { ...negroni, slug: 'Bad Slug' }],
    });
    expect(() => loadSeedCatalogue(dir)).toThrow(/cocktails-bad\.json\[1\].*slug.*lower-case/);
  });

  it('names the file when it is not a JSON array', () => {
    const dir = seedDir({ 'ingredients.json': { not: 'an array' } });
    expect(() => loadSeedCatalogue(dir)).toThrow(/ingredients\.json: expected a JSON array/);
  });
});

describe("My Bar's shelves and starter sets", () => {
  it('name only ingredients the seed holds', () => {
    const slugs = new Set(loadSeedCatalogue().ingredients.map((ingredient) => ingredient.slug));
    const named = [...STARTER_SETS.flatMap((set) => set.slugs), ...BAR_SHELVES.flatMap((shelf) => shelf.slugs ?? [])];
    expect(named.filter((slug) => !slugs.has(slug))).toEqual([]);
  });
});
