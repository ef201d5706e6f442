import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The historian service: stored time series per controller tag. Shapes as public clients of the real
 * cloud read them (docs/contract.md): `GET /{controllerId}/timeseries/{tag}` answers
 * `[{ts, v}]` and includes the last point before and the first point after the range;
 * `GET /{controllerId}/value/{tag}?ts=` answers `{ts, value}`.
 */

/** `epoch`: ts in epoch milliseconds; `iso` (default): ts as an ISO 8601 string. */
export const historianTimeFormat = z.enum(['epoch', 'iso']);
export type HistorianTimeFormat = z.infer<typeof historianTimeFormat>;

/**
 * A time: ISO 8601 with up to nine decimals (with or without zone; naive times are Europe/Oslo local
 * time, as Python's isoformat() writes them) or epoch ms digits.
 */
const historianTime = z.string().check(z.minLength(1), z.maxLength(40));

export const timeseriesQuery = z.object({
  from: historianTime,
  /** Optional: public clients often send `from` alone, and then the range ends now. */
  to: z.optional(historianTime),
  time_format: z.optional(historianTimeFormat),
  /** Accepted for the real clients' sake; timestamps are always included. */
  include_timestamps: z.optional(z.enum(['true', 'false'])),
  /** Accepted for the real clients' sake; the tag comes from the path. */
  tags: z.optional(z.string().check(z.maxLength(200))),
});
export type TimeseriesQuery = z.infer<typeof timeseriesQuery>;

export const timeseriesPoint = z.object({ ts: z.union([z.number(), z.string()]), v: z.number() });
export type TimeseriesPoint = z.infer<typeof timeseriesPoint>;
export const timeseriesResponse = z.array(timeseriesPoint);

export const valueQuery = z.object({ ts: historianTime, time_format: z.optional(historianTimeFormat) });
export type ValueQuery = z.infer<typeof valueQuery>;

/** The last stored point at or before `ts`. */
export const valueResponse = z.object({ ts: z.union([z.number(), z.string()]), value: z.number() });
export type ValueResponse = z.infer<typeof valueResponse>;

/** `GET /{controllerId}/tags`: the tags of a controller that have data (for pickers). */
export const historianTagsResponse = z.object({
  data: z.array(z.object({ tag: z.string(), unit: z.string(), from: z.number(), intervalMs: z.number() })),
});
export type HistorianTagsResponse = z.infer<typeof historianTagsResponse>;
