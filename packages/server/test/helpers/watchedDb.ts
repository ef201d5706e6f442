import type { CompiledQuery } from 'kysely';
import type { Db } from '../../src/storage/db.js';

/**
 * `db` telling `onQuery` of every statement sent through it: what a query builder or `executeQuery`
 * runs, and what `sql`…`.execute(db)` runs (it reaches the executor itself).
 */
export function watchedDb(db: Db, onQuery: (query: CompiledQuery) => void): Db {
  const bound = (target: object, key: string | symbol) => {
    const value = Reflect.get(target, key, target) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  };
  return new Proxy(db, {
    get(target, key) {
      if (key === 'executeQuery') return (query: CompiledQuery) => (onQuery(query), target.executeQuery(query));
      if (key === 'getExecutor') {
        const executor = target.getExecutor();
        const watching = new Proxy(executor, {
          get: (_, name) => (name === 'executeQuery' ? (query: CompiledQuery) => (onQuery(query), executor.executeQuery(query)) : bound(executor, name)),
        });
        return () => watching;
      }
      return bound(target, key);
    },
  });
}
