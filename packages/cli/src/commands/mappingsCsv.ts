import {
  CONTROLLER_UUID_MESSAGE,
  isControllerUuid,
  WHITESPACE_MESSAGE,
  type Mapping,
  type MappingParameter,
  type MappingTable,
} from '@varde/core/contract';
import { parameterValueFromText, parameterValueText, tagMappingRows } from '@varde/core';
import type { InputRecord, Validation } from '../bulk/types.js';

/**
 * The mapping CSV's columns, in order: one row per table and meaning. A tag meaning fills controller-id
 * and tag; a `parameter` meaning (a table's setting) fills value. Files without the value column (as
 * exported before settings were) still import: they leave the settings alone.
 */
export const MAPPING_COLUMNS = ['table', 'meaning', 'controller-id', 'tag', 'value'] as const;

type ParameterValue = MappingParameter['value'];

export type MappingRow = {
  tableUuid: string;
  tableTitle: string;
  meaningUuid: string;
  meaningTitle: string;
} & ({ kind: 'tag'; controllerId: string; tag: string } | { kind: 'parameter'; value: ParameterValue });

/**
 * Quoted when needed (comma, quote, newline, outer spaces). No spreadsheet-formula defusing: tags such
 * as `+=360.001-RT401` must come back unchanged on import.
 */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Every table x every meaning (unmapped meanings and unset settings with empty cells), so importing it
 * back changes nothing. Settings come after a table's tag meanings, in the mapping's order.
 */
export function mappingCsv(mapping: Mapping, tables: readonly MappingTable[]): string {
  const lines = [MAPPING_COLUMNS.join(',')];
  const settings = mapping.meanings.filter((meaning) => meaning.type === 'parameter');
  for (const table of tables) {
    for (const row of tagMappingRows(mapping, table)) {
      lines.push([table.title, row.meaningTitle, row.controllerId, row.tag, ''].map(csvCell).join(','));
    }
    for (const meaning of settings) {
      const value = table.parameters.find((entry) => entry['meaning-uuid'] === meaning.uuid)?.value ?? null;
      lines.push([table.title, meaning.title, '', '', parameterValueText(value)].map(csvCell).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A value cell: text as the UI reads it (parameterValueFromText); JSON input may give the value itself. */
function valueOf(cell: unknown): ParameterValue {
  if (typeof cell === 'number' || typeof cell === 'boolean' || cell === null) return cell;
  return parameterValueFromText(String(cell));
}

/**
 * Checks one record against the mapping and its tables (read before any write): known table and
 * meaning (by title, or uuid), a controller-id that is a UUID (or empty with an empty tag), no
 * leading or trailing whitespace anywhere (spec §5), and a value only for a setting.
 */
export function validateMappingRecord(record: InputRecord, mapping: Mapping, tables: readonly MappingTable[]): Validation<MappingRow> {
  const errors: string[] = [];
  const cell = (name: Exclude<(typeof MAPPING_COLUMNS)[number], 'value'>): string => {
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

  const meanings = mapping.meanings;
  const meaning = meanings.find((item) => item.title === meaningTitle || item.uuid === meaningTitle);
  if (!meaning) errors.push(`meaning: unknown meaning "${meaningTitle}" (known: ${meanings.map((item) => item.title).join(', ')})`);
  const isSetting = meaning?.type === 'parameter';
  const valueCell = record.fields.value;
  const hasValue = valueCell !== undefined && valueCell !== null && String(valueCell) !== '';

  if (isSetting) {
    if (controllerId !== '' || tag !== '') errors.push(`controller-id: "${meaningTitle}" is a setting of the table: leave controller-id and tag empty and give its value`);
    if (valueCell === undefined) errors.push('value: missing column (a setting needs it)');
  } else {
    if (controllerId !== '' && !isControllerUuid(controllerId.trim())) errors.push(`controller-id: ${CONTROLLER_UUID_MESSAGE}`);
    if (controllerId === '' && tag !== '') errors.push('controller-id: A tag needs a controller');
    if (hasValue) errors.push(`value: only a setting has a value; "${meaningTitle}" maps to a tag`);
  }

  if (errors.length > 0) return { ok: false, errors };
  const table = tableMatches[0]!;
  const at = { tableUuid: table.uuid, tableTitle: table.title, meaningUuid: meaning!.uuid, meaningTitle: meaning!.title };
  return { ok: true, row: isSetting ? { ...at, kind: 'parameter', value: valueOf(valueCell) } : { ...at, kind: 'tag', controllerId, tag } };
}
