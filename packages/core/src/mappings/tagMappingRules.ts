import {
  CONTROLLER_UUID_MESSAGE,
  isControllerUuid,
  tagMeanings,
  type Mapping,
  type MappingTable,
  type TagMapping,
} from '../contract/mappings.js';

/** One row of the tag-mapping table: every tag meaning of the mapping (not the parameters), mapped or not. */
export interface TagMappingRow {
  meaningUuid: string;
  meaningTitle: string;
  meaningType: string;
  controllerId: string;
  tag: string;
}

/** The rows for a table, in the mapping's meaning order (meanings without an entry have empty cells). */
export function tagMappingRows(mapping: Mapping, table: MappingTable): TagMappingRow[] {
  const byMeaning = new Map<string, TagMapping>(table['tag-mappings'].map((entry) => [entry['meaning-uuid'], entry]));
  return tagMeanings(mapping).map((meaning) => ({
    meaningUuid: meaning.uuid,
    meaningTitle: meaning.title,
    meaningType: meaning.type,
    controllerId: byMeaning.get(meaning.uuid)?.['controller-id'] ?? '',
    tag: byMeaning.get(meaning.uuid)?.tag ?? '',
  }));
}

/** The spec's check of a controller-id cell after trimming: empty (unmapped) or a UUID of versions 1–5. */
export function controllerIdError(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' || isControllerUuid(trimmed) ? null : CONTROLLER_UUID_MESSAGE;
}
