import type { Migration } from './migration.js';

/**
 * Mappings carry what the vendor's library of version 7 reads: cause and consequence (texts per
 * language), level, ratings and cypher_query. Mapping-table parameters become `{"meaning-uuid", value}`:
 * an older `{name, value}` points at the mapping's meaning of that title, or keeps the name as its
 * meaning-uuid (the next write then names it as unknown) so that nothing is lost.
 */
export const mappingFieldsMigration: Migration = {
  id: '120-mapping-fields',
  sql: `
    ALTER TABLE mappings ADD COLUMN cause TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE mappings ADD COLUMN consequence TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE mappings ADD COLUMN level TEXT NOT NULL DEFAULT '';
    ALTER TABLE mappings ADD COLUMN ratings TEXT NOT NULL DEFAULT '{"comfort":0,"energy":0,"operation":0}';
    ALTER TABLE mappings ADD COLUMN cypher_query TEXT;
    UPDATE mapping_tables SET parameters = (
      SELECT json_group_array(json_object(
        'meaning-uuid', COALESCE(
          (SELECT json_extract(m.value, '$.uuid') FROM mappings mp, json_each(mp.meanings) m
            WHERE mp.uuid = mapping_tables.mapping_uuid AND json_extract(m.value, '$.title') = json_extract(p.value, '$.name')),
          json_extract(p.value, '$.name')),
        'value', json_extract(p.value, '$.value')))
      FROM json_each(mapping_tables.parameters) p)
    WHERE json_array_length(parameters) > 0 AND json_extract(parameters, '$[0].name') IS NOT NULL;
  `,
};
