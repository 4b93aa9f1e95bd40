import type { Kysely } from 'kysely';
import { OFFLINE_INDEX_LIMIT } from '@/shared/offline';
import type { Database } from '../db/types';
import type { OfflineIndex } from '@/shared/schemas/offline';
import { getMatchModel, type MatchModel } from './match-model';
import { loadSummaryJsonByIds } from './read-model';
import { versionedMemo } from './versioned-memo';

/** The offline index of one catalogue version: its weak ETag and its JSON text (`{ version, items: CocktailSummary[] }`). */
export interface OfflineIndexAnswer {
  etag: string;
  json: string;
}

const offlineIndexMemo = versionedMemo<OfflineIndexAnswer>(async (db, version) => {
  const rows = await db
    .selectFrom('cocktail')
    .select('id')
    .where('venue_id', 'is', null)
    .where('owner_id', 'is', null)
    .orderBy('name_key')
    .orderBy('id')
    .limit(OFFLINE_INDEX_LIMIT)
    .execute();
  const ids = rows.map((row) => Number(row.id));
  const [items, model] = await Promise.all([loadSummaryJsonByIds(db, ids), getMatchModel(db)]);
  const match = JSON.stringify(matchOf(model, new Set(ids)));
  return {
    etag: `W/"offline-${version}"`,
    json: `{"version":${JSON.stringify(version)},"items":[${items.join(',')}],"match":${match}}`,
  };
});

/** The match catalogue of the index's cocktails: every ingredient (as My Bar shows it, with its matching fields). */
function matchOf(model: MatchModel, ids: ReadonlySet<number>): OfflineIndex['match'] {
  const byId = new Map(model.catalogue.ingredients.map((ingredient) => [ingredient.id, ingredient]));
  return {
    ingredients: model.ingredients.items.map((item) => {
      const matching = byId.get(item.id);
      return {
        id: item.id,
        slug: item.slug,
        name: item.name,
        category: item.category,
        parentId: item.parentId,
        houseMade: item.parts.length > 0,
        parts: [...item.parts],
        variant: matching?.variant ?? false,
        ...(matching?.pressedFrom?.length ? { pressedFrom: [...matching.pressedFrom] } : {}),
      };
    }),
    cocktails: model.catalogue.cocktails
      .filter((cocktail) => ids.has(cocktail.id))
      .map((cocktail) => ({
        id: cocktail.id,
        lines: cocktail.lines.map((line) => ({
          ingredientId: line.ingredientId,
          optional: line.optional,
          substitutes: [...line.substitutes],
        })),
      })),
  };
}

/**
 * The catalogue's offline index (shared/offline.ts OFFLINE_INDEX_PATH; shape: shared/schemas/offline.ts): every public
 * cocktail's list item in name order, at most OFFLINE_INDEX_LIMIT, and their match catalogue, built once per catalogue
 * version and kept in memory, with an ETag naming the version.
 * @throws the database's error.
 */
export function getOfflineIndex(db: Kysely<Database>): Promise<OfflineIndexAnswer> {
  return offlineIndexMemo.get(db);
}
