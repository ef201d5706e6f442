import type { Settings } from '@varde/core';

export interface LogoMark {
  /** The name the logo spells (also its accessible name). */
  name: string;
  /** Colours of the two triangles of the mark. */
  colors: [string, string];
}

const VARDE: LogoMark = { name: 'Varde', colors: ['var(--varde-on-primary)', 'var(--varde-accent)'] };

/** Logos of the custom brands (the whole portal is theirs under their path). */
const BRAND_LOGOS: Record<string, LogoMark> = {
  nordlys: { name: 'Nordlys Energi', colors: ['#7de2d1', '#b69cff'] },
  fjellvann: { name: 'Fjellvann VA', colors: ['#9fd3ff', '#ffffff'] },
};

/** Partners whose users see the partner's logo beside the product's (by the user's mainPartner). */
const PARTNER_LOGOS: Record<string, LogoMark> = {
  nordbygg: { name: 'Nordbygg Drift', colors: ['#ffd166', '#ef476f'] },
  fjordvarme: { name: 'Fjordvarme', colors: ['#8ecae6', '#ffb703'] },
};

/**
 * Decision: a brand's logo replaces the product's; otherwise the product's logo, followed by the
 * user's main partner's logo when there is one for that partner.
 */
export function logosFor(settings: Pick<Settings, 'brand'>, mainPartner: string | undefined): LogoMark[] {
  const brand = settings.brand ? BRAND_LOGOS[settings.brand] : undefined;
  if (brand) return [brand];
  const partner = mainPartner ? PARTNER_LOGOS[mainPartner] : undefined;
  return partner ? [VARDE, partner] : [VARDE];
}
