import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { TestDatabase } from './test-database';

/**
 * Query plans of what the server runs: a recorder of every statement sent to a test database (under Kysely, at the
 * driver, so better-auth's statements and the rate limiter's are seen too), and a reader of each statement's plan that
 * names the full scans of user-owned tables. Tests only: production code is not touched, the recorder patches the
 * drivers' prototypes while it runs and puts them back on `stop()`.
 */

/** One statement the server ran: its SQL text and the values bound to it. */
export interface CapturedStatement {
  sql: string;
  parameters: unknown[];
}

/** The recorder {@link captureStatements} returns. */
export interface StatementCapture {
  /** Every statement recorded so far, in the order they ran. */
  statements: CapturedStatement[];
  /** Runs `work` without recording (the test's own setup and EXPLAINs). */
  paused<T>(work: () => Promise<T>): Promise<T>;
  /** Stops recording and restores the drivers. Safe to call twice. */
  stop(): void;
}

const SQLITE_RUNNERS = ['run', 'get', 'all', 'iterate'] as const;

/**
 * Records every statement run on `database` from now on: on SQLite each execution of a prepared statement of its
 * better-sqlite3 connection (prepared statements are cached, so recording at prepare time would miss most), on PostgreSQL
 * each query of a pooled client.
 */
export function captureStatements(database: TestDatabase): StatementCapture {
  const statements: CapturedStatement[] = [];
  let pauses = 0;
  const record = (sql: string, parameters: unknown[]) => {
    if (pauses === 0) statements.push({ sql, parameters });
  };
  const restores: (() => void)[] = [];
  if (database.driver.dialect === 'sqlite') {
    const connection = database.driver.sqlite;
    const prototype = Object.getPrototypeOf(connection.prepare('select 1')) as Record<string, unknown>;
    for (const name of SQLITE_RUNNERS) {
      const original = prototype[name] as (this: BetterSqlite3.Statement, ...args: unknown[]) => unknown;
      prototype[name] = function (this: BetterSqlite3.Statement, ...args: unknown[]) {
        if (this.database === connection) record(this.source, args);
        return original.apply(this, args);
      };
      restores.push(() => (prototype[name] = original));
    }
  } else {
    const prototype = pg.Client.prototype as unknown as Record<string, unknown>;
    const original = prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
    prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args;
      if (typeof first === 'string') record(first, Array.isArray(second) ? second : []);
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        record(config.text, config.values ?? (Array.isArray(second) ? second : []));
      }
      return original.apply(this, args);
    };
    restores.push(() => (prototype.query = original));
  }
  let stopped = false;
  return {
    statements,
    async paused(work) {
      pauses += 1;
      try {
        return await work();
      } finally {
        pauses -= 1;
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      for (const restore of restores) restore();
    },
  };
}

/**
 * Tables holding a user's rows: a request of one user must reach them through an index. `cocktail` and `ingredient`
 * count only in a statement that filters on `owner_id` (a user's own recipes and ingredients); their public rows are the
 * catalogue's.
 */
export const USER_OWNED_TABLES: ReadonlySet<string> = new Set([
  'user',
  'session',
  'account',
  'twoFactor',
  'member',
  'invitation',
  'entitlement',
  'webhook_event',
  'user_favorites',
  'bar_item',
  'shopping_item',
  'made_drink',
  'ingredient_swap',
  'collection',
  'collection_item',
  'cocktail_note',
  'cocktail_rating',
  'support_message',
  'analytics_event',
  'idempotent_write',
  'deleted_value',
]);

/** Tables that are user-owned in a statement filtering on `owner_id`. */
const OWNER_FILTERED_TABLES = ['cocktail', 'ingredient'];

const SQL_KEYWORDS = new Set(
  'where on set values select inner left right cross full join natural using order group limit returning as default union'.split(
    ' ',
  ),
);

/** The tables a statement names (after from, join, into, update), and its aliases mapped to their tables. */
export function tablesOf(sql: string): { tables: Set<string>; aliases: Map<string, Set<string>> } {
  const tables = new Set<string>();
  const aliases = new Map<string, Set<string>>();
  const pattern = /\b(?:from|join|into|update)\s+"?([A-Za-z_]\w*)"?(?:\s+(?:as\s+)?"?([A-Za-z_]\w*)"?)?/gi;
  for (const match of sql.matchAll(pattern)) {
    const table = match[1]!;
    if (SQL_KEYWORDS.has(table.toLowerCase())) continue;
    tables.add(table);
    const alias = match[2];
    if (alias && !SQL_KEYWORDS.has(alias.toLowerCase())) {
      aliases.set(alias, (aliases.get(alias) ?? new Set()).add(table));
    }
  }
  return { tables, aliases };
}

/**
 * The user-owned tables a statement reads or writes (see {@link USER_OWNED_TABLES}); empty for the catalogue's reads,
 * DDL, transaction control and pragmas, which are not planned.
 */
export function userOwnedTablesOf(sql: string): Set<string> {
  if (!/^\s*(?:with|select|insert|update|delete)\b/i.test(sql)) return new Set();
  const owned = new Set<string>();
  const ownerFiltered = /\bowner_id"?\s*(?:=|in\s*\()/i.test(sql);
  for (const table of tablesOf(sql).tables) {
    if (USER_OWNED_TABLES.has(table) || (ownerFiltered && OWNER_FILTERED_TABLES.includes(table))) owned.add(table);
  }
  return owned;
}

/** A full scan of a user-owned table in a statement's plan. */
export interface ScanFinding {
  sql: string;
  parameters: unknown[];
  table: string;
  /** The plan line that scans (SQLite's detail, or PostgreSQL's node type, relation and filter). */
  planLine: string;
}

/**
 * SQLite: the full scans of user-owned tables in `EXPLAIN QUERY PLAN` of `statement`, run with its own parameters on
 * `connection`. Any `SCAN` of such a table counts, with or without an index (a `SCAN … USING COVERING INDEX` still reads
 * every entry); `SEARCH` is an index lookup.
 */
export function sqliteScans(connection: BetterSqlite3.Database, statement: CapturedStatement): ScanFinding[] {
  const owned = userOwnedTablesOf(statement.sql);
  if (owned.size === 0) return [];
  const { aliases } = tablesOf(statement.sql);
  const rows = connection.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.parameters) as {
    detail: string;
  }[];
  const findings: ScanFinding[] = [];
  for (const { detail } of rows) {
    const scanned = /^SCAN (?!\(|CTE\b)"?([A-Za-z_]\w*)"?/.exec(detail)?.[1];
    if (!scanned) continue;
    const candidates = aliases.get(scanned) ?? new Set([scanned]);
    for (const table of candidates) {
      if (owned.has(table)) findings.push({ ...statement, table, planLine: detail });
    }
  }
  return findings;
}

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Alias?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  Filter?: string;
  Plans?: PostgresPlanNode[];
}

/**
 * PostgreSQL: the full scans of user-owned tables in `EXPLAIN (FORMAT JSON)` of `statement` with its own parameters,
 * planned with sequential scans disabled (test tables are tiny, so the planner would rightly prefer them): a `Seq Scan`
 * left on such a table means no index serves the statement, and an index scan without an index condition (or a bitmap
 * heap scan without a recheck condition) reads the whole index. Nothing is executed (no ANALYZE) and the transaction is rolled back.
 */
export async function postgresScans(client: pg.Client, statement: CapturedStatement): Promise<ScanFinding[]> {
  const owned = userOwnedTablesOf(statement.sql);
  if (owned.size === 0) return [];
  await client.query('begin');
  let plan: PostgresPlanNode;
  try {
    await client.query('set local enable_seqscan = off');
    const answer = await client.query<{ 'QUERY PLAN': [{ Plan: PostgresPlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${statement.sql}`,
      statement.parameters,
    );
    plan = answer.rows[0]!['QUERY PLAN'][0].Plan;
  } finally {
    await client.query('rollback');
  }
  const findings: ScanFinding[] = [];
  const visit = (node: PostgresPlanNode) => {
    const table = node['Relation Name'];
    const type = node['Node Type'];
    const fullScan =
      type === 'Seq Scan' ||
      (/^Index (Only )?Scan$/.test(type) && !node['Index Cond']) ||
      (type === 'Bitmap Heap Scan' && !node['Recheck Cond']);
    if (table && owned.has(table) && fullScan) {
      const index = node['Index Name'] ? ` using ${node['Index Name']}` : '';
      const filter = node.Filter ? ` filter ${node.Filter}` : '';
      findings.push({ ...statement, table, planLine: `${type} on ${table}${index}${filter}` });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return findings;
}

/** A statement that may scan a user-owned table, and why. */
export interface AllowedScan {
  /** Matches the statement's SQL text. */
  sql: RegExp;
  table: string;
  reason: string;
}

/** JSON.stringify's replacer for values it cannot print as they are (bigints, bytes). */
function printable(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return value;
}

/** One finding as a failure message names it: the table, the plan line, the SQL and its parameters. */
export function describeFinding(finding: ScanFinding): string {
  return `${finding.table}: ${finding.planLine}\n    ${finding.sql}\n    parameters ${JSON.stringify(finding.parameters, printable)}`;
}

/** A foreign key whose column leads no index of its table: deleting a parent row scans the child table for its rows. */
export interface UnindexedForeignKey {
  child: string;
  column: string;
  parent: string;
}

/**
 * The foreign keys of `database` (single-column ones, as all of ours are) whose column is not the first of any index or
 * primary key of their table. Deleting a user cascades (or sets null) through every table referencing it, and neither
 * database shows those lookups in a statement's plan, so they are checked here from the schema.
 */
export async function unindexedForeignKeys(database: TestDatabase): Promise<UnindexedForeignKey[]> {
  if (database.driver.dialect === 'postgres') {
    const { rows } = await database.driver.pool.query<UnindexedForeignKey>(`
      select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f'
        and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1, 2`);
    return rows.map((row) => ({
      ...row,
      child: row.child.replace(/^"|"$/g, ''),
      parent: row.parent.replace(/^"|"$/g, ''),
    }));
  }
  const sqlite = database.driver.sqlite;
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[];
  const found: UnindexedForeignKey[] = [];
  for (const { name } of tables) {
    const keys = sqlite.pragma(`foreign_key_list("${name}")`) as { table: string; from: string }[];
    if (keys.length === 0) continue;
    const leading = new Set<string>();
    for (const column of sqlite.pragma(`table_info("${name}")`) as { name: string; pk: number }[]) {
      if (column.pk === 1) leading.add(column.name);
    }
    for (const index of sqlite.pragma(`index_list("${name}")`) as { name: string }[]) {
      const first = (sqlite.pragma(`index_info("${index.name}")`) as { seqno: number; name: string | null }[]).find(
        (column) => column.seqno === 0,
      );
      if (first?.name) leading.add(first.name);
    }
    for (const key of keys)
      if (!leading.has(key.from)) found.push({ child: name, column: key.from, parent: key.table });
  }
  return found;
}
