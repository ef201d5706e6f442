import type * as z from 'zod/mini';
import { describeIssues } from '@varde/core/contract';
import { HttpError } from './HttpError.js';

/** Validates a body or query with a contract schema; a mismatch is the caller's fault: 400 {detail}. */
export function parseWith<T extends z.ZodMiniType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, describeIssues(result.error));
  return result.data;
}
