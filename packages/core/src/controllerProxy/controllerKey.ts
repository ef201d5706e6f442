/** Controller key poll (core-shell §9): every 100 ms, up to 6000 ms. */
export const CONTROLLER_KEY_POLL_MS = 100;
export const CONTROLLER_KEY_TIMEOUT_MS = 6000;
export const CONTROLLER_KEY_ERROR = 'Unable to get login key for controller';

/**
 * Polls `read` until it gives a key (for example the portal id a site socket delivered), else
 * rejects with Error('Unable to get login key for controller').
 */
export function waitForControllerKey(
  read: () => string | null | undefined,
  options: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<string> {
  const intervalMs = options.intervalMs ?? CONTROLLER_KEY_POLL_MS;
  const timeoutMs = options.timeoutMs ?? CONTROLLER_KEY_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const key = read();
      if (key) return resolve(key);
      if (options.signal?.aborted) return reject(options.signal.reason);
      if (Date.now() - started >= timeoutMs) return reject(new Error(CONTROLLER_KEY_ERROR));
      setTimeout(check, intervalMs);
    };
    check();
  });
}
