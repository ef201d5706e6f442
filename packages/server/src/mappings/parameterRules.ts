import type { Mapping, MappingParameter } from '@varde/core/contract';
import { HttpError } from '../http/HttpError.js';

/**
 * Checks a table's parameters against its mapping: each names one of the mapping's `parameter` meanings,
 * none twice. Returns them in the mapping's meaning order.
 */
export function checkedParameters(mapping: Mapping, written: readonly MappingParameter[]): MappingParameter[] {
  const order = new Map(mapping.meanings.filter((meaning) => meaning.type === 'parameter').map((meaning, index) => [meaning.uuid, index]));
  const seen = new Set<string>();
  for (const entry of written) {
    const meaningUuid = entry['meaning-uuid'];
    if (!order.has(meaningUuid)) throw new HttpError(400, `Unknown parameter meaning ${meaningUuid} for mapping ${mapping.title}`);
    if (seen.has(meaningUuid)) throw new HttpError(400, `Parameter ${meaningUuid} is given twice`);
    seen.add(meaningUuid);
  }
  return written
    .map((entry) => ({ 'meaning-uuid': entry['meaning-uuid'], value: entry.value }))
    .sort((a, b) => order.get(a['meaning-uuid'])! - order.get(b['meaning-uuid'])!);
}
