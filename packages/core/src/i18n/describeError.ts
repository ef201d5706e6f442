import { HttpError, NetworkError, ResponseShapeError, TimeoutError } from '../http/HttpError.js';
import { i18n } from './i18n.js';
import { networkFailureKey } from './networkFailureKey.js';
import { refusedSite } from './siteAccessRefusal.js';

export interface MessageKey {
  key: string;
  values?: Record<string, unknown>;
}

const MISSING_TOKEN = /^Failed to find access token for service (.+)$/;

/** The catalogue entry for an error of core's layers (HTTP, timeouts, network, missing token). */
export function errorMessageKey(error: unknown): MessageKey {
  const site = refusedSite(error);
  if (site) return { key: 'errors:noSiteAccess', values: { site } };
  if (error instanceof HttpError) {
    const values = { status: error.status, statusText: error.statusText, detail: error.detail };
    return { key: error.detail ? 'errors:httpWithDetail' : 'errors:http', values };
  }
  if (error instanceof TimeoutError) return { key: 'errors:timeout' };
  if (error instanceof NetworkError) return networkFailureKey(error, 'errors:network');
  if (error instanceof ResponseShapeError) return { key: 'errors:unexpectedResponse' };
  const missing = error instanceof Error ? MISSING_TOKEN.exec(error.message) : null;
  if (missing) return { key: 'errors:missingAccessToken', values: { service: missing[1] } };
  return { key: 'errors:generic' };
}

/** A user-facing message for an error, in the current language. */
export function describeError(error: unknown): string {
  const { key, values } = errorMessageKey(error);
  return i18n.t(key, values);
}
