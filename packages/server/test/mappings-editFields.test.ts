import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// PUT /v0/mappings/{uuid}: the cloud apps UI and `varde mappings update` edit a mapping's fields.
let cloud: Cloud;
let headers: Record<string, string>;
const BASE = '/cloud/mappings-manager/v0';

async function mappingsToken(email: string): Promise<Record<string, string>> {
  const tokens = (await call(cloud, '/cloud/auth/login', { json: { piscadaId: email, password: 'demo1234' } })).body.accessTokens;
  return bearer(tokens[Object.keys(tokens).find((key) => key.startsWith('mappings-manager'))!]);
}

beforeAll(async () => {
  cloud = await startCloud();
  headers = await mappingsToken('admin@varde.test');
});
afterAll(() => cloud.close());

const edited = {
  title: 'Ventilation optimiser v2',
  description: 'Now with humidity.',
  cause: { no: 'Høy CO2', en: 'High CO2', sv: 'Hög CO2' },
  consequence: { en: 'Tired people' },
  level: 'A',
  ratings: { comfort: 5, energy: 1, operation: 0 },
  cypher_query: 'MATCH (n:Fan) RETURN n',
};

describe('editing a mapping', () => {
  it('replaces its fields, keeps its meanings and tables, and reads back in the vendor shape', async () => {
    const before = (await call(cloud, `${BASE}/mappings`, { headers })).body[0];
    const tablesBefore = (await call(cloud, `${BASE}/mapping-tables/${before.uuid}`, { headers })).body;
    const put = await call(cloud, `${BASE}/mappings/${before.uuid}`, { method: 'PUT', headers, json: edited });
    expect(put.status).toBe(200);
    expect(put.body).toBe('updated');
    const after = (await call(cloud, `${BASE}/mappings/${before.uuid}`, { headers })).body;
    expect(after).toEqual({ uuid: before.uuid, meanings: before.meanings, ...edited });
    expect((await call(cloud, `${BASE}/mapping-tables/${before.uuid}`, { headers })).body).toEqual(tablesBefore);

    const cleared = await call(cloud, `${BASE}/mappings/${before.uuid}`, { method: 'PUT', headers, json: { ...edited, cypher_query: '  ' } });
    expect(cleared.status).toBe(200);
    expect((await call(cloud, `${BASE}/mappings/${before.uuid}`, { headers })).body.cypher_query).toBeNull();
  });

  it('refuses bad fields with 400 and a detail, and changes nothing', async () => {
    const mapping = (await call(cloud, `${BASE}/mappings`, { headers })).body[1];
    const bad: Record<string, unknown>[] = [
      { ...edited, title: '  ' },
      { ...edited, ratings: { comfort: 6, energy: 1, operation: 1 } },
      { ...edited, ratings: { comfort: 1.5, energy: 1, operation: 1 } },
      { ...edited, cause: { 'not a language': 'x' } },
      { ...edited, cause: 'High CO2' },
      { title: 'only a title' },
      { ...edited, cypher_query: 'x'.repeat(10_001) },
    ];
    for (const body of bad) {
      const answer = await call(cloud, `${BASE}/mappings/${mapping.uuid}`, { method: 'PUT', headers, json: body });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.detail).toEqual(expect.any(String));
    }
    expect((await call(cloud, `${BASE}/mappings/${mapping.uuid}`, { headers })).body).toEqual(mapping);
  });

  it('is refused for an unknown mapping and without a token', async () => {
    const mapping = (await call(cloud, `${BASE}/mappings`, { headers })).body[1];
    expect((await call(cloud, `${BASE}/mappings/no-such-mapping`, { method: 'PUT', headers, json: edited })).status).toBe(404);
    expect((await call(cloud, `${BASE}/mappings/${mapping.uuid}`, { method: 'PUT', json: edited })).status).toBe(401);
    // Another partner's admin (even with every module) is tried by crossPartner.test.ts, as for every declared route.
    expect((await call(cloud, `${BASE}/mappings/${mapping.uuid}`, { headers })).body).toEqual(mapping);
  });
});
