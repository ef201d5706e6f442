import { isBody } from './requestBody.js';

/** The most queued writes one transaction takes: a client that floods waits no longer than this. */
export const MAX_WRITES_PER_TRANSACTION = 64;

/** A queued client write (`p` set or `m` merge), the requests a run of writes may share a transaction for. */
export function isWriteRequest(envelope: unknown): boolean {
  if (!isBody(envelope) || envelope.t !== 'd' || !isBody(envelope.d)) return false;
  const { a, r } = envelope.d;
  return typeof r === 'number' && (a === 'p' || a === 'm');
}

/**
 * The writes at the head of `inbox` (removed from it) that may share one transaction: consecutive
 * writes, at most MAX_WRITES_PER_TRANSACTION. Anything else (a listen, an auth) runs on its own after them.
 */
export function takeWriteRun(inbox: unknown[]): unknown[] {
  let count = 0;
  while (count < inbox.length && count < MAX_WRITES_PER_TRANSACTION && isWriteRequest(inbox[count])) count += 1;
  return inbox.splice(0, count);
}
