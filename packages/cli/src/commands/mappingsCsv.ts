import {
  CONTROLLER_UUID_MESSAGE,
  isControllerUuid,
  tagMeanings,
  WHITESPACE_MESSAGE,
  type Mapping,
  type MappingTable,
} from '@varde/core/contract';
import { tagMappingRows } from '@varde/core';
import type { InputRecord, Validation } from '../bulk/types.js';

/** The mapping CSV's columns, in order: one row per table and meaning. */
export const MAPPING_COLUMNS = ['table', 'meaning', 'controller-id', 'tag'] as const;

export interface MappingRow {
  tableUuid: string;
  tableTitle: string;
  meaningUuid: string;
  meaningTitle: string;
  controllerId: string;
  tag: string;
}

/**
 * Quoted when needed (comma, quote, newline, outer spaces). No spreadsheet-formula defusing: tags such
 * as `+=360.001-RT401` must come back unchanged on import.
 */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every table x every meaning (unmapped meanings with empty cells), so importing it back changes nothing. */
export function mappingCsv(mapping: Mapping, tables: readonly MappingTable[]): string {
  const lines = [MAPPING_COLUMNS.join(',')];
  for (const table of tables) {
    for (const row of tagMappingRows(mapping, table)) {
      lines.push([table.title, row.meaningTitle, row.controllerId, row.tag].map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Checks one record against the mapping and its tables (read before any write): known table and
 * meaning (by title, or uuid), a controller-id that is a UUID (or empty with an empty tag), and no
 * leading or trailing whitespace anywhere (spec §5).
 */
export function validateMappingRecord(record: InputRecord, mapping: Mapping, tables: readonly MappingTable[]): Validation<MappingRow> {
  const errors: string[] = [];
  const cell = (name: (typeof MAPPING_COLUMNS)[number]): string => {
    const value = record.fields[name];
    if (value === undefined || value === null) {
      errors.push(`${name}: missing column`);
      return '';
    }
    const text = String(value);
    if (text !== text.trim()) errors.push(`${name}: ${WHITESPACE_MESSAGE}`);
    return text;
  };
  const tableTitle = cell('table');
  const meaningTitle = cell('meaning');
  const controllerId = cell('controller-id');
  const tag = cell('tag');

  const tableMatches = tables.filter((table) => table.title === tableTitle || table.uuid === tableTitle);
  if (tableTitle.trim() === '') errors.push('table: required');
  else if (tableMatches.length === 0) errors.push(`table: no mapping table "${tableTitle}" in ${mapping.title}`);
  else if (tableMatches.length > 1) errors.push(`table: more than one mapping table is titled "${tableTitle}"; rename one`);

  const meanings = tagMeanings(mapping);
  const meaning = meanings.find((item) => item.title === meaningTitle || item.uuid === meaningTitle);
  if (!meaning) errors.push(`meaning: unknown meaning "${meaningTitle}" (known: ${meanings.map((item) => item.title).join(', ')})`);

  if (controllerId !== '' && !isControllerUuid(controllerId.trim())) errors.push(`controller-id: ${CONTROLLER_UUID_MESSAGE}`);
  if (controllerId === '' && tag !== '') errors.push('controller-id: A tag needs a controller');

  if (errors.length > 0) return { ok: false, errors };
  const table = tableMatches[0]!;
  return {
    ok: true,
    row: { tableUuid: table.uuid, tableTitle: table.title, meaningUuid: meaning!.uuid, meaningTitle: meaning!.title, controllerId, tag },
  };
}
