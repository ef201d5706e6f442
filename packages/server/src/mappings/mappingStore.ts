import type { Mapping, MappingFields, MappingParameter, MappingTable, MappingTablePatch, Meaning, TagMapping } from '@varde/core/contract';
import type { Db } from '../storage/db.js';

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
 * Mappings (with their meanings) and their mapping tables, in SQLite. Tables keep their creation order.
 * A mapping belongs to a partner, and its tables with it.
 */
export interface MappingStore {
  mappings(): Mapping[];
  mapping(uuid: string): Mapping | null;
  /** The partner that owns a mapping, null when there is no such mapping. */
  ownerOf(uuid: string): string | null;
  createMapping(mapping: Mapping, partner: string): void;
  /** Replaces a mapping's descriptive fields (not its meanings). */
  updateMapping(uuid: string, fields: MappingFields): void;
  tables(mappingUuid: string): MappingTable[];
  table(mappingUuid: string, uuid: string): MappingTable | null;
  /** Creates or replaces a table. */
  putTable(mappingUuid: string, uuid: string, content: TableContent): 'created' | 'updated';
  patchTable(mappingUuid: string, uuid: string, patch: MappingTablePatch): void;
  deleteTable(mappingUuid: string, uuid: string): boolean;
}

export function createMappingStore(db: Db): MappingStore {
  const allMappings = db.prepare('SELECT * FROM mappings ORDER BY title, uuid');
  const oneMapping = db.prepare('SELECT * FROM mappings WHERE uuid = ?');
  const insertMapping = db.prepare(
    `INSERT INTO mappings (uuid, title, description, meanings, partner, cause, consequence, level, ratings, cypher_query)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setMappingFields = db.prepare(
    `UPDATE mappings SET title = @title, description = @description, cause = @cause, consequence = @consequence,
       level = @level, ratings = @ratings, cypher_query = @cypher_query WHERE uuid = @uuid`,
  );
  const tablesOf = db.prepare('SELECT * FROM mapping_tables WHERE mapping_uuid = ? ORDER BY position, uuid');
  const oneTable = db.prepare('SELECT * FROM mapping_tables WHERE mapping_uuid = ? AND uuid = ?');
  const nextPosition = db.prepare('SELECT COALESCE(MAX(position), 0) + 1 AS next FROM mapping_tables WHERE mapping_uuid = ?');
  const insertTable = db.prepare(
    `INSERT INTO mapping_tables (mapping_uuid, uuid, title, active, tag_mappings, parameters, position)
     VALUES (@mapping, @uuid, @title, @active, @tagMappings, @parameters, @position)`,
  );
  const updateTable = db.prepare(
    `UPDATE mapping_tables SET title = @title, active = @active, tag_mappings = @tagMappings, parameters = @parameters
     WHERE mapping_uuid = @mapping AND uuid = @uuid`,
  );
  const removeTable = db.prepare('DELETE FROM mapping_tables WHERE mapping_uuid = ? AND uuid = ?');

  function table(mappingUuid: string, uuid: string): MappingTable | null {
    const row = oneTable.get(mappingUuid, uuid) as TableRow | undefined;
    return row ? tableOf(row) : null;
  }

  const columns = (mapping: string, uuid: string, content: TableContent) => ({
    mapping,
    uuid,
    title: content.title,
    active: content.active ? 1 : 0,
    tagMappings: JSON.stringify(content['tag-mappings']),
    parameters: JSON.stringify(content.parameters),
  });

  const putTable = db.transaction((mappingUuid: string, uuid: string, content: TableContent): 'created' | 'updated' => {
    if (table(mappingUuid, uuid)) {
      updateTable.run(columns(mappingUuid, uuid, content));
      return 'updated';
    }
    const { next } = nextPosition.get(mappingUuid) as { next: number };
    insertTable.run({ ...columns(mappingUuid, uuid, content), position: next });
    return 'created';
  });

  return {
    mappings: () => (allMappings.all() as MappingRow[]).map(mappingOf),
    mapping(uuid) {
      const row = oneMapping.get(uuid) as MappingRow | undefined;
      return row ? mappingOf(row) : null;
    },
    ownerOf(uuid) {
      return (oneMapping.get(uuid) as MappingRow | undefined)?.partner ?? null;
    },
    createMapping(mapping, partner) {
      insertMapping.run(
        mapping.uuid, mapping.title, mapping.description, JSON.stringify(mapping.meanings), partner,
        JSON.stringify(mapping.cause ?? {}), JSON.stringify(mapping.consequence ?? {}), mapping.level ?? '',
        JSON.stringify(mapping.ratings ?? { comfort: 0, energy: 0, operation: 0 }), mapping.cypher_query ?? null,
      );
    },
    updateMapping(uuid, fields) {
      setMappingFields.run({
        uuid,
        title: fields.title,
        description: fields.description,
        cause: JSON.stringify(fields.cause),
        consequence: JSON.stringify(fields.consequence),
        level: fields.level,
        ratings: JSON.stringify(fields.ratings),
        cypher_query: fields.cypher_query,
      });
    },
    tables: (mappingUuid) => (tablesOf.all(mappingUuid) as TableRow[]).map(tableOf),
    table,
    putTable: (mappingUuid, uuid, content) => putTable(mappingUuid, uuid, content),
    patchTable(mappingUuid, uuid, patch) {
      const current = table(mappingUuid, uuid);
      if (!current) return;
      updateTable.run(columns(mappingUuid, uuid, { ...current, ...patch }));
    },
    deleteTable: (mappingUuid, uuid) => removeTable.run(mappingUuid, uuid).changes > 0,
  };
}
