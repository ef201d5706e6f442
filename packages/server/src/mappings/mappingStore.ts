import type { Mapping, MappingFields, MappingParameter, MappingTable, MappingTablePatch, Meaning, TagMapping } from '@varde/core/contract';
import { sql } from 'kysely';
import type { Db } from '../storage/db.js';
import type { Tx } from '../storage/transaction.js';
import { touched } from '../storage/executeResults.js';

interface MappingRow {
  partner: string;
  uuid: string;
  title: string;
  description: string;
  meanings: string;
  cause: string;
  consequence: string;
  level: string;
  ratings: string;
  cypher_query: string | null;
}

interface TableRow {
  mapping_uuid: string;
  uuid: string;
  title: string;
  active: number;
  tag_mappings: string;
  parameters: string;
  position: number;
}

const mappingOf = (row: MappingRow): Mapping => ({
  uuid: row.uuid,
  title: row.title,
  description: row.description,
  meanings: JSON.parse(row.meanings) as Meaning[],
  cause: JSON.parse(row.cause) as Record<string, string>,
  consequence: JSON.parse(row.consequence) as Record<string, string>,
  level: row.level,
  ratings: JSON.parse(row.ratings) as Mapping['ratings'] & object,
  cypher_query: row.cypher_query,
});

const tableOf = (row: TableRow): MappingTable => ({
  title: row.title,
  uuid: row.uuid,
  active: row.active === 1,
  'tag-mappings': JSON.parse(row.tag_mappings) as TagMapping[],
  parameters: JSON.parse(row.parameters) as MappingParameter[],
});

export interface TableContent {
  title: string;
  active: boolean;
  'tag-mappings': TagMapping[];
  parameters: MappingParameter[];
}

/**
 * Mappings (with their meanings) and their mapping tables, in the database. Tables keep their creation
 * order. A mapping belongs to a partner, and its tables with it.
 *
 * Table writes that were checked against the table's tag mappings as read (tagMappingRules.ts lets an
 * entry the caller cannot see stay as it was) name those tag mappings as `expected`: the write happens
 * only while they are still the stored ones, in the same statement, and answers 'changed' otherwise
 * (the caller reads again, checks again and retries).
 */
export interface MappingStore {
  mappings(): Promise<Mapping[]>;
  mapping(uuid: string): Promise<Mapping | null>;
  /** The partner that owns a mapping, null when there is no such mapping. */
  ownerOf(uuid: string): Promise<string | null>;
  createMapping(mapping: Mapping, partner: string): Promise<void>;
  /** Replaces a mapping's descriptive fields (not its meanings). */
  updateMapping(uuid: string, fields: MappingFields, tx?: Tx): Promise<void>;
  tables(mappingUuid: string): Promise<MappingTable[]>;
  table(mappingUuid: string, uuid: string): Promise<MappingTable | null>;
  /**
   * Creates a table (`expected` null: there was none) or replaces it (`expected`: its tag mappings as
   * read); 'changed' when the table is no longer as expected.
   */
  putTable(mappingUuid: string, uuid: string, content: TableContent, expected: readonly TagMapping[] | null, tx?: Tx): Promise<'created' | 'updated' | 'changed'>;
  /**
   * Changes the fields in `patch` only (others stay as they are). A patch of the tag mappings names
   * them as read (`expected`). False when there is no such table or it is no longer as expected.
   */
  patchTable(mappingUuid: string, uuid: string, patch: MappingTablePatch, expected?: readonly TagMapping[], tx?: Tx): Promise<boolean>;
  deleteTable(mappingUuid: string, uuid: string, tx?: Tx): Promise<boolean>;
}

const MAPPING_COLUMNS = ['partner', 'uuid', 'title', 'description', 'meanings', 'cause', 'consequence', 'level', 'ratings', 'cypher_query'] as const;
const TABLE_COLUMNS = ['mapping_uuid', 'uuid', 'title', 'active', 'tag_mappings', 'parameters', 'position'] as const;

/** Tag mappings as stored: always written through here, so the same list is the same text. */
const tagMappingsText = (list: readonly TagMapping[]) => JSON.stringify(list);

export function createMappingStore(db: Db): MappingStore {
  const mappingRow = async (uuid: string) =>
    (await db.selectFrom('mappings').select(MAPPING_COLUMNS).where('uuid', '=', uuid).executeTakeFirst()) as MappingRow | undefined;

  const oneTable = (mappingUuid: string, uuid: string, tx?: Tx) =>
    (tx?.db ?? db).updateTable('mapping_tables').where('mapping_uuid', '=', mappingUuid).where('uuid', '=', uuid);

  return {
    async mappings() {
      const rows = (await db.selectFrom('mappings').select(MAPPING_COLUMNS).orderBy('title').orderBy('uuid').execute()) as MappingRow[];
      return rows.map(mappingOf);
    },
    async mapping(uuid) {
      const row = await mappingRow(uuid);
      return row ? mappingOf(row) : null;
    },
    async ownerOf(uuid) {
      return (await mappingRow(uuid))?.partner ?? null;
    },
    async createMapping(mapping, partner) {
      await db
        .insertInto('mappings')
        .values({
          uuid: mapping.uuid,
          title: mapping.title,
          description: mapping.description,
          meanings: JSON.stringify(mapping.meanings),
          partner,
          cause: JSON.stringify(mapping.cause ?? {}),
          consequence: JSON.stringify(mapping.consequence ?? {}),
          level: mapping.level ?? '',
          ratings: JSON.stringify(mapping.ratings ?? { comfort: 0, energy: 0, operation: 0 }),
          cypher_query: mapping.cypher_query ?? null,
        })
        .execute();
    },
    async updateMapping(uuid, fields, tx) {
      await (tx?.db ?? db)
        .updateTable('mappings')
        .set({
          title: fields.title,
          description: fields.description,
          cause: JSON.stringify(fields.cause),
          consequence: JSON.stringify(fields.consequence),
          level: fields.level,
          ratings: JSON.stringify(fields.ratings),
          cypher_query: fields.cypher_query,
        })
        .where('uuid', '=', uuid)
        .execute();
    },
    async tables(mappingUuid) {
      const rows = (await db
        .selectFrom('mapping_tables')
        .select(TABLE_COLUMNS)
        .where('mapping_uuid', '=', mappingUuid)
        .orderBy('position')
        .orderBy('uuid')
        .execute()) as TableRow[];
      return rows.map(tableOf);
    },
    async table(mappingUuid, uuid) {
      const row = (await db
        .selectFrom('mapping_tables')
        .select(TABLE_COLUMNS)
        .where('mapping_uuid', '=', mappingUuid)
        .where('uuid', '=', uuid)
        .executeTakeFirst()) as TableRow | undefined;
      return row ? tableOf(row) : null;
    },
    async putTable(mappingUuid, uuid, content, expected, tx) {
      const columns = {
        title: content.title,
        active: content.active ? 1 : 0,
        tag_mappings: tagMappingsText(content['tag-mappings']),
        parameters: JSON.stringify(content.parameters),
      };
      if (expected) {
        const result = await oneTable(mappingUuid, uuid, tx).set(columns).where('tag_mappings', '=', tagMappingsText(expected)).executeTakeFirst();
        return touched(result) > 0 ? 'updated' : 'changed';
      }
      // Made by another request since it was read: 'changed'. Not a caught unique violation, which would
      // end the transaction the write is part of (its audit record's) on PostgreSQL.
      const inserted = await (tx?.db ?? db)
        .insertInto('mapping_tables')
        .values({
          mapping_uuid: mappingUuid,
          uuid,
          ...columns,
          // Last in the mapping's order, in the statement that adds it.
          position: sql<number>`(SELECT COALESCE(MAX(position), 0) + 1 FROM mapping_tables WHERE mapping_uuid = ${mappingUuid})`,
        })
        .onConflict((oc) => oc.columns(['mapping_uuid', 'uuid']).doNothing())
        .executeTakeFirst();
      return touched(inserted) > 0 ? 'created' : 'changed';
    },
    async patchTable(mappingUuid, uuid, patch, expected, tx) {
      const columns: Record<string, unknown> = {};
      if (patch.title !== undefined) columns.title = patch.title;
      if (patch.active !== undefined) columns.active = patch.active ? 1 : 0;
      if (patch['tag-mappings'] !== undefined) columns.tag_mappings = tagMappingsText(patch['tag-mappings']);
      if (patch.parameters !== undefined) columns.parameters = JSON.stringify(patch.parameters);
      let update = oneTable(mappingUuid, uuid, tx);
      if (expected) update = update.where('tag_mappings', '=', tagMappingsText(expected));
      // Nothing to change: still say whether the table is there as expected.
      if (Object.keys(columns).length === 0) columns.uuid = uuid;
      return touched(await update.set(columns).executeTakeFirst()) > 0;
    },
    deleteTable: async (mappingUuid, uuid, tx) =>
      touched(await (tx?.db ?? db).deleteFrom('mapping_tables').where('mapping_uuid', '=', mappingUuid).where('uuid', '=', uuid).executeTakeFirst()) > 0,
  };
}
