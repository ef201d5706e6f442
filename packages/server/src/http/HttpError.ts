/**
 * The one error type of the server's HTTP layer: thrown anywhere below a route, answered by the
 * error handler as `status` with `{detail}` (and any extra headers, e.g. Retry-After).
 */
export class HttpError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly headers: Record<string, string>;

  constructor(status: number, detail: string, headers: Record<string, string> = {}) {
    super(detail);
    this.name = 'HttpError';
    this.status = status;
    this.detail = detail;
    this.headers = headers;
  }
}

/** 401 for a bearer token that is missing or not good for this service (RFC 6750). */
export function invalidTokenError(detail: string): HttpError {
  return new HttpError(401, detail, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}
