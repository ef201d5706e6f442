import type { CloudFunction, FunctionSummary, SaveFunctionBody } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';

/** Where a function reaches the other services, as given at its last save (tokens are never kept). */
export interface FunctionHosts {
  historian?: string;
  writeApi?: string;
  mappingsManager?: string;
}

interface FunctionRow {
  name: string;
  description: string;
  requirements: string;
  source: string;
  version: number;
  updated_at: number;
  updated_by: string;
  hosts: string;
}

const summaryOf = (row: FunctionRow): FunctionSummary => ({
  name: row.name,
  description: row.description,
  updated: new Date(row.updated_at).toISOString(),
  version: row.version,
});

export interface FunctionStore {
  list(): FunctionSummary[];
  get(name: string): CloudFunction | null;
  /** Creates (version 1) or replaces (version + 1) a function; updated = now. */
  save(name: string, body: SaveFunctionBody, hosts: FunctionHosts, by: string): CloudFunction;
  remove(name: string): boolean;
}

export function createFunctionStore(db: Db, clock: Clock): FunctionStore {
  const all = db.prepare('SELECT * FROM cloud_functions ORDER BY name COLLATE NOCASE, name');
  const one = db.prepare('SELECT * FROM cloud_functions WHERE name = ?');
  const upsert = db.prepare(
    `INSERT INTO cloud_functions (name, description, requirements, source, version, updated_at, updated_by, hosts)
     VALUES (@name, @description, @requirements, @source, 1, @now, @by, @hosts)
     ON CONFLICT(name) DO UPDATE SET description = @description, requirements = @requirements, source = @source,
       version = version + 1, updated_at = @now, updated_by = @by, hosts = @hosts`,
  );
  const remove = db.prepare('DELETE FROM cloud_functions WHERE name = ?');

  function get(name: string): CloudFunction | null {
    const row = one.get(name) as FunctionRow | undefined;
    return row ? { ...summaryOf(row), requirements: row.requirements, source: row.source } : null;
  }

  return {
    list: () => (all.all() as FunctionRow[]).map(summaryOf),
    get,
    save(name, body, hosts, by) {
      upsert.run({ name, ...body, now: clock.now(), by, hosts: JSON.stringify(hosts) });
      return get(name)!;
    },
    remove: (name) => remove.run(name).changes > 0,
  };
}
