import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeLicenseFile, verifyLicenseFile } from '@varde/core';
import { licensingPaths, type LicenseJwks, type StoredLicense } from '@varde/core/contract';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { DEMO_PASSWORD } from '../src/seed/demoUsers.js';

/** The licensing service against a demo cloud: real HTTP, real signatures, the realtime tree behind it. */

let cloud: Cloud;
const tokens: Record<string, { licensing: string; users: string }> = {};

async function tokensOf(email: string) {
  const signed = await signIn(cloud, email, DEMO_PASSWORD);
  const pick = (service: string) => Object.entries(signed.accessTokens).find(([host]) => host.startsWith(`${service}.`))![1];
  return { licensing: pick('licensing'), users: pick('users') };
}

const L = (path: string) => `/cloud/licensing${path}`;
const as = (email: string) => bearer(tokens[email]!.licensing);

function controllerRequest(overrides: Record<string, unknown> = {}, expiration = 'P2Y') {
  return {
    licenseInfo: {
      name: 'Bryggen Test', issuedTo: 'Bergen kommune', administrator: 'drift@bergen.test', partner: 'fjordvarme',
      type: 'controller', hardwareId: 'PC-9001', siteCount: '4', edition: 'Standard', ...overrides,
    },
    metadata: { timeZone: 'Europe/Oslo' },
    expiration,
  };
}

async function jwks(): Promise<LicenseJwks> {
  return (await call(cloud, L('/.well-known/jwks.json'))).body as LicenseJwks;
}

beforeAll(async () => {
  cloud = await startCloud();
  for (const email of ['admin@varde.test', 'admin@nordbygg.test', 'user@varde.test', 'power@varde.test', 'sysadmin@varde.test']) {
    tokens[email] = await tokensOf(email);
  }
});
afterAll(() => cloud?.close());

describe('licensing service', () => {
  it('publishes its Ed25519 key without a token, separate from the token-signing key', async () => {
    const keys = await jwks();
    expect(keys.keys).toHaveLength(1);
    expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    expect(keys.keys[0]!.kid).not.toBe(cloud.context.keys.kid);
  });

  it('lists only the partners the user has, with seeded types and licences (chains shown)', async () => {
    const partners = await call(cloud, L('/partners'), { headers: as('admin@varde.test') });
    expect(partners.body.data.map((partner: { id: string }) => partner.id)).toEqual(['fjordvarme']);
    const types = await call(cloud, L('/partners/fjordvarme/licenseTypes'), { headers: as('admin@varde.test') });
    expect(types.body.data.map((type: { id: string }) => type.id).sort()).toEqual(['controller', 'trial', 'webpanel']);
    const active = await call(cloud, L('/partners/fjordvarme/licenses'), { headers: as('admin@varde.test') });
    const bergen = active.body.data.find((license: StoredLicense) => license.licenseInfo.name === 'Bergen Skole') as StoredLicense;
    expect(bergen.licenseInfo.chain).toHaveLength(2);
    expect(bergen.licenseInfo.previousLicenseID).toBe(bergen.licenseInfo.chain[0]);
    const none = await call(cloud, L('/partners'), { headers: as('user@varde.test') });
    expect(none.body.data).toEqual([]);
  });

  it('generates a signed licence file that verifies offline and is stored under active', async () => {
    const answer = await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: as('admin@varde.test') });
    expect(answer.status).toBe(200);
    const file = answer.body as string;
    const result = await verifyLicenseFile(file, await jwks());
    expect(result.valid).toBe(true);
    const { license } = decodeLicenseFile(file);
    expect(license.licenseInfo).toMatchObject({ name: 'Bryggen Test', siteCount: 4, edition: 'Standard', issuedBy: 'admin@varde.test', previousLicenseID: '' });
    const issue = license.licenseInfo.issueDate;
    expect(license.licenseInfo.expirationDate).toBe(`${Number(issue.slice(0, 4)) + 2}${issue.slice(4)}`);
    expect(await cloud.context.realtime.get(licensingPaths.storedJwt('fjordvarme', license.licenseInfo.id))).toBe(file);
    expect(await cloud.context.realtime.get(`${licensingPaths.active('fjordvarme')}/${license.licenseInfo.id}/licenseInfo/name`)).toBe('Bryggen Test');
  });

  it('a tampered licence file fails verification', async () => {
    const file = (await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: as('admin@varde.test') })).body as string;
    const [header, payload, signature] = file.split('.') as [string, string, string];
    const changed = JSON.parse(Buffer.from(payload, 'base64url').toString());
    changed.licenseInfo.siteCount = 400;
    const tampered = `${header}.${Buffer.from(JSON.stringify(changed)).toString('base64url')}.${signature}`;
    const result = await verifyLicenseFile(tampered, await jwks());
    expect(result).toMatchObject({ valid: false, reason: 'bad-signature' });
    // An expired licence is refused too, with its date.
    const later = await verifyLicenseFile(file, await jwks(), { now: Date.now() + 4 * 365 * 86_400_000 });
    expect(later).toMatchObject({ valid: false, reason: 'expired' });
  });

  it('checks every field by type and answers 400 with detail', async () => {
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ siteCount: '' }, 'P1Y', /licenseInfo\.siteCount: Field is required/],
      [{ siteCount: 'many' }, 'P1Y', /siteCount: Must be a whole number/],
      [{ edition: 'Gold' }, 'P1Y', /edition: Must be one of the choices/],
      [{ name: '  ' }, 'P1Y', /Field is required/],
      [{}, 'P5Y', /expiration: P5Y is not offered/],
      [{ type: 'nosuch' }, 'P1Y', /no licence type nosuch/],
    ];
    for (const [overrides, expiration, detail] of cases) {
      const answer = await call(cloud, L('/generateLicense'), { json: controllerRequest(overrides, expiration), headers: as('admin@varde.test') });
      expect(answer.status, JSON.stringify(overrides)).toBe(400);
      expect(answer.body.detail).toMatch(detail);
    }
    const zone = await call(cloud, L('/generateLicense'), {
      json: { ...controllerRequest(), metadata: { timeZone: 'Mars/Olympus' } },
      headers: as('admin@varde.test'),
    });
    expect(zone.status).toBe(400);
    const garbage = await call(cloud, L('/generateLicense'), { body: '{"licenseInfo":', headers: { ...as('admin@varde.test'), 'content-type': 'application/json' } });
    expect(garbage.status).toBe(400);
    const hex = await call(cloud, L('/generateLicense'), {
      json: { ...controllerRequest({ type: 'webpanel', macAddress: 'zz:11', supportLevel: 'gold' }), expiration: undefined },
      headers: as('admin@varde.test'),
    });
    expect(hex.body.detail).toMatch(/macAddress: Must be hexadecimal/);
  });

  it('renews (today, chosen expiry, previousLicenseID, chain) and archives the renewed one; twice is refused', async () => {
    const first = decodeLicenseFile((await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: as('admin@varde.test') })).body).license;
    const renewBody = controllerRequest({ previousLicenseID: first.licenseInfo.id }, 'P3Y');
    const renewed = await call(cloud, L('/generateLicense'), { json: renewBody, headers: as('admin@varde.test') });
    expect(renewed.status).toBe(200);
    const second = decodeLicenseFile(renewed.body).license;
    expect(second.licenseInfo.previousLicenseID).toBe(first.licenseInfo.id);
    expect(second.licenseInfo.chain).toEqual([first.licenseInfo.id]);
    const old = await call(cloud, L(`/partners/fjordvarme/licenses/${first.licenseInfo.id}`), { headers: as('admin@varde.test') });
    expect(old.body.state).toBe('archived');
    const again = await call(cloud, L('/generateLicense'), { json: renewBody, headers: as('admin@varde.test') });
    expect(again.status).toBe(409);
  });

  it('edit reissues with the previous id and keeps the dates', async () => {
    const first = decodeLicenseFile((await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: as('admin@varde.test') })).body).license;
    const edited = await call(cloud, L('/editLicense'), {
      json: controllerRequest({ id: first.licenseInfo.id, edition: 'Pro', siteCount: 9 }),
      headers: as('admin@varde.test'),
    });
    expect(edited.status).toBe(200);
    const info = decodeLicenseFile(edited.body).license.licenseInfo;
    expect(info).toMatchObject({ edition: 'Pro', siteCount: 9, previousLicenseID: first.licenseInfo.id, expirationDate: first.licenseInfo.expirationDate });
    expect(info.id).not.toBe(first.licenseInfo.id);
    const noId = await call(cloud, L('/editLicense'), { json: controllerRequest(), headers: as('admin@varde.test') });
    expect(noId.status).toBe(400);
  });

  it('archive moves a licence to the archive (repeatable); an unknown one is 404', async () => {
    const license = decodeLicenseFile((await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: as('admin@varde.test') })).body).license;
    for (let round = 0; round < 2; round += 1) {
      const answer = await call(cloud, L('/archiveLicense'), { json: { partner: 'fjordvarme', uid: license.licenseInfo.id }, headers: as('admin@varde.test') });
      expect(answer.status).toBe(200);
    }
    const archive = await call(cloud, L('/partners/fjordvarme/licenses?archived=true'), { headers: as('admin@varde.test') });
    const archived = archive.body.data.find((item: StoredLicense) => item.licenseInfo.id === license.licenseInfo.id);
    expect(archived.archived.by).toBe('admin@varde.test');
    const missing = await call(cloud, L('/archiveLicense'), { json: { partner: 'fjordvarme', uid: 'no-such-licence' }, headers: as('admin@varde.test') });
    expect(missing.status).toBe(404);
  });

  it('a repeated Idempotency-Key answers the first licence and stores one', async () => {
    const headers = { ...as('admin@varde.test'), 'idempotency-key': 'test-row-0001-abcdef' };
    const first = await call(cloud, L('/generateLicense'), { json: controllerRequest({ name: 'Idem' }), headers });
    const second = await call(cloud, L('/generateLicense'), { json: controllerRequest({ name: 'Idem' }), headers });
    expect(second.body).toBe(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    const active = await call(cloud, L('/partners/fjordvarme/licenses'), { headers: as('admin@varde.test') });
    expect(active.body.data.filter((item: StoredLicense) => item.licenseInfo.name === 'Idem')).toHaveLength(1);
    const bad = await call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: { ...as('admin@varde.test'), 'idempotency-key': 'x' } });
    expect(bad.status).toBe(400);
  });

  it('a user without the partner gets 403 everywhere; granting the partner opens it', async () => {
    const other = as('admin@nordbygg.test');
    const license = (await call(cloud, L('/partners/fjordvarme/licenses'), { headers: as('admin@varde.test') })).body.data[0] as StoredLicense;
    const attempts = [
      call(cloud, L('/partners/fjordvarme/licenses'), { headers: other }),
      call(cloud, L('/partners/fjordvarme/licenseTypes'), { headers: other }),
      call(cloud, L(`/partners/fjordvarme/licenses/${license.licenseInfo.id}`), { headers: other }),
      call(cloud, L('/generateLicense'), { json: controllerRequest(), headers: other }),
      call(cloud, L('/editLicense'), { json: controllerRequest({ id: license.licenseInfo.id }), headers: other }),
      call(cloud, L('/archiveLicense'), { json: { partner: 'fjordvarme', uid: license.licenseInfo.id }, headers: other }),
      call(cloud, L('/partners/nosuchpartner/licenses'), { headers: other }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.status).toBe(403);
      expect(answer.body.detail).toMatch(/not a licensing administrator/);
    }
    expect((await call(cloud, L('/partners/fjordvarme/licenses'))).status).toBe(401);

    // The users service toggles a user's partners; the licensing service follows at once.
    const power = demoUid('powerUser');
    const grant = await call(cloud, `/cloud/users/users/${power}/licensingPartners/fjordvarme`, { method: 'PUT', headers: bearer(tokens['admin@varde.test']!.users) });
    expect(grant.status).toBe(200);
    expect((await call(cloud, L('/partners/fjordvarme/licenses'), { headers: as('power@varde.test') })).status).toBe(200);
    await call(cloud, `/cloud/users/users/${power}/licensingPartners/fjordvarme`, { method: 'DELETE', headers: bearer(tokens['admin@varde.test']!.users) });
    expect((await call(cloud, L('/partners/fjordvarme/licenses'), { headers: as('power@varde.test') })).status).toBe(403);
  });

  it('a system admin acts on every partner', async () => {
    const partners = await call(cloud, L('/partners'), { headers: as('sysadmin@varde.test') });
    expect(partners.body.data.map((partner: { id: string }) => partner.id)).toEqual(['fjordvarme', 'nordbygg', 'varde']);
  });
});
