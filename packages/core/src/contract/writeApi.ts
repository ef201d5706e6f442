import * as z from 'zod/mini';
import './zodLocale.js';

/**
 * The write API (service `api`): `POST /v1/controllers/{cid}/tags/{tag}` with
 * `{timestamp, dataType: 'number', value}` or `{timestamp, dataType: 'string', valueText}`; clients
 * read the status only (docs/contract.md). The written value is stored in the historian, where
 * `GET /{cid}/value/{tag}` and `/timeseries/{tag}` read it back (numbers only).
 */

/** ISO 8601 (with a zone, or naive = Europe/Oslo) or epoch milliseconds. */
export const writeTimestamp = z.union([z.string().check(z.minLength(1), z.maxLength(40)), z.number().check(z.int(), z.nonnegative())]);

export const writeTagBody = z.discriminatedUnion('dataType', [
  z.object({ timestamp: writeTimestamp, dataType: z.literal('number'), value: z.number() }),
  z.object({ timestamp: writeTimestamp, dataType: z.literal('string'), valueText: z.string().check(z.maxLength(10_000)) }),
]);
export type WriteTagBody = z.infer<typeof writeTagBody>;

/** A tag name the write API accepts: 1–200 characters, no slash, no control characters. */
export const writableTagName = z
  .string()
  .check(z.minLength(1), z.maxLength(200), z.regex(/^[^/\u0000-\u001f\u007f]+$/, 'A tag name has no slash and no control characters'));
