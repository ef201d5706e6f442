import {
  cloudFunction,
  listFunctionsResponse,
  MAX_RUN_TIMEOUT_SECONDS,
  runFunctionResponse,
  type CloudFunction,
  type FunctionSummary,
  type RunFunctionBody,
  type RunFunctionResponse,
  type SaveFunctionBody,
  type SaveFunctionQuery,
} from '../contract/faas.js';
import type { HttpClient } from '../http/createHttpClient.js';

/** faas-manager's calls (contract/faas.ts). Each throws core's HttpError (with the server's detail) on a non-2xx answer. */
const FAAS = 'faas-manager';

export interface FaasCallOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

const functionPath = (name: string) => `/v0/functions/${encodeURIComponent(name)}`;

function pass(options: FaasCallOptions | undefined): FaasCallOptions {
  const out: FaasCallOptions = {};
  if (options?.signal) out.signal = options.signal;
  if (options?.timeoutMs !== undefined) out.timeoutMs = options.timeoutMs;
  return out;
}

/** GET /v0/functions: name, description, updated, version of every function. */
export function listFunctions(http: HttpClient, options?: FaasCallOptions): Promise<FunctionSummary[]> {
  return http.request(FAAS, '/v0/functions', { ...pass(options), schema: listFunctionsResponse });
}

/** GET /v0/functions/{name}: with requirements and source. */
export function getFunction(http: HttpClient, name: string, options?: FaasCallOptions): Promise<CloudFunction> {
  return http.request(FAAS, functionPath(name), { ...pass(options), schema: cloudFunction });
}

/** DELETE /v0/functions/{name}. */
export async function deleteFunction(http: HttpClient, name: string, options?: FaasCallOptions): Promise<void> {
  await http.request(FAAS, functionPath(name), { ...pass(options), method: 'DELETE' });
}

/**
 * The query of a save (spec §7): where the function reaches the historian, the write API and the
 * mappings manager, and with which tokens. `tokenFor` returns undefined for a service without one.
 */
export function functionServiceQuery(http: HttpClient, tokenFor: (service: string) => string | undefined): SaveFunctionQuery {
  const query: SaveFunctionQuery = {};
  const pairs = [
    ['historian', 'historianHost', 'historianToken'],
    ['api', 'writeApiHost', 'writeApiToken'],
    ['mappings-manager', 'mappingsManagerHost', 'mappingsManagerToken'],
  ] as const;
  for (const [service, hostKey, tokenKey] of pairs) {
    query[hostKey] = http.urlFor(service, '/').replace(/\/+$/, '');
    const token = tokenFor(service);
    if (token) query[tokenKey] = token;
  }
  return query;
}

/** POST /v0/functions/{name}: creates or replaces; resolves to the saved function (its new version). */
export function saveFunction(
  http: HttpClient,
  name: string,
  body: SaveFunctionBody,
  query: SaveFunctionQuery = {},
  options?: FaasCallOptions,
): Promise<CloudFunction> {
  return http.request(FAAS, functionPath(name), { ...pass(options), method: 'POST', query: { ...query }, body, schema: cloudFunction });
}

/** POST /v0/functions/{name}/run (reference cloud): runs the saved function with python3. */
export function runFunction(
  http: HttpClient,
  name: string,
  body: RunFunctionBody = {},
  options?: FaasCallOptions,
): Promise<RunFunctionResponse> {
  // The run's own limit plus room for starting python3 and answering.
  const timeoutMs = options?.timeoutMs ?? ((body.timeoutSeconds ?? MAX_RUN_TIMEOUT_SECONDS) + 15) * 1000;
  return http.request(FAAS, `${functionPath(name)}/run`, { ...pass(options), timeoutMs, method: 'POST', body, schema: runFunctionResponse });
}
