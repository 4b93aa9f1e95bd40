import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { getCatalogueVersion } from './catalogue-version';

/**
 * A value derived from the whole catalogue, kept in memory per database client and per catalogue version: built once per
 * version, by one build at a time (callers arriving during a build wait for that build), and rebuilt the first time it is
 * asked for after the version changes (a seed in this process, or a write another process made: see
 * VERSION_RECHECK_MS). A failed build is not kept: the next call tries again.
 */
export interface VersionedMemo<T> {
  /** The value for the current catalogue version. @throws the build's error (or the version read's). */
  get(db: Kysely<Database>): Promise<T>;
  /** Drops the value of `db` (tests; a writer in this process may call it after its commit). */
  forget(db: Kysely<Database>): void;
}

interface Slot<T> {
  version: string;
  value: T | null;
  building: Promise<T> | null;
}

/** Makes a {@link VersionedMemo} whose value `build` derives from the catalogue of `db` at `version`. */
export function versionedMemo<T>(build: (db: Kysely<Database>, version: string) => Promise<T>): VersionedMemo<T> {
  const slots = new WeakMap<object, Slot<T>>();
  return {
    async get(db) {
      const version = await getCatalogueVersion(db);
      const known = slots.get(db);
      if (known && known.version === version) {
        if (known.value !== null) return known.value;
        if (known.building) return known.building;
      }
      const slot: Slot<T> = { version, value: null, building: null };
      slots.set(db, slot);
      slot.building = build(db, version).then(
        (value) => {
          slot.value = value;
          slot.building = null;
          return value;
        },
        (error: unknown) => {
          slot.building = null;
          if (slots.get(db) === slot) slots.delete(db);
          throw error;
        },
      );
      return slot.building;
    },
    forget(db) {
      slots.delete(db);
    },
  };
}
