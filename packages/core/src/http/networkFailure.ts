/**
 * Why a browser's request did not reach the cloud, when that can be known (issue 38). A failed fetch says
 * only "Failed to fetch", whether CORS refused the page's origin or the cloud does not answer; only the
 * browser console tells which. A second request that needs no CORS (`mode: 'no-cors'`, no cookies: its
 * answer cannot be read, only that one came) tells them apart: when the cloud answers it, the first was
 * refused for this page's origin.
 */
export type NetworkFailureCause = 'origin-not-allowed' | 'unreachable';

export interface NetworkFailureExplanation {
  cause: NetworkFailureCause;
  /** The page's origin (what `varde-cloud --allow-origin` would name). */
  pageOrigin: string;
  /** The origin the request went to. */
  cloudOrigin: string;
}

const PROBE_TIMEOUT_MS = 5000;

/** Undefined outside a page (Node, the CLI) and when the cause cannot be told (same origin, answered). */
export async function explainNetworkFailure(url: string, fetchImpl: typeof fetch): Promise<NetworkFailureExplanation | undefined> {
  const pageOrigin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!pageOrigin?.startsWith('http')) return undefined;
  const cloudOrigin = new URL(url, pageOrigin).origin;
  try {
    await fetchImpl(`${cloudOrigin}/`, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch {
    return { cause: 'unreachable', pageOrigin, cloudOrigin };
  }
  return cloudOrigin === pageOrigin ? undefined : { cause: 'origin-not-allowed', pageOrigin, cloudOrigin };
}
