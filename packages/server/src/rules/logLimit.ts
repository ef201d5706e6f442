import { RULE_LOG_MAX } from '@varde/core/contract';
import { HttpError } from '../http/HttpError.js';

/** `?limit=` of the delivery log: 1 to RULE_LOG_MAX (the default); anything else is a 400. */
export function parseLogLimit(text: unknown): number {
  if (text === undefined || text === '') return RULE_LOG_MAX;
  const limit = typeof text === 'string' && /^\d+$/.test(text) ? Number.parseInt(text, 10) : Number.NaN;
  if (!(limit >= 1 && limit <= RULE_LOG_MAX)) throw new HttpError(400, `limit must be a whole number from 1 to ${RULE_LOG_MAX}`);
  return limit;
}
