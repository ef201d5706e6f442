import { licensingPaths, type GenerateLicenseRequest, type LicenseType, type StoredLicense } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { issueLicense } from '../licensing/licenseIssuing.js';
import { storeIssuedLicense } from '../licensing/licenseStore.js';
import { deriveLicenseSigningKey, signLicenseFile } from '../licensing/licensingKey.js';
import { licenseIssuer } from '../licensing/routes.js';
import { demoUsers } from './demoUsers.js';

/** Licence types of every kind of field and expiry (the spec leaves the catalogues to us). */
const CONTROLLER: LicenseType = {
  id: 'controller',
  name: 'Controller licence',
  description: 'Runs a site controller with a number of sites',
  expirationType: 'options',
  expirationOptions: ['P1Y', 'P2Y', 'P3Y'],
  requiredFields: [
    { inputLabel: 'Number of sites', displayLabel: 'Sites', tempInputKey: 'siteCount', tempInputType: 'integer' },
    { inputLabel: 'Edition', displayLabel: 'Edition', tempInputKey: 'edition', tempInputType: 'select', htmlOptions: ['Basic', 'Standard', 'Pro'] },
  ],
  translations: {
    no: { name: 'Anleggslisens', description: 'Kjører en anleggskontroller med et antall anlegg', fields: { siteCount: { inputLabel: 'Antall anlegg', displayLabel: 'Anlegg' }, edition: { inputLabel: 'Utgave', displayLabel: 'Utgave' } } },
    se: { name: 'Anläggningslicens', description: 'Kör en anläggningsstyrning med ett antal anläggningar', fields: { siteCount: { inputLabel: 'Antal anläggningar', displayLabel: 'Anläggningar' }, edition: { inputLabel: 'Utgåva', displayLabel: 'Utgåva' } } },
  },
};
const WEB_PANEL: LicenseType = {
  id: 'webpanel',
  name: 'Web panel',
  description: 'The controller’s web pages for one panel',
  expirationType: 'singleDuration',
  expiration: 'P1Y',
  requiredFields: [
    { inputLabel: 'MAC address (hex)', displayLabel: 'MAC address', tempInputKey: 'macAddress', tempInputType: 'hexString' },
    {
      inputLabel: 'Support level',
      displayLabel: 'Support',
      tempInputKey: 'supportLevel',
      tempInputType: 'htmlOptions',
      htmlOptions: [
        { value: 'bronze', label: 'Bronze (office hours)' },
        { value: 'silver', label: 'Silver (extended hours)' },
        { value: 'gold', label: 'Gold (around the clock)' },
      ],
    },
  ],
  translations: {
    no: {
      name: 'Webpanel',
      description: 'Anleggets nettsider for ett panel',
      fields: { macAddress: { inputLabel: 'MAC-adresse (heks)', displayLabel: 'MAC-adresse' }, supportLevel: { inputLabel: 'Støttenivå', displayLabel: 'Støtte' } },
      options: { bronze: 'Bronse (kontortid)', silver: 'Sølv (utvidet tid)', gold: 'Gull (døgnet rundt)' },
    },
    se: {
      name: 'Webbpanel',
      description: 'Anläggningens webbsidor för en panel',
      fields: { macAddress: { inputLabel: 'MAC-adress (hex)', displayLabel: 'MAC-adress' }, supportLevel: { inputLabel: 'Supportnivå', displayLabel: 'Support' } },
      options: { bronze: 'Brons (kontorstid)', silver: 'Silver (utökad tid)', gold: 'Guld (dygnet runt)' },
    },
  },
};
const TRIAL: LicenseType = {
  id: 'trial',
  name: 'Trial',
  description: 'Thirty days to try everything',
  expirationType: 'singleDuration',
  expiration: 'P30D',
  requiredFields: [{ inputLabel: 'Contact person', displayLabel: 'Contact', tempInputKey: 'contactPerson', tempInputType: 'string' }],
  translations: {
    no: { name: 'Prøvelisens', description: 'Tretti dager til å prøve alt', fields: { contactPerson: { inputLabel: 'Kontaktperson', displayLabel: 'Kontakt' } } },
    se: { name: 'Provlicens', description: 'Trettio dagar att prova allt', fields: { contactPerson: { inputLabel: 'Kontaktperson', displayLabel: 'Kontakt' } } },
  },
};

const PARTNERS: Record<string, { description: string; types: LicenseType[] }> = {
  fjordvarme: { description: 'District heating, western Norway', types: [CONTROLLER, WEB_PANEL, TRIAL] },
  nordbygg: { description: 'Building operations, northern Norway', types: [CONTROLLER, TRIAL] },
  varde: { description: 'Varde’s own licences', types: [CONTROLLER] },
};

interface DemoLicense {
  partner: string;
  type: LicenseType;
  name: string;
  issuedTo: string;
  hardwareId: string;
  fields: Record<string, string | number>;
  /** Renewed this many times (a chain of archived predecessors). */
  renewals?: number;
  archived?: boolean;
}

const LICENSES: DemoLicense[] = [
  { partner: 'fjordvarme', type: CONTROLLER, name: 'Bergen Skole', issuedTo: 'Bergen kommune', hardwareId: 'PC-1001', fields: { siteCount: 12, edition: 'Pro' }, renewals: 2 },
  { partner: 'fjordvarme', type: CONTROLLER, name: 'Voss Idrettshall', issuedTo: 'Voss herad', hardwareId: 'PC-1002', fields: { siteCount: 3, edition: 'Basic' } },
  { partner: 'fjordvarme', type: WEB_PANEL, name: 'Førde Sjukehus panel', issuedTo: 'Helse Førde', hardwareId: 'WP-2001', fields: { macAddress: '00a0c914c829', supportLevel: 'gold' } },
  { partner: 'fjordvarme', type: TRIAL, name: 'Stord Kulturhus', issuedTo: 'Stord kommune', hardwareId: 'PC-1003', fields: { contactPerson: 'Kari Nordmann' } },
  { partner: 'fjordvarme', type: CONTROLLER, name: 'Odda Bad', issuedTo: 'Ullensvang kommune', hardwareId: 'PC-1004', fields: { siteCount: 1, edition: 'Standard' }, archived: true },
  { partner: 'nordbygg', type: CONTROLLER, name: 'Tromsø Rådhus', issuedTo: 'Tromsø kommune', hardwareId: 'NB-3001', fields: { siteCount: 8, edition: 'Standard' }, renewals: 1 },
  { partner: 'nordbygg', type: TRIAL, name: 'Alta Kirke', issuedTo: 'Alta menighet', hardwareId: 'NB-3002', fields: { contactPerson: 'Ola Nordmann' } },
  { partner: 'varde', type: CONTROLLER, name: 'Varde Demo', issuedTo: 'Varde', hardwareId: 'VD-0001', fields: { siteCount: 60, edition: 'Pro' } },
];

const DAY_MS = 86_400_000;

/**
 * Seeds licence types, partner descriptions and signed licences (some renewed, so their chains show;
 * one archived). Issued as the partner's admin, on dates in the past so renewals are plausible.
 */
export async function seedDemoLicensing(ctx: CloudContext): Promise<void> {
  const key = deriveLicenseSigningKey(ctx.keys);
  const issuer = licenseIssuer(ctx);
  const now = ctx.clock.now();
  for (const [partner, { description, types }] of Object.entries(PARTNERS)) {
    await ctx.realtime.update(`/partners/${partner}`, { description });
    await ctx.realtime.set(
      licensingPaths.types(partner),
      Object.fromEntries(types.map(({ id, ...definition }) => [id, definition])),
    );
  }
  const issuedBy = (partner: string) => (partner === 'nordbygg' ? demoUsers.partnerAdmin.email : demoUsers.admin.email);
  for (const [index, demo] of LICENSES.entries()) {
    const steps = (demo.renewals ?? 0) + 1;
    let previous: StoredLicense | undefined;
    for (let step = 0; step < steps; step += 1) {
      const at = now - ((steps - step) * 300 + index * 7) * DAY_MS;
      const request: GenerateLicenseRequest = {
        licenseInfo: {
          name: demo.name,
          issuedTo: demo.issuedTo,
          administrator: `drift@${demo.partner}.test`,
          partner: demo.partner,
          type: demo.type.id,
          hardwareId: demo.hardwareId,
          ...demo.fields,
          ...(previous ? { previousLicenseID: previous.licenseInfo.id } : {}),
        },
        metadata: { timeZone: 'Europe/Oslo' },
        expiration: demo.type.expirationType === 'options' ? 'P1Y' : demo.type.expiration!,
      };
      // Seeded licences run from their (past) issue date; the last one of a chain is still valid.
      const license = issueLicense({
        request, mode: 'generate', type: demo.type, ...(previous ? { replaces: previous } : {}), issuedBy: issuedBy(demo.partner),
        now: step === steps - 1 ? now - index * DAY_MS : at,
      });
      await storeIssuedLicense(ctx.realtime, { license, file: signLicenseFile(key, license, issuer) }, {
        ...(previous ? { replaces: previous } : {}), archivedBy: issuedBy(demo.partner), at,
      });
      previous = license;
    }
    if (demo.archived && previous) {
      const id = previous.licenseInfo.id;
      await ctx.realtime.update(`/${demo.partner}/licensing`, {
        [`licenses/active/${id}`]: null,
        [`licenses/archive/${id}`]: { ...previous, archived: { at: now - DAY_MS, by: issuedBy(demo.partner) } },
      });
    }
  }
}
