import type { CloudFunction, FunctionSummary, SaveFunctionBody } from '@varde/core/contract';
import type { Clock } from '../clock.js';
import type { PartnerScope } from '../partners/partnerScope.js';
import type { Db } from '../storage/db.js';

/** Where a function reaches the other services, as given at its last save (tokens are never kept). */
export interface FunctionHosts {
  historian?: string;
  writeApi?: string;
  mappingsManager?: string;
}

interface FunctionRow {
  partner: string;
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

/** A function and the partner that owns it. */
export type OwnedFunction = CloudFunction & { partner: string };

/**
 * Functions are named per partner. A scope sees its own partner's; a system admin's scope sees every
 * partner's, and a name resolves to their own partner's function first.
 */
export interface FunctionStore {
  list(scope: PartnerScope): FunctionSummary[];
  get(scope: PartnerScope, name: string): OwnedFunction | null;
  /** Creates (version 1) or replaces (version + 1) a partner's function; updated = now. */
  save(partner: string, name: string, body: SaveFunctionBody, hosts: FunctionHosts, by: string): OwnedFunction;
  remove(partner: string, name: string): boolean;
}

export function createFunctionStore(db: Db, clock: Clock): FunctionStore {
  const all = db.prepare('SELECT * FROM cloud_functions ORDER BY name COLLATE NOCASE, name, partner');
  const ofPartner = db.prepare('SELECT * FROM cloud_functions WHERE partner = ? ORDER BY name COLLATE NOCASE, name');
  const one = db.prepare('SELECT * FROM cloud_functions WHERE partner = ? AND name = ?');
  // A system admin's own partner's function first, then any other partner's.
  const anyNamed = db.prepare('SELECT * FROM cloud_functions WHERE name = ? ORDER BY partner = ? DESC, partner LIMIT 1');
  const upsert = db.prepare(
    `INSERT INTO cloud_functions (partner, name, description, requirements, source, version, updated_at, updated_by, hosts)
     VALUES (@partner, @name, @description, @requirements, @source, 1, @now, @by, @hosts)
     ON CONFLICT(partner, name) DO UPDATE SET description = @description, requirements = @requirements, source = @source,
       version = version + 1, updated_at = @now, updated_by = @by, hosts = @hosts`,
  );
  const remove = db.prepare('DELETE FROM cloud_functions WHERE partner = ? AND name = ?');

  const owned = (row: FunctionRow | undefined): OwnedFunction | null =>
    row ? { ...summaryOf(row), requirements: row.requirements, source: row.source, partner: row.partner } : null;

  return {
    list: (scope) => ((scope.all ? all.all() : ofPartner.all(scope.partner)) as FunctionRow[]).map(summaryOf),
    get: (scope, name) =>
      owned((scope.all ? anyNamed.get(name, scope.partner) : one.get(scope.partner, name)) as FunctionRow | undefined),
    save(partner, name, body, hosts, by) {
      upsert.run({ partner, name, ...body, now: clock.now(), by, hosts: JSON.stringify(hosts) });
      return owned(one.get(partner, name) as FunctionRow)!;
    },
    remove: (partner, name) => remove.run(partner, name).changes > 0,
  };
}
