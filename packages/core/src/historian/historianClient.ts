import {
  historianTagsResponse,
  timeseriesResponse,
  type HistorianTagsResponse,
} from '../contract/historian.js';
import type { HttpClient } from '../http/createHttpClient.js';

/** historian calls (contract/historian.ts) the site page's trend uses. */
const HISTORIAN = 'historian';

export type HistorianTag = HistorianTagsResponse['data'][number];

/** GET /{controller}/tags: the controller's tags that have stored values, with their units. */
export async function listHistorianTags(http: HttpClient, controller: string, options: { signal?: AbortSignal } = {}): Promise<HistorianTag[]> {
  const answer = await http.request(HISTORIAN, `/${encodeURIComponent(controller)}/tags`, {
    schema: historianTagsResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return answer.data;
}

/** A series as two columns (epoch ms, value): what a chart draws. */
export interface SeriesColumns {
  times: number[];
  values: number[];
}

/** GET /{controller}/timeseries/{tag}?from&to&time_format=epoch: the stored points in [from, to]. */
export async function readSeries(
  http: HttpClient,
  controller: string,
  tag: string,
  range: { from: number; to: number },
  options: { signal?: AbortSignal } = {},
): Promise<SeriesColumns> {
  const points = await http.request(HISTORIAN, `/${encodeURIComponent(controller)}/timeseries/${encodeURIComponent(tag)}`, {
    query: { from: new Date(range.from).toISOString(), to: new Date(range.to).toISOString(), time_format: 'epoch' },
    schema: timeseriesResponse,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const epoch = points.filter((point): point is { ts: number; v: number } => typeof point.ts === 'number');
  return { times: epoch.map((point) => point.ts), values: epoch.map((point) => point.v) };
}
