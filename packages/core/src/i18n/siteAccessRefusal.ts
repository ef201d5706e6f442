import { HttpError } from '../http/HttpError.js';
import { i18n } from './i18n.js';

/** The cloud's refusal of a site the caller does not have (graph, anomaly and mappings services). */
const NO_SITE_ACCESS = /^You do not have access to controller (.+)$/;

/** The site a 403 refused, or null for any other error. */
export function refusedSite(error: unknown): string | null {
  return error instanceof HttpError && error.status === 403 ? (NO_SITE_ACCESS.exec(error.detail ?? '')?.[1] ?? null) : null;
}

/**
 * A 403 for a site the caller lacks, in the UI's words (`errors`, always loaded): which site, and
 * what to ask for, instead of the service's English sentence. Null for any other error.
 */
export function siteAccessRefusal(error: unknown): string | null {
  const site = refusedSite(error);
  return site ? i18n.t('errors:noSiteAccess', { site }) : null;
}
