import { brandFor } from '@varde/core';
import { brandDomain } from './session.js';

/** The brand base (`/nordlys`) a browser path starts with on this host, else ''. */
export function brandBaseOf(browserPath: string): string {
  const brand = brandFor(window.location.hostname, browserPath, brandDomain);
  return brand ? `/${brand.id}` : '';
}
