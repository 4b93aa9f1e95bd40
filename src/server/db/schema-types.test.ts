import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/test-database';

/**
 * types.ts against the migrated schema: every table of the `Database` interface exists with exactly its columns, and a
 * column's type admits null exactly when the column is nullable. Run on each dialect the suites use.
 */

const TYPES_FILE = path.join(import.meta.dirname, 'types.ts');

/** Tables of the migrated schema that no server code reads through Kysely (the migrator's own bookkeeping). */
const UNTYPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** table -> column -> whether the column's read type admits null. */
type Shape = Map<string, Map<string, boolean>>;

function admitsNull(type: ts.Type): boolean {
  if (type.flags & ts.TypeFlags.Null) return true;
  return type.isUnion() && type.types.some((member) => (member.flags & ts.TypeFlags.Null) !== 0);
}

/** The `Database` interface of types.ts as the compiler reads it; ColumnType/Generated columns by their select type. */
function declaredShape(): Shape {
  const program = ts.createProgram([TYPES_FILE], {
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(TYPES_FILE);
  if (!source) throw new Error(`cannot read ${TYPES_FILE}`);
  const database = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database',
  );
  if (!database) throw new Error('types.ts declares no `Database` interface');
  const shape: Shape = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database))) {
    const row = checker.getTypeOfSymbolAtLocation(table, database);
    const columns = new Map<string, boolean>();
    for (const column of checker.getPropertiesOfType(row)) {
      const type = checker.getTypeOfSymbolAtLocation(column, database);
      const select = type.getProperty('__select__');
      columns.set(column.name, admitsNull(select ? checker.getTypeOfSymbolAtLocation(select, database) : type));
    }
    shape.set(table.name, columns);
  }
  return shape;
}

/**
 * SQLite's primary-key columns: its table_info reports them as nullable unless declared NOT NULL (an INTEGER PRIMARY KEY
 * is the rowid and never null; other keys accept null only through SQLite's documented legacy quirk, which no writer uses).
 */
async function sqlitePrimaryKey(database: TestDatabase, table: string): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table}) where pk > 0`.execute(
    database.db,
  );
  return new Set(rows.map((row) => row.name));
}

async function liveShape(database: TestDatabase): Promise<Shape> {
  const shape: Shape = new Map();
  for (const table of await database.db.introspection.getTables()) {
    if (UNTYPED_TABLES.has(table.name)) continue;
    const primaryKey = database.dialect === 'sqlite' ? await sqlitePrimaryKey(database, table.name) : new Set<string>();
    shape.set(
      table.name,
      new Map(table.columns.map((column) => [column.name, column.isNullable && !primaryKey.has(column.name)])),
    );
  }
  return shape;
}

/** Each difference between the declared and the live shape, one line each. */
function drift(declared: Shape, live: Shape): string[] {
  const found: string[] = [];
  for (const [table, columns] of declared) {
    const liveColumns = live.get(table);
    if (!liveColumns) {
      found.push(`table ${table}: in types.ts, not in the schema`);
      continue;
    }
    for (const [column, nullable] of columns) {
      const liveNullable = liveColumns.get(column);
      if (liveNullable === undefined) found.push(`${table}.${column}: in types.ts, not in the schema`);
      else if (liveNullable !== nullable)
        found.push(
          `${table}.${column}: ${liveNullable ? 'nullable' : 'not null'} in the schema, ${nullable ? 'admits' : 'excludes'} null in types.ts`,
        );
    }
    for (const column of liveColumns.keys())
      if (!columns.has(column)) found.push(`${table}.${column}: in the schema, not in types.ts`);
  }
  for (const table of live.keys())
    if (!declared.has(table)) found.push(`table ${table}: in the schema, not in types.ts`);
  return found;
}

const declared = declaredShape();

describe.each(testDialects())('types.ts against the migrated %s schema', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database?.drop());

  it('declares every table and column, with the same nullability', async () => {
    expect(drift(declared, await liveShape(database))).toEqual([]);
  });
});
