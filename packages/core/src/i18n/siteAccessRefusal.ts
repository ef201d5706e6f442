import { HttpError } from '../http/HttpError.js';
import { i18n } from '../i18n/i18n.js';

/** The graph service's refusal of a connection to a site the caller does not have. */
const NO_SITE_ACCESS = /^You do not have access to controller (.+)$/;

/**
 * A 403 for a site the caller lacks, in the UI's words (the `bim` namespace, which the BIM widget adds):
 * which site, and what to ask for. Null for any other error.
 */
export function siteAccessRefusal(error: unknown): string | null {
  const site = error instanceof HttpError && error.status === 403 ? NO_SITE_ACCESS.exec(error.detail ?? '')?.[1] : undefined;
  return site ? i18n.t('bim:noSiteAccess', { site }) : null;
}
