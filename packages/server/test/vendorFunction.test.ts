import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_STYLE_FUNCTION_NAME } from '../src/seed/vendorStyleFunction.js';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The seeded function written in the vendor library's style, run for real in the sandbox: it reaches
// historian, metadata and the write API by bare host name over HTTPS, and what it wrote is then read back.
let cloud: Cloud;
let tokens: Record<string, string>;
const site = demoSites()[0]!.uuid;
const tokenOf = (key: string) => bearer(tokens[Object.keys(tokens).find((name) => name.startsWith(key))!]!);

beforeAll(async () => {
  cloud = await startCloud();
  tokens = (await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'admin@varde.test', password: 'demo1234' } })).body.accessTokens;
});
afterAll(() => cloud.close());

describe(`the seeded ${VENDOR_STYLE_FUNCTION_NAME} function`, () => {
  it('reads a series, looks its tag up and writes the mean, all through the service hosts', async () => {
    expect(cloud.functions.kind).toBe('sandbox');
    const run = await call(cloud, `/cloud/faas-manager/v0/functions/${VENDOR_STYLE_FUNCTION_NAME}/run`, { headers: tokenOf('faas-manager'), json: {} });
    expect(run.status).toBe(200);
    expect(run.body.stderr).toBe('');
    expect(run.body.status).toBe('ok');
    const { read, wrote } = run.body.result;
    expect(read).toMatchObject({ tag: 'RT401', path: expect.stringContaining('/RT401'), uuid: expect.any(String) });
    expect(read.points).toBeGreaterThan(20); // six hours of 15-minute values
    expect(run.body.stdout).toContain(`wrote RT401_mean6h = ${wrote.value}`);
    expect(run.body.writes).toEqual([expect.objectContaining({ controllerId: site, tag: 'RT401_mean6h', value: wrote.value })]);

    const readBack = await call(cloud, `/cloud/historian/${site}/value/RT401_mean6h?ts=${new Date(cloud.context.clock.now() + 3600_000).toISOString()}&time_format=epoch`, { headers: tokenOf('historian') });
    expect(readBack.status).toBe(200);
    expect(readBack.body.value).toBe(wrote.value);
  });
});
