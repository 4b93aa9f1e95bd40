import {
  MAX_PREP_PARAM,
  PREP_TIME_LIMITS,
  VALUE_FACETS,
  WITH_INGREDIENT_PARAM,
  WITHOUT_INGREDIENT_PARAM,
  type ValueFacetField,
} from '@/shared/domain/search-facets';
import { searchTerms, splitWords, toSearchKey } from '@/shared/domain/search-words';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from '@/shared/domain/vocabulary';
import type { CocktailPage, CocktailSummary, FacetCountsBody } from '@/shared/schemas/cocktail';

/**
 * The catalogue's list and search (`GET /api/cocktails?...`) answered in the browser, from the service worker's cached
 * cards, while the network is down. Types only from the schemas: the worker bundles no zod.
 *
 * Simpler than the server's search (server/catalogue/search/search-engine.ts): every query word must be a whole word of
 * the card, or, for the last word only, the start of one (people are still typing). No typo tolerance, no infixes, no
 * description (cards carry it, the offline search does not read it), no popularity, no "did you mean".
 */

type ValueFacet = (typeof VALUE_FACETS)[number];
/** One facet the query narrows by: the values it allows (any of them, on a list field any of its values). */
interface FacetChoice {
  facet: ValueFacet;
  allowed: ReadonlySet<string>;
}
/** A list query as the offline search reads it. */
interface OfflineQuery {
  /** The query's search terms (folded as the server folds them); [] for the whole catalogue. */
  words: string[];
  page: number;
  pageSize: number;
  choices: FacetChoice[];
  maxPrep: number | null;
  withFacets: boolean;
}
/** A matching card and what ranks it. */
interface Match {
  item: CocktailSummary;
  nameFirst: boolean;
  nameLength: number;
}

const FACET_BY_PARAM: ReadonlyMap<string, ValueFacet> = new Map(VALUE_FACETS.map((facet) => [facet.param, facet]));
/** Parameters read (or refused) here besides the facets'. */
const OTHER_PARAMS = new Set([
  'q',
  'page',
  'pageSize',
  'sort',
  'minRating',
  'favorites',
  'canMake',
  'facets',
  MAX_PREP_PARAM,
  WITH_INGREDIENT_PARAM,
  WITHOUT_INGREDIENT_PARAM,
]);

/** A query-string switch as the server reads it: true, false, or null when it is neither '1'/'true' nor '0'/'false'. */
function flag(value: string | null): boolean | null {
  if (value === null || value === '0' || value === 'false') return false;
  return value === '1' || value === 'true' ? true : null;
}

/** A whole number of at least `min` (`fallback` when absent); null when it is not one. */
function wholeNumber(value: string | null, min: number, fallback: number): number | null {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value)) return null;
  const number = Number(value);
  return Number.isSafeInteger(number) && number >= min ? number : null;
}

/** Reads `params`; null when the cards alone cannot answer them (see {@link searchOfflineCatalogue}). */
function readQuery(params: URLSearchParams): OfflineQuery | null {
  for (const key of params.keys()) if (!OTHER_PARAMS.has(key) && !FACET_BY_PARAM.has(key)) return null;
  if (flag(params.get('favorites')) !== false || flag(params.get('canMake')) !== false) return null;
  if (params.has('minRating') || params.has(WITH_INGREDIENT_PARAM) || params.has(WITHOUT_INGREDIENT_PARAM)) return null;
  const sort = params.get('sort');
  if (sort !== null && sort !== 'relevance') return null;
  const withFacets = flag(params.get('facets'));
  const q = (params.get('q') ?? '').trim();
  const page = wholeNumber(params.get('page'), 0, 0);
  const pageSize = wholeNumber(params.get('pageSize'), 1, DEFAULT_PAGE_SIZE);
  const maxPrep = params.has(MAX_PREP_PARAM) ? wholeNumber(params.get(MAX_PREP_PARAM), 1, 0) : undefined;
  if (withFacets === null || q.length > MAX_QUERY_LENGTH || page === null || pageSize === null || maxPrep === null)
    return null;
  const choices: FacetChoice[] = [];
  for (const facet of VALUE_FACETS) {
    const values = params.getAll(facet.param);
    if (values.length === 0) continue;
    if (!values.every((value) => (facet.values as readonly string[]).includes(value))) return null;
    choices.push({ facet, allowed: new Set(values) });
  }
  const words = searchTerms(q);
  return { words, page, pageSize: Math.min(pageSize, MAX_PAGE_SIZE), choices, maxPrep: maxPrep ?? null, withFacets };
}

/** Whether `terms` hold `word`: as a whole term, or as the start of one when `prefix`. */
function holds(terms: readonly string[], word: string, prefix: boolean): boolean {
  return terms.includes(word) || (prefix && terms.some((term) => term.startsWith(word)));
}

/** The words a card is found by besides its name: base spirit, category, glass, technique, garnish, tags, ingredients. */
function otherTerms(item: CocktailSummary): string[] {
  const texts = [item.base_spirit, item.category ?? '', item.glassware, item.technique, item.garnish];
  texts.push(...item.flavor_profile, ...item.occasion_tags, ...item.seasonal_tags);
  for (const line of item.ingredients) texts.push(line.ingredient);
  return searchTerms(texts.join(' '));
}

/** Whether the card holds any allowed value of the facet (a null category holds none). */
function passes(item: CocktailSummary, choice: FacetChoice): boolean {
  const value: string | readonly string[] | null = item[choice.facet.field];
  if (value === null) return false;
  return typeof value === 'string' ? choice.allowed.has(value) : value.some((v) => choice.allowed.has(v));
}

/** Facet counts while they are gathered: per facet field, count by value; per time limit, a count. */
interface Tally {
  values: Map<ValueFacetField, Map<string, number>>;
  prep: number[];
}

/** Counts one card: in every facet when `only` is null, else in that facet (or the time limits) alone. */
function count(tally: Tally, item: CocktailSummary, only: ValueFacetField | 'prep' | null): void {
  for (const facet of VALUE_FACETS) {
    if (only !== null && only !== facet.field) continue;
    const counts = tally.values.get(facet.field) as Map<string, number>;
    const value: string | readonly string[] | null = item[facet.field];
    for (const v of value === null ? [] : typeof value === 'string' ? [value] : value)
      counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  if (only !== null && only !== 'prep') return;
  PREP_TIME_LIMITS.forEach((limit, i) => {
    if (item.preparation_time <= limit) tally.prep[i] = (tally.prep[i] as number) + 1;
  });
}

/** The tally in the API's shape: counted and chosen values in vocabulary order; no ingredients (cards carry no ids). */
function facetBody(tally: Tally, choices: readonly FacetChoice[]): FacetCountsBody {
  const values = Object.fromEntries(
    VALUE_FACETS.map((facet) => {
      const counted = tally.values.get(facet.field) as Map<string, number>;
      const chosen = choices.find((choice) => choice.facet === facet)?.allowed;
      const shown = (facet.values as readonly string[]).filter((value) => counted.has(value) || chosen?.has(value));
      return [facet.field, shown.map((value) => ({ value, count: counted.get(value) ?? 0 }))];
    }),
  ) as FacetCountsBody['values'];
  return {
    values,
    ingredients: [],
    preparation_time: PREP_TIME_LIMITS.map((max, i) => ({ max, count: tally.prep[i] as number })),
  };
}

/**
 * One page of the catalogue's list or search from the cached cards, in one pass over them.
 * @param items every public cocktail's card, in catalogue order (by name), as the worker's index holds them
 *   (`{ version, items }`).
 * @param params the query string `cocktailListPath` builds: q, page (0-based, default 0), pageSize (default 50, at most
 *   MAX_PAGE_SIZE), spirit, category and the other value facets (repeatable: any of one parameter's values, every
 *   parameter), maxPrep (preparation_time at most that many minutes), facets=1 (facet counts over the results, each
 *   facet counted as if its own choices were not made; ingredients always []).
 * @returns `{ items, total, page, pageSize, didYouMean: null, facets? }`. With q, cards whose name holds every word come
 *   first, then the rest; within each, shorter names first, then by name, then id. Without q, catalogue order.
 *   Null when the cards alone cannot answer: favorites or canMake on, sort other than 'relevance', minRating, with or
 *   without (ingredient ids; cards carry only names), a parameter not listed above, or a value the server would refuse
 *   (not a whole number, a facet value outside its vocabulary, q too long). The worker then says the page needs the
 *   network.
 */
export function searchOfflineCatalogue(
  items: readonly CocktailSummary[],
  params: URLSearchParams,
): CocktailPage | null {
  const query = readQuery(params);
  if (query === null) return null;
  const { words, choices, maxPrep } = query;
  const last = words.length - 1;
  const tally: Tally | null = query.withFacets
    ? { values: new Map(VALUE_FACETS.map((facet) => [facet.field, new Map()])), prep: PREP_TIME_LIMITS.map(() => 0) }
    : null;
  const matches: Match[] = [];
  for (const item of items) {
    // The facets first (cheaper than folding text): the one the card fails (choices.length: the time limit), -1 for
    // none, -2 for several. A card failing one facet counts only in that facet's counts.
    let failed = -1;
    for (let f = 0; f <= choices.length && failed !== -2; f += 1) {
      const choice = choices[f];
      const ok = choice ? passes(item, choice) : maxPrep === null || item.preparation_time <= maxPrep;
      if (!ok) failed = failed === -1 ? f : -2;
    }
    if (failed === -2 || (failed !== -1 && !tally)) continue;
    let nameFirst = false;
    let nameLength = 0;
    if (words.length > 0) {
      const nameKey = toSearchKey(item.name);
      const nameTerms = splitWords(nameKey);
      const inName = words.map((word, i) => holds(nameTerms, word, i === last));
      nameFirst = inName.every(Boolean);
      if (!nameFirst) {
        const other = otherTerms(item);
        if (!words.every((word, i) => inName[i] || holds(other, word, i === last))) continue;
      }
      nameLength = nameKey.length;
    }
    if (failed === -1) matches.push({ item, nameFirst, nameLength });
    if (tally) count(tally, item, failed === -1 ? null : (choices[failed]?.facet.field ?? 'prep'));
  }
  if (words.length > 0) {
    const collator = new Intl.Collator('en');
    matches.sort(
      (a, b) =>
        Number(b.nameFirst) - Number(a.nameFirst) ||
        a.nameLength - b.nameLength ||
        collator.compare(a.item.name, b.item.name) ||
        a.item.id - b.item.id,
    );
  }
  const start = query.page * query.pageSize;
  return {
    items: matches.slice(start, start + query.pageSize).map((match) => match.item),
    total: matches.length,
    page: query.page,
    pageSize: query.pageSize,
    didYouMean: null,
    ...(tally ? { facets: facetBody(tally, choices) } : {}),
  };
}
