import type { BrandId, ExternalLinks, ThemeName } from './types.js';
import { BRAND_IDS } from './types.js';

/**
 * Custom brands: partners who get the portal under `https://partner.varde.cloud/<brand>/…`.
 * A brand is adopted only on that one domain, and only from the first path segment, so an
 * ordinary route such as /sites can never be taken for a brand.
 */
export const BRAND_DOMAIN = 'partner.varde.cloud';

export interface BrandDefinition {
  id: BrandId;
  displayName: string;
  theme: ThemeName;
  /** Adds the Views (dashboards) menu entry. */
  dashboards: boolean;
  links: ExternalLinks;
}

export const BRANDS: Record<BrandId, BrandDefinition> = {
  /** The brand with its own theme, a Views entry and an external Apps link. */
  nordlys: {
    id: 'nordlys',
    displayName: 'Nordlys Energi',
    theme: 'nordlys',
    dashboards: true,
    links: { apps: 'https://apps.nordlysenergi.no' },
  },
  /** A brand that only changes the name and reuses the customer theme. */
  fjellvann: {
    id: 'fjellvann',
    displayName: 'Fjellvann VA',
    theme: 'fjord',
    dashboards: false,
    links: {},
  },
};

export function isBrandId(value: string): value is BrandId {
  return (BRAND_IDS as readonly string[]).includes(value);
}

/** The brand named by the first path segment, on the brand domain only. */
export function brandFor(hostname: string, pathname: string, brandDomain: string = BRAND_DOMAIN): BrandDefinition | null {
  if (hostname.toLowerCase() !== brandDomain.toLowerCase()) return null;
  const first = pathname.split('/').find((segment) => segment !== '');
  if (!first) return null;
  const id = decodeURIComponent(first).toLowerCase();
  return isBrandId(id) ? BRANDS[id] : null;
}
