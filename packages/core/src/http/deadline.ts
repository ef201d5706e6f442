/**
 * One abort signal for a request: aborted when the caller's signal aborts or when the time limit
 * passes, whichever comes first. Built by hand rather than with AbortSignal.any/timeout so that it
 * works in every browser we support and so the caller can tell a timeout from its own abort.
 */
export interface Deadline {
  readonly signal: AbortSignal;
  /** True once the time limit (not the caller) aborted the request. */
  timedOut(): boolean;
  /** Stops the timer and detaches from the caller's signal. Call when the request settles. */
  dispose(): void;
}

export function createDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;

  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort(new Error(`timed out after ${timeoutMs} ms`));
        }, timeoutMs)
      : undefined;

  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
