import { type Compilable, CompiledQuery, type QueryResult } from 'kysely';
import { type Db, engineOfDb } from './db.js';

const marker = (index: number) => `\u0000compiled-once-value-${index}\u0000`;

/**
 * A statement Kysely builds and compiles once per engine and then runs with each call's values: for
 * the hottest reads, where building and compiling the query again cost more than running it (a
 * directory's check of a userName before each create: a quarter of a millisecond of the node's time,
 * twice per user). `build` gets markers for the values and must put each in as a bound parameter, as it
 * is (not inside a longer text): the first run throws when one is missing.
 */
export function compiledOnce<Values extends string[]>(build: (db: Db, ...values: Values) => Compilable): (db: Db, ...values: Values) => Promise<QueryResult<unknown>> {
  const compiled = new Map<string, { sql: string; parameters: ReadonlyArray<unknown>; slots: Array<number | undefined> }>();
  return async (db, ...values) => {
    const engine = engineOfDb(db);
    let statement = compiled.get(engine);
    if (!statement) {
      const markers = values.map((_, index) => marker(index)) as Values;
      const query = build(db, ...markers).compile();
      const slots = query.parameters.map((parameter) => {
        const index = markers.indexOf(parameter as string);
        return index === -1 ? undefined : index;
      });
      markers.forEach((_, index) => {
        if (!slots.includes(index)) throw new Error(`compiledOnce: value ${index} is not a parameter of ${query.sql}`);
      });
      compiled.set(engine, (statement = { sql: query.sql, parameters: query.parameters, slots }));
    }
    const { sql, parameters, slots } = statement;
    return db.executeQuery(CompiledQuery.raw(sql, parameters.map((parameter, index) => (slots[index] === undefined ? parameter : values[slots[index]!]))));
  };
}
