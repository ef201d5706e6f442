import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveLicense,
  createHttpClient,
  fetchLicenseJwks,
  generateLicense,
  getLicense,
  listLicenses,
  login,
  renewLicense,
  verifyLicenseFile,
  type HttpClient,
} from '../src/index.js';
import {
  addIsoDuration,
  checkLicenseField,
  dateIn,
  licenseExpiryMs,
  licenseFileName,
  type AccessTokens,
} from '../src/contract/index.js';
import { startCloud, type Cloud } from '../../server/test/helpers/startCloud.js';
import { DEMO_PASSWORD } from '../../server/src/seed/demoUsers.js';

describe('licence rules', () => {
  it('adds ISO durations on the calendar, clamping to the end of the month', () => {
    expect(addIsoDuration('2024-01-31', 'P1M')).toBe('2024-02-29');
    expect(addIsoDuration('2024-02-29', 'P1Y')).toBe('2025-02-28');
    expect(addIsoDuration('2025-12-15', 'P30D')).toBe('2026-01-14');
    expect(addIsoDuration('2025-01-01', 'P1Y6M2W')).toBe('2026-07-15');
  });

  it('ends a licence at midnight after its expiry date in its time zone', () => {
    expect(new Date(licenseExpiryMs('2025-01-15', 'Europe/Oslo')).toISOString()).toBe('2025-01-15T23:00:00.000Z');
    expect(new Date(licenseExpiryMs('2025-07-15', 'Europe/Oslo')).toISOString()).toBe('2025-07-15T22:00:00.000Z');
    expect(new Date(licenseExpiryMs('2025-07-15', 'UTC')).toISOString()).toBe('2025-07-16T00:00:00.000Z');
    expect(dateIn('Europe/Oslo', Date.parse('2025-03-01T23:30:00Z'))).toBe('2025-03-02');
  });

  it('checks fields by type and names the download file from the licence name', () => {
    const field = (tempInputType: 'integer' | 'hexString' | 'select' | 'string') => ({
      inputLabel: 'x', displayLabel: 'x', tempInputKey: 'x', tempInputType, htmlOptions: ['A', { value: 'b', label: 'Bee' }],
    });
    expect(checkLicenseField(field('string'), '  ')).toEqual({ ok: false, error: 'Field is required' });
    expect(checkLicenseField(field('integer'), '12')).toEqual({ ok: true, value: 12 });
    expect(checkLicenseField(field('integer'), '1.5').ok).toBe(false);
    expect(checkLicenseField(field('hexString'), '0xAB12')).toEqual({ ok: true, value: 'ab12' });
    expect(checkLicenseField(field('hexString'), 'g1').ok).toBe(false);
    expect(checkLicenseField(field('select'), 'b')).toEqual({ ok: true, value: 'b' });
    expect(checkLicenseField(field('select'), 'Bee').ok).toBe(false);
    expect(licenseFileName('Bergen Skole – Bygg 2!')).toBe('bergenskolebygg2license.bin');
  });
});

describe('licensing client against the reference cloud', () => {
  let cloud: Cloud;
  let http: HttpClient;
  beforeAll(async () => {
    cloud = await startCloud();
    let tokens: AccessTokens | null = null;
    http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
    const signed = await login(http, { piscadaId: 'admin@varde.test', password: DEMO_PASSWORD });
    if (!('accessTokens' in signed)) throw new Error('sign-in needs SMS');
    tokens = signed.accessTokens;
  });
  afterAll(() => cloud?.close());

  it('generates, renews (chain), archives; files verify against the published keys', async () => {
    const issued = await generateLicense(http, {
      licenseInfo: {
        name: 'Core Test', issuedTo: 'Kunde', administrator: 'it@kunde.test', partner: 'fjordvarme', type: 'trial',
        hardwareId: 'HW-1', contactPerson: 'Kari',
      },
      metadata: { timeZone: 'Europe/Oslo' },
    });
    const jwks = await fetchLicenseJwks(http);
    expect((await verifyLicenseFile(issued.file, jwks)).valid).toBe(true);
    const renewed = await renewLicense(http, issued.license, 'P30D');
    expect(renewed.license.licenseInfo.chain).toEqual([issued.license.licenseInfo.id]);
    expect((await getLicense(http, 'fjordvarme', issued.license.licenseInfo.id)).state).toBe('archived');
    await archiveLicense(http, 'fjordvarme', renewed.license.licenseInfo.id);
    const archive = await listLicenses(http, 'fjordvarme', { archived: true });
    expect(archive.map((item) => item.licenseInfo.id)).toContain(renewed.license.licenseInfo.id);
    await expect(listLicenses(http, 'nordbygg')).rejects.toMatchObject({ status: 403 });
  });
});
