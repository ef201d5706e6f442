import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import type { Policy } from './policy.js';
import type { PolicyInput } from './policyInput.js';

interface PolicyRow {
  id: string;
  partner: string;
  name: string;
  sites: string | null;
  priorities: string;
  steps: string;
  repeat_count: number;
  repeat_after_minutes: number;
  created_by: string;
  created_at: number | string;
  updated_at: number | string;
}

const toPolicy = (row: PolicyRow): Policy => ({
  id: row.id,
  partner: row.partner,
  name: row.name,
  sites: row.sites === null ? null : (JSON.parse(row.sites) as string[]),
  priorities: JSON.parse(row.priorities) as string[],
  steps: JSON.parse(row.steps) as Policy['steps'],
  repeat: Number(row.repeat_count),
  repeatAfterMinutes: Number(row.repeat_after_minutes),
  createdBy: row.created_by,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const columnsOf = (input: PolicyInput) => ({
  name: input.name,
  sites: input.sites === null ? null : JSON.stringify(input.sites),
  priorities: JSON.stringify(input.priorities),
  steps: JSON.stringify(input.steps),
  repeat_count: input.repeat,
  repeat_after_minutes: input.repeatAfterMinutes,
});

/** Escalation policies (table escalation_policies), each a partner's. Callers check the partner first. */
export interface PolicyStore {
  /** A partner's policies by name; every partner's when `partner` is null. */
  list(partner: string | null, db?: Db): Promise<Policy[]>;
  get(id: string, db?: Db): Promise<Policy | null>;
  create(partner: string, createdBy: string, input: PolicyInput, tx?: Tx): Promise<Policy>;
  replace(id: string, input: PolicyInput, tx?: Tx): Promise<boolean>;
  remove(id: string, tx?: Tx): Promise<boolean>;
}

export function createPolicyStore(db: Db, clock: Clock): PolicyStore {
  return {
    async list(partner, on = db) {
      let query = on.selectFrom('escalation_policies').selectAll();
      if (partner !== null) query = query.where('partner', '=', partner);
      return ((await query.orderBy('name').orderBy('id').execute()) as PolicyRow[]).map(toPolicy);
    },
    async get(id, on = db) {
      const row = (await on.selectFrom('escalation_policies').selectAll().where('id', '=', id).executeTakeFirst()) as PolicyRow | undefined;
      return row ? toPolicy(row) : null;
    },
    async create(partner, createdBy, input, tx) {
      const now = clock.now();
      const id = randomUUID();
      await (tx?.db ?? db).insertInto('escalation_policies').values({ id, partner, ...columnsOf(input), created_by: createdBy, created_at: now, updated_at: now }).execute();
      return { id, partner, ...input, createdBy, createdAt: now, updatedAt: now };
    },
    async replace(id, input, tx) {
      const result = await (tx?.db ?? db).updateTable('escalation_policies').set({ ...columnsOf(input), updated_at: clock.now() }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id, tx) {
      const result = await (tx?.db ?? db).deleteFrom('escalation_policies').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
