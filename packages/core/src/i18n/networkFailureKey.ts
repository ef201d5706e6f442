import type { NetworkError } from '../http/HttpError.js';

/**
 * What a request that reached no answer says, by its cause (http/networkFailure.ts): a page whose origin
 * the cloud does not allow names both origins and the option that allows it; a cloud that does not
 * answer at all is named; with no cause known (outside a page), `fallback` ("Failed to connect"). Kept short: every element's page carries it (create-user's 45 KB budget).
 * Returns a MessageKey (describeError.ts), written out: describeError imports this module.
 */
export function networkFailureKey(error: NetworkError, fallback: string): { key: string; values?: Record<string, unknown> } {
  const explanation = error.explanation;
  if (!explanation) return { key: fallback };
  return explanation.cause === 'origin-not-allowed'
    ? { key: 'errors:originNotAllowed', values: { page: explanation.pageOrigin, cloud: explanation.cloudOrigin } }
    : { key: 'errors:unreachable', values: { cloud: explanation.cloudOrigin } };
}
