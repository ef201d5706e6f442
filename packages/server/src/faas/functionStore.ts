import type { CloudFunction, FunctionSummary, SaveFunctionBody } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import type { PartnerScope } from '../partners/partnerScope.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import { touched } from '../storage/executeResults.js';

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
  list(scope: PartnerScope): Promise<FunctionSummary[]>;
  get(scope: PartnerScope, name: string): Promise<OwnedFunction | null>;
  /** Creates (version 1) or replaces (version + 1) a partner's function, in one statement; updated = now. */
  save(partner: string, name: string, body: SaveFunctionBody, hosts: FunctionHosts, by: string, tx?: Tx): Promise<OwnedFunction>;
  remove(partner: string, name: string, tx?: Tx): Promise<boolean>;
}

const COLUMNS = ['partner', 'name', 'description', 'requirements', 'source', 'version', 'updated_at', 'updated_by', 'hosts'] as const;

export function createFunctionStore(db: Db, clock: Clock): FunctionStore {
  const owned = (row: FunctionRow | undefined): OwnedFunction | null =>
    row ? { ...summaryOf(row), requirements: row.requirements, source: row.source, partner: row.partner } : null;
  // Names sort without regard to case (lower() on both engines), then exactly.
  const byName = db.selectFrom('cloud_functions').select(COLUMNS).orderBy(sql`lower(name)`).orderBy('name');

  return {
    async list(scope) {
      const rows = scope.all ? await byName.orderBy('partner').execute() : await byName.where('partner', '=', scope.partner).execute();
      return (rows as FunctionRow[]).map(summaryOf);
    },
    async get(scope, name) {
      const query = db.selectFrom('cloud_functions').select(COLUMNS).where('name', '=', name);
      const row = scope.all
        // A system admin's own partner's function first, then any other partner's.
        ? await query.orderBy(sql`CASE WHEN partner = ${scope.partner} THEN 0 ELSE 1 END`).orderBy('partner').limit(1).executeTakeFirst()
        : await query.where('partner', '=', scope.partner).executeTakeFirst();
      return owned(row as FunctionRow | undefined);
    },
    async save(partner, name, body, hosts, by, tx) {
      const now = clock.now();
      const changed = { description: body.description, requirements: body.requirements, source: body.source, updated_at: now, updated_by: by, hosts: JSON.stringify(hosts) };
      const row = await (tx?.db ?? db)
        .insertInto('cloud_functions')
        .values({ partner, name, version: 1, ...changed })
        .onConflict((oc) => oc.columns(['partner', 'name']).doUpdateSet({ ...changed, version: sql<number>`cloud_functions.version + 1` }))
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return owned(row as FunctionRow)!;
    },
    remove: async (partner, name, tx) =>
      touched(await (tx?.db ?? db).deleteFrom('cloud_functions').where('partner', '=', partner).where('name', '=', name).executeTakeFirst()) > 0,
  };
}
