import type { NetworkFailureExplanation } from './networkFailure.js';

/**
 * The one error type of the HTTP layer: a response that was not 2xx.
 * The message follows the spec's catalogue: `HTTP {status} - {statusText}`, plus `: {detail}` when the
 * body carried one, so a user (or a CLI log) sees the server's reason without digging.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly statusText: string;
  /** The `detail` of the error body, when the server sent one. */
  readonly detail?: string;
  /** The parsed body (JSON when it was JSON, otherwise the text). */
  readonly body?: unknown;
  /** From a Retry-After header (429, 503), in seconds. */
  readonly retryAfterSeconds?: number;

  constructor(status: number, statusText: string, detail?: string, body?: unknown, retryAfterSeconds?: number) {
    super(`HTTP ${status} - ${statusText}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.statusText = statusText;
    if (detail !== undefined) this.detail = detail;
    if (body !== undefined) this.body = body;
    if (retryAfterSeconds !== undefined) this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** The request did not reach the server, or the connection broke (no status to report). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  /** In a page: whether CORS refused the page's origin or the cloud did not answer (http/networkFailure.ts). */
  explanation?: NetworkFailureExplanation;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The request took longer than its time limit and was aborted. */
export class TimeoutError extends Error {
  override readonly name = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(message: string, timeoutMs: number) {
    super(message);
    this.timeoutMs = timeoutMs;
  }
}

/** A 2xx response whose body does not match the contract schema: client and server have drifted. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly body: unknown;
  constructor(message: string, body: unknown) {
    super(message);
    this.body = body;
  }
}
