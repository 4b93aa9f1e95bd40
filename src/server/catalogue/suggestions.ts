import type { Kysely } from 'kysely';
import MiniSearch from 'minisearch';
import { MAX_COCKTAIL_SUGGESTIONS, MAX_INGREDIENT_SUGGESTIONS, type SuggestionList } from '@/shared/schemas/search';
import { dialectOf } from '../db/database';
import type { Database } from '../db/types';
import { getCatalogueVersion } from './catalogue-version';
import { getIngredientCatalogue, type IngredientCatalogue } from './ingredient-catalogue';
import { loadSummariesByIds } from './read-model';
import { searchPostgres } from './search';
import { textFilter } from './search-engine';
import { ensureSearchIndex, searchIndexFor } from './search-index';
import { searchTerms, typoAllowance } from './search-terms';
import { toSearchKey } from './search-text';

/**
 * Suggestions as you type (issue 14). Cocktails come from the catalogue search itself (same typos, prefix and ranking:
 * the first few of what Enter would show). Ingredients come from a MiniSearch index of their names and aliases (a few
 * hundred documents, built once per ingredient catalogue): fuzzy within search-terms.ts's typo allowance per word, the
 * last word as a prefix, names weighted over aliases.
 */

interface IngredientDocument {
  id: number;
  name: string;
  aliases: string;
}

const ingredientIndexes = new WeakMap<IngredientCatalogue, MiniSearch<IngredientDocument>>();

/** The MiniSearch index of one ingredient catalogue (built on first use, kept as long as the catalogue object). */
function ingredientIndex(catalogue: IngredientCatalogue): MiniSearch<IngredientDocument> {
  let index = ingredientIndexes.get(catalogue);
  if (!index) {
    index = new MiniSearch<IngredientDocument>({
      fields: ['name', 'aliases'],
      tokenize: (text) => searchTerms(text),
      processTerm: (term) => toSearchKey(term) || null,
    });
    index.addAll(catalogue.items.map((item) => ({ id: item.id, name: item.name, aliases: item.aliases.join(' ') })));
    ingredientIndexes.set(catalogue, index);
  }
  return index;
}

/**
 * Suggestions for the text typed so far.
 * @param q any text (folded here); empty or without a word: no suggestions.
 * @returns `{q, cocktails, ingredients, didYouMean}` (suggestionListSchema).
 * @throws the database's error when the catalogue must be read and cannot be.
 */
export async function suggest({ db, q }: { db: Kysely<Database>; q: string }): Promise<SuggestionList> {
  const words = searchTerms(q);
  if (words.length === 0) return { q, cocktails: [], ingredients: [], didYouMean: null };
  const version = await getCatalogueVersion(db);
  const engine = dialectOf(db) === 'sqlite' ? await ensureSearchIndex(db, version) : searchIndexFor(db, version);
  const page = { offset: 0, limit: MAX_COCKTAIL_SUGGESTIONS };
  const [found, catalogue] = await Promise.all([
    engine ? Promise.resolve(engine.search(textFilter(q), page)) : searchPostgres(db, textFilter(q), page),
    getIngredientCatalogue(db),
  ]);
  const summaries = await loadSummariesByIds(db, found.ids);
  const hits = ingredientIndex(catalogue).search(words.join(' '), {
    boost: { name: 2 },
    combineWith: 'AND',
    prefix: (_term, i, terms) => i === terms.length - 1,
    fuzzy: (term) => typoAllowance(term),
  });
  const ingredients = hits.slice(0, MAX_INGREDIENT_SUGGESTIONS).flatMap((hit) => {
    const item = catalogue.byId.get(Number(hit.id));
    return item ? [{ id: item.id, name: item.name, category: item.category }] : [];
  });
  return {
    q,
    cocktails: summaries.map((item) => ({
      id: item.id,
      name: item.name,
      base_spirit: item.base_spirit,
      category: item.category,
    })),
    ingredients,
    didYouMean: found.didYouMean,
  };
}
