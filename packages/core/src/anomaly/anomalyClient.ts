import {
  anomalyModel,
  anomalyModelList,
  anomalyVersion,
  VIOLIN_PLOT_ARTIFACT,
  type AnomalyModel,
  type AnomalyVersion,
  type CreateModelBody,
  type CreateVersionBody,
  type PatchModelBody,
  type PatchVersionBody,
} from '../contract/anomaly.js';
import type { HttpClient } from '../http/createHttpClient.js';

/**
 * The anomaly service's calls (contract/anomaly.ts). Each takes a session's HttpClient; the bearer
 * token is the access token whose key starts with `anomaly`. Errors are core's HttpError with the
 * server's `detail`.
 */
const ANOMALY = 'anomaly';
const id = encodeURIComponent;

export interface AnomalyCallOptions {
  signal?: AbortSignal;
}

const pass = (options?: AnomalyCallOptions) => (options?.signal ? { signal: options.signal } : {});

export function listModels(http: HttpClient, options?: AnomalyCallOptions): Promise<AnomalyModel[]> {
  return http.request(ANOMALY, '/v0/models', { ...pass(options), schema: anomalyModelList });
}

export function getModel(http: HttpClient, modelId: string, options?: AnomalyCallOptions): Promise<AnomalyModel> {
  return http.request(ANOMALY, `/v0/models/${id(modelId)}`, { ...pass(options), schema: anomalyModel });
}

export function getVersion(http: HttpClient, modelId: string, versionId: string, options?: AnomalyCallOptions): Promise<AnomalyVersion> {
  return http.request(ANOMALY, `/v0/models/${id(modelId)}/${id(versionId)}`, { ...pass(options), schema: anomalyVersion });
}

export function createModel(http: HttpClient, body: CreateModelBody): Promise<AnomalyModel> {
  return http.request(ANOMALY, '/v0/models', { method: 'POST', body, schema: anomalyModel });
}

/** POST /v0/models/{model_id}: ids, status, performance and dates are not sent. */
export function createVersion(http: HttpClient, modelId: string, body: CreateVersionBody): Promise<AnomalyVersion> {
  const { name, description, labels, parameters } = body;
  return http.request(ANOMALY, `/v0/models/${id(modelId)}`, { method: 'POST', body: { name, description, labels, parameters }, schema: anomalyVersion });
}

export function patchModel(http: HttpClient, modelId: string, body: PatchModelBody): Promise<AnomalyModel> {
  return http.request(ANOMALY, `/v0/models/${id(modelId)}`, { method: 'PATCH', body, schema: anomalyModel });
}

export function patchVersion(http: HttpClient, modelId: string, versionId: string, body: PatchVersionBody): Promise<AnomalyVersion> {
  return http.request(ANOMALY, `/v0/models/${id(modelId)}/${id(versionId)}`, { method: 'PATCH', body, schema: anomalyVersion });
}

export async function deleteModel(http: HttpClient, modelId: string): Promise<void> {
  await http.request(ANOMALY, `/v0/models/${id(modelId)}`, { method: 'DELETE', responseType: 'text' });
}

export async function deleteVersion(http: HttpClient, modelId: string, versionId: string): Promise<void> {
  await http.request(ANOMALY, `/v0/models/${id(modelId)}/${id(versionId)}`, { method: 'DELETE', responseType: 'text' });
}

/** POST /v0/train_model/{model_id}/{version_id}: answers the version, already STARTING_TRAINING. */
export function startTraining(http: HttpClient, modelId: string, versionId: string): Promise<AnomalyVersion> {
  return http.request(ANOMALY, `/v0/train_model/${id(modelId)}/${id(versionId)}`, { method: 'POST', schema: anomalyVersion });
}

/** GET /v0/image/{model}/{version}/violin_plot: the PNG bytes (only READY versions have one). */
export async function fetchViolinPlot(http: HttpClient, modelId: string, versionId: string, options?: AnomalyCallOptions): Promise<Uint8Array> {
  const bytes = await http.request<unknown>(ANOMALY, `/v0/image/${id(modelId)}/${id(versionId)}/${VIOLIN_PLOT_ARTIFACT}`, {
    ...pass(options),
    responseType: 'bytes',
    headers: { accept: 'image/png' },
  });
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes as ArrayBuffer);
}
