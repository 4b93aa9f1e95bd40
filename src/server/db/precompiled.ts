import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query built and compiled once, then run with new parameters: Kysely builds, visits and compiles a query on every
 * call, which on a hot path (the session check of every signed-in request) costs more than SQLite takes to run it.
 * `build` gets one placeholder per parameter and must use each exactly where a value goes (`where('id', '=', id)`);
 * the compiled SQL is the same whatever the values, so the placeholders are swapped for the values at run time.
 * @returns a function running the query with `values` (in `build`'s order) and answering its rows
 * @throws Error at build time when a placeholder does not reach the compiled parameters
 */
export function precompiled<DB, Values extends unknown[], Row>(
  db: Kysely<DB>,
  build: (db: Kysely<DB>, ...placeholders: string[]) => Compilable<Row>,
  parameterCount: Values['length'],
): (...values: Values) => Promise<Row[]> {
  const placeholders = Array.from({ length: parameterCount }, (_, i) => `\u0000precompiled-parameter-${i}\u0000`);
  const compiled = build(db, ...placeholders).compile();
  const positions = compiled.parameters.map((parameter) => placeholders.indexOf(parameter as string));
  for (let i = 0; i < parameterCount; i += 1) {
    if (!positions.includes(i)) throw new Error(`precompiled: parameter ${i} is not used by the query`);
  }
  return async (...values) => {
    const parameters = compiled.parameters.map((parameter, i) => {
      const position = positions[i] as number;
      return position >= 0 ? values[position] : parameter;
    });
    const result = await db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return result.rows;
  };
}

/**
 * A value made once per database client by `make` (a query compiled with {@link precompiled}, typically) and answered
 * again on every later call for that client; a client that is dropped takes its value with it (a WeakMap).
 */
export function perDatabase<DB, T>(make: (db: Kysely<DB>) => T): (db: Kysely<DB>) => T {
  const made = new WeakMap<Kysely<DB>, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

/**
 * {@link precompiled} once per database client: the returned function takes the client and answers the query runner
 * compiled for it on its first call. `build` gets the client as its first argument (for dialect-dependent SQL).
 */
export function precompiledPerDatabase<DB, Values extends unknown[], Row>(
  build: (db: Kysely<DB>, ...placeholders: string[]) => Compilable<Row>,
  parameterCount: Values['length'],
): (db: Kysely<DB>) => (...values: Values) => Promise<Row[]> {
  return perDatabase((db: Kysely<DB>) => precompiled<DB, Values, Row>(db, build, parameterCount));
}
