import type { Kysely } from 'kysely';
import MiniSearch from 'minisearch';
import { MAX_COCKTAIL_SUGGESTIONS, MAX_INGREDIENT_SUGGESTIONS, type SuggestionList } from '@/shared/schemas/search';
import { dialectOf } from '../../db/database';
import type { Database } from '../../db/types';
import { getCatalogueVersion } from '../catalogue-version';
import { getIngredientCatalogue, type IngredientCatalogue } from '../ingredient-catalogue';
import { loadSummariesByIds } from '../read-model';
import { searchPostgres } from './search';
import { ensureSearchIndex, searchIndexFor } from './search-index';
import { searchTerms, typoAllowance } from './search-terms';
import { toSearchKey } from './search-text';
import { textFilter } from './search-types';

/**
 * Suggestions as you type. Cocktails come from the catalogue search itself (same typos, prefix and ranking:
 * the first few of what Enter would show). Ingredients come from a MiniSearch index of their names and aliases (a few
 * hundred documents, built once per ingredient catalogue): fuzzy within search-terms.ts's typo allowance per word, the
 * last word as a prefix, names weighted over aliases; the ingredient the text names (or begins, when no cocktail's name
 * holds it) is offered first of all.
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

/** True when `words` (the typed text) are the words of `text`. */
function isNamedBy(textWords: readonly string[], words: readonly string[]): boolean {
  return textWords.length === words.length && words.every((word, i) => textWords[i] === word);
}

/** True when `text` begins with `words`: the same first words, the last typed one begun ('sweet ver'). */
function beginsWith(textWords: readonly string[], words: readonly string[]): boolean {
  const last = words.length - 1;
  return (
    textWords.length >= words.length &&
    words.every((word, i) => (i < last ? textWords[i] === word : (textWords[i] as string).startsWith(word)))
  );
}

/** True when every typed word is a word of `text`, the last one begun there ('fash' in 'Old Fashioned'). */
function holds(textWords: readonly string[], words: readonly string[]): boolean {
  const last = words.length - 1;
  return words.every((word, i) =>
    textWords.some((textWord) => (i < last ? textWord === word : textWord.startsWith(word))),
  );
}

/**
 * Suggestions for the text typed so far: the cocktails, and the ingredients with those that lead them. An ingredient
 * leads when the text is its name or an alias ('gin', 'angostura'), or begins one while no suggested cocktail's name
 * holds the text ('camp': the cocktails only hold Campari among their ingredients, so Campari comes first).
 * @param q any text (folded here); empty or without a word: no suggestions.
 * @returns `{q, cocktails, ingredients, leadingIngredients, didYouMean}` (suggestionListSchema).
 * @throws the database's error when the catalogue must be read and cannot be.
 */
export async function suggest({ db, q }: { db: Kysely<Database>; q: string }): Promise<SuggestionList> {
  const words = searchTerms(q);
  if (words.length === 0) return { q, cocktails: [], ingredients: [], leadingIngredients: 0, didYouMean: null };
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
  const matched = hits.flatMap((hit) => {
    const item = catalogue.byId.get(Number(hit.id));
    return item ? [item] : [];
  });
  const textsOf = (item: (typeof matched)[number]) => [item.name, ...item.aliases].map((text) => searchTerms(text));
  const named = matched.filter((item) => textsOf(item).some((text) => isNamedBy(text, words)));
  const cocktailNamed = summaries.some((item) => holds(searchTerms(item.name), words));
  const begun = cocktailNamed
    ? []
    : matched.filter((item) => !named.includes(item) && textsOf(item).some((text) => beginsWith(text, words)));
  const leading = [...named, ...begun];
  const ordered = [...leading, ...matched.filter((item) => !leading.includes(item))];
  const ingredients = ordered
    .slice(0, MAX_INGREDIENT_SUGGESTIONS)
    .map((item) => ({ id: item.id, name: item.name, category: item.category }));
  return {
    q,
    cocktails: summaries.map((item) => ({
      id: item.id,
      name: item.name,
      base_spirit: item.base_spirit,
      category: item.category,
    })),
    ingredients,
    leadingIngredients: Math.min(leading.length, MAX_INGREDIENT_SUGGESTIONS),
    didYouMean: found.didYouMean,
  };
}
