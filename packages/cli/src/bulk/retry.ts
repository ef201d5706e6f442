import { HttpError, NetworkError, TimeoutError } from '@varde/core';
import type { RowCalls } from './types.js';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** First wait; each later one doubles (with jitter), up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait (for progress and tests). */
  onRetry?: (error: unknown, delayMs: number) => void;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 5, baseDelayMs: 250, maxDelayMs: 8000 };

/** 429 and 5xx answers, lost connections and timeouts are worth another try; other 4xx are final. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof HttpError) return error.status === 429 || error.status >= 500;
  return error instanceof NetworkError || error instanceof TimeoutError;
}

/** Whether the server may have carried out the request although we have no answer (not a 429 refusal). */
export function mayHaveTakenEffect(error: unknown): boolean {
  if (error instanceof HttpError) return error.status >= 500;
  return error instanceof NetworkError || error instanceof TimeoutError;
}

/** The wait before retry number `attempt` (0-based): Retry-After when the server says, else backoff with jitter. */
export function retryDelay(policy: RetryPolicy, attempt: number, error: unknown): number {
  const retryAfter = error instanceof HttpError ? error.retryAfterSeconds : undefined;
  if (retryAfter !== undefined) return Math.min(retryAfter * 1000, 60_000);
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return exponential / 2 + Math.random() * (exponential / 2);
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRowCalls(policy: RetryPolicy): RowCalls {
  const sleep = policy.sleep ?? defaultSleep;

  async function run<T>(call: () => Promise<T>, check?: () => Promise<T | undefined>): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await call();
      } catch (error) {
        if (!isRetryable(error) || attempt >= policy.retries) throw error;
        const delay = retryDelay(policy, attempt, error);
        policy.onRetry?.(error, delay);
        await sleep(delay);
        if (check && mayHaveTakenEffect(error)) {
          // The answer was lost: ask before repeating, so a create is never applied twice.
          const done = await run(check);
          if (done !== undefined) return done;
        }
      }
    }
  }

  return { safe: (call) => run(call), once: (call, check) => run(call, check) };
}
