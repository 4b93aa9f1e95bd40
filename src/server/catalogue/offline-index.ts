import type { Kysely } from 'kysely';
import { OFFLINE_INDEX_LIMIT } from '@/shared/offline';
import type { Database } from '../db/types';
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
  const items = await loadSummaryJsonByIds(
    db,
    rows.map((row) => Number(row.id)),
  );
  return { etag: `W/"offline-${version}"`, json: `{"version":${JSON.stringify(version)},"items":[${items.join(',')}]}` };
});

/**
 * The catalogue's offline index (shared/offline.ts OFFLINE_INDEX_PATH): every public cocktail's list item in name order,
 * at most OFFLINE_INDEX_LIMIT, built once per catalogue version and kept in memory, with an ETag naming the version.
 * @throws the database's error.
 */
export function getOfflineIndex(db: Kysely<Database>): Promise<OfflineIndexAnswer> {
  return offlineIndexMemo.get(db);
}
