import { sql, type Kysely, type Migration } from 'kysely';

/** The public catalogue's ordered indexes: name, then the filter columns each one leads with. */
const PUBLIC_INDEXES = [
  { name: 'cocktail_public_order_idx', columns: sql`(name_key, id, base_spirit, category)` },
  { name: 'cocktail_public_spirit_idx', columns: sql`(base_spirit, name_key, id, category)` },
  { name: 'cocktail_public_category_idx', columns: sql`(category, name_key, id, base_spirit)` },
];

async function recreate(db: Kysely<unknown>, where: ReturnType<typeof sql>): Promise<void> {
  for (const index of PUBLIC_INDEXES) {
    await sql`drop index if exists ${sql.id(index.name)}`.execute(db);
    await sql`create index ${sql.id(index.name)} on cocktail ${index.columns} where ${where}`.execute(db);
  }
}

/**
 * The public catalogue's indexes hold public cocktails only. They were partial on `venue_id is null`, which own recipes
 * (owner_id set, venue_id null) also match, so at 100,000 own recipes beside a few hundred public cocktails every public
 * read through them stepped over the own recipes; every public query filters on both columns, so the narrower predicate
 * serves the same queries. The same statements on SQLite and PostgreSQL.
 */
export function publicCatalogueIndexesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await recreate(db, sql`venue_id is null and owner_id is null`);
    },
    async down(db: Kysely<unknown>) {
      await recreate(db, sql`venue_id is null`);
    },
  };
}
