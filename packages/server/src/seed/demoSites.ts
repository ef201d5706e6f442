import { createHash } from 'node:crypto';
import type { SiteRecord } from '../controllers/sites.js';
import { TOWNS } from './towns.js';

/** A stable UUID made from text, so the demo's ids are the same on every fresh seed. */
export function stableUuid(text: string): string {
  const hex = createHash('sha256').update(`varde-demo:${text}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const FACILITIES = [
  'Vannverk', 'Skole', 'Sykehjem', 'Rådhus', 'Svømmehall', 'Renseanlegg', 'Idrettshall', 'Kulturhus',
  'Barnehage', 'Kontorbygg', 'Brannstasjon',
];
const OLDER_VERSIONS = ['3.2', '3.1', '2.9'];

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae').replace(/ø/g, 'o').replace(/å/g, 'a')
    .normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Online most of the time; every tenth-ish offline, some unavailable (null). */
function readiness(index: number): boolean | null {
  if (index % 13 === 5) return null;
  if (index % 10 === 3 || index % 10 === 7) return false;
  return true;
}

/** One site per town: 60 sites across Norway, about a quarter on versions older than 4.0. */
export function demoSites(): SiteRecord[] {
  return TOWNS.map((town, index) => {
    const name = `${town.name} ${FACILITIES[index % FACILITIES.length]!}`;
    return {
      uuid: stableUuid(`site:${name}`),
      name,
      hostname: `${slug(name)}.sites.varde.test`,
      version: index % 4 === 1 ? OLDER_VERSIONS[(index >> 2) % OLDER_VERSIONS.length]! : '4.0',
      webpmpReady: readiness(index),
      latitude: town.latitude,
      longitude: town.longitude,
    };
  });
}

/** The portal status tag of a site (controllers/{uuid}/tags/portalStatusText|Color/v). */
export function demoPortalStatus(site: SiteRecord, index: number): { text: string; color: string } {
  if (site.webpmpReady === null) return { text: 'Utilgjengelig', color: '#9e9e9e' };
  if (site.webpmpReady === false) return { text: 'Ikke tilkoblet', color: '#757575' };
  if (index % 8 === 2) return { text: 'Vedlikehold', color: '#ef6c00' };
  return { text: 'Normal drift', color: '#2e7d32' };
}
