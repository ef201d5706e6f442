import { HttpError, NetworkError, ResponseShapeError, TimeoutError } from '@varde/core';
import { CliError } from './errors.js';
import { EXIT, type ExitCode } from './exitCodes.js';

export interface ErrorReport {
  message: string;
  exitCode: ExitCode;
}

/** Turns any error into one line for stderr and the documented exit code. */
export function reportError(error: unknown): ErrorReport {
  if (error instanceof CliError) return { message: error.message, exitCode: error.exitCode };
  if (error instanceof HttpError) return { message: error.message, exitCode: exitCodeForStatus(error.status) };
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    const reason = rootCause(error);
    const message = `${error.message}${reason ? ` [${reason}]` : ''}. Check the cloud URL (--cloud, VARDE_CLOUD) and that the cloud is running.`;
    return { message, exitCode: EXIT.unavailable };
  }
  if (error instanceof ResponseShapeError) return { message: error.message, exitCode: EXIT.unavailable };
  if (error instanceof Error && error.message.startsWith('Failed to find access token for service')) {
    return { message: `${error.message}: the session has no token for it. Run: varde login`, exitCode: EXIT.auth };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Unexpected error: ${message}`, exitCode: EXIT.failure };
}

export function exitCodeForStatus(status: number): ExitCode {
  if (status === 401) return EXIT.auth;
  if (status === 403) return EXIT.forbidden;
  if (status === 404) return EXIT.notFound;
  if (status === 429) return EXIT.throttled;
  if (status === 400 || status === 413 || status === 422) return EXIT.invalidInput;
  if (status >= 500) return EXIT.unavailable;
  return EXIT.failure;
}

/** The innermost cause's message, e.g. `connect ECONNREFUSED 127.0.0.1:8080` under undici's "fetch failed". */
function rootCause(error: Error): string | undefined {
  let current: unknown = error.cause;
  let deepest: string | undefined;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    deepest = current.message;
    current = current.cause;
  }
  return deepest === undefined || deepest === 'fetch failed' ? undefined : deepest;
}
