import {
  listMappingTablesResponse,
  listMappingsResponse,
  mapping as mappingSchema,
  UNEXPECTED_MAPPINGS_STATUS,
  type Mapping,
  type MappingTable,
  type MappingTablePatch,
  type MappingTableWrite,
  type MappingWrite,
  type MappingWriteAnswer,
  type TagMappingWrite,
} from '../contract/mappings.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * mappings-manager's calls (contract/mappings.ts). Reads throw core's HttpError on a non-2xx answer;
 * writes expect the text the spec names (created / updated / deleted) and throw
 * `Error('Unexpected status returned from mappings-manager server: ' + text)` on anything else.
 */
const MAPPINGS = 'mappings-manager';

export interface MappingsCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

function pass(options: MappingsCallOptions | undefined): MappingsCallOptions {
  const out: MappingsCallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

const enc = encodeURIComponent;

function expectAnswer<T extends string>(answer: unknown, expected: readonly T[]): T {
  const text = typeof answer === 'string' ? answer.trim().replace(/^"(.*)"$/, '$1') : JSON.stringify(answer);
  if (!(expected as readonly string[]).includes(text)) throw new Error(`${UNEXPECTED_MAPPINGS_STATUS}${text}`);
  return text as T;
}

const WRITE_ANSWERS = ['created', 'updated'] as const;

/** GET /v0/mappings. */
export function listMappings(http: HttpClient, options?: MappingsCallOptions): Promise<Mapping[]> {
  return http.request(MAPPINGS, '/v0/mappings', { ...pass(options), schema: listMappingsResponse });
}

/** GET /v0/mappings/{uuid}. */
export function getMapping(http: HttpClient, uuid: string, options?: MappingsCallOptions): Promise<Mapping> {
  return http.request(MAPPINGS, `/v0/mappings/${enc(uuid)}`, { ...pass(options), schema: mappingSchema });
}

/** PUT /v0/mappings/{uuid}: replaces the mapping's fields (not its meanings); expects `updated`. */
export async function updateMapping(http: HttpClient, uuid: string, fields: MappingWrite, options?: MappingsCallOptions): Promise<'updated'> {
  const answer = await http.request(MAPPINGS, `/v0/mappings/${enc(uuid)}`, { ...pass(options), method: 'PUT', body: fields, responseType: 'text' });
  return expectAnswer(answer, ['updated'] as const);
}

/** GET /v0/mapping-tables/{mapping}: the mapping's tables. */
export function listMappingTables(http: HttpClient, mappingUuid: string, options?: MappingsCallOptions): Promise<MappingTable[]> {
  return http.request(MAPPINGS, `/v0/mapping-tables/${enc(mappingUuid)}`, { ...pass(options), schema: listMappingTablesResponse });
}

/** POST /v0/mapping-tables/{mapping}/{uuid}: creates or replaces a table (the row without its uuid). */
export async function putMappingTable(
  http: HttpClient,
  mappingUuid: string,
  uuid: string,
  row: MappingTableWrite,
  options?: MappingsCallOptions,
): Promise<MappingWriteAnswer> {
  const answer = await http.request(MAPPINGS, `/v0/mapping-tables/${enc(mappingUuid)}/${enc(uuid)}`, {
    ...pass(options), method: 'POST', body: row, responseType: 'text',
  });
  return expectAnswer(answer, WRITE_ANSWERS);
}

/** PATCH /v0/mapping-tables/{mapping}/{uuid}. */
export async function patchMappingTable(
  http: HttpClient,
  mappingUuid: string,
  uuid: string,
  patch: MappingTablePatch,
  options?: MappingsCallOptions,
): Promise<'updated'> {
  const answer = await http.request(MAPPINGS, `/v0/mapping-tables/${enc(mappingUuid)}/${enc(uuid)}`, {
    ...pass(options), method: 'PATCH', body: patch, responseType: 'text',
  });
  return expectAnswer(answer, ['updated'] as const);
}

/** DELETE /v0/mapping-tables/{mapping}/{uuid}: expects `deleted`. */
export async function deleteMappingTable(http: HttpClient, mappingUuid: string, uuid: string, options?: MappingsCallOptions): Promise<'deleted'> {
  const answer = await http.request(MAPPINGS, `/v0/mapping-tables/${enc(mappingUuid)}/${enc(uuid)}`, {
    ...pass(options), method: 'DELETE', responseType: 'text',
  });
  return expectAnswer(answer, ['deleted'] as const);
}

/** POST /v0/tag-mappings/{mapping}/{table}: one meaning's controller-id and tag. */
export async function putTagMapping(
  http: HttpClient,
  mappingUuid: string,
  tableUuid: string,
  entry: TagMappingWrite,
  options?: MappingsCallOptions,
): Promise<MappingWriteAnswer> {
  const answer = await http.request(MAPPINGS, `/v0/tag-mappings/${enc(mappingUuid)}/${enc(tableUuid)}`, {
    ...pass(options), method: 'POST', body: entry, responseType: 'text',
  });
  return expectAnswer(answer, WRITE_ANSWERS);
}
