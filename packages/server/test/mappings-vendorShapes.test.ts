import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// mappings-manager as the vendor's library of version 7 reads it (raw HTTP, the shapes of the notes).
let cloud: Cloud;
let headers: Record<string, string>;
const BASE = '/cloud/mappings-manager/v0';

beforeAll(async () => {
  cloud = await startCloud();
  const tokens = (await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'admin@varde.test', password: 'demo1234' } })).body.accessTokens;
  headers = bearer(tokens[Object.keys(tokens).find((key) => key.startsWith('mappings-manager'))!]);
});
afterAll(() => cloud.close());

describe('mappings for the current vendor library', () => {
  it('carry cause, consequence, level, ratings and cypher_query beside the older fields', async () => {
    const mappings = (await call(cloud, `${BASE}/mappings`, { headers })).body as Record<string, unknown>[];
    expect(mappings.length).toBe(2);
    for (const mapping of mappings) {
      expect(Object.keys(mapping).sort()).toEqual(['cause', 'consequence', 'cypher_query', 'description', 'level', 'meanings', 'ratings', 'title', 'uuid']);
      expect(mapping.cause).toEqual({ no: expect.any(String), en: expect.any(String) });
      expect(mapping.ratings).toEqual({ comfort: expect.any(Number), energy: expect.any(Number), operation: expect.any(Number) });
      expect(typeof mapping.level).toBe('string');
      expect(mapping.cypher_query === null || typeof mapping.cypher_query === 'string').toBe(true);
      for (const meaning of mapping.meanings as { type: string }[]) expect(['input', 'output', 'input_list', 'output_list', 'parameter']).toContain(meaning.type);
    }
    const one = (await call(cloud, `${BASE}/mappings/${mappings[0]!.uuid}`, { headers })).body;
    expect(one).toEqual(mappings[0]);
  });

  it('give mapping-table parameters as {"meaning-uuid", value}, checked against the mapping', async () => {
    const mapping = (await call(cloud, `${BASE}/mappings`, { headers })).body[0];
    const parameter = mapping.meanings.find((meaning: { type: string }) => meaning.type === 'parameter');
    const tables = (await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}`, { headers })).body;
    expect(tables[0].parameters).toEqual([{ 'meaning-uuid': parameter.uuid, value: 15 }]);

    const table = tables[0].uuid;
    const set = await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}/${table}`, { method: 'PATCH', headers, json: { parameters: [{ 'meaning-uuid': parameter.uuid, value: 30 }] } });
    expect(set.status).toBe(200);
    expect((await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}`, { headers })).body[0].parameters).toEqual([{ 'meaning-uuid': parameter.uuid, value: 30 }]);

    const unknown = await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}/${table}`, { method: 'PATCH', headers, json: { parameters: [{ 'meaning-uuid': 'no-such-meaning', value: 1 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe(`Unknown parameter meaning no-such-meaning for mapping ${mapping.title}`);
    const tagMeaning = mapping.meanings.find((meaning: { type: string }) => meaning.type !== 'parameter');
    const notAParameter = await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}/${table}`, { method: 'PATCH', headers, json: { parameters: [{ 'meaning-uuid': tagMeaning.uuid, value: 1 }] } });
    expect(notAParameter.status).toBe(400);
    const oldShape = await call(cloud, `${BASE}/mapping-tables/${mapping.uuid}/${table}`, { method: 'PATCH', headers, json: { parameters: [{ name: 'interval_minutes', value: 15 }] } });
    expect(oldShape.status).toBe(400);
    expect(oldShape.body.detail).toContain('meaning-uuid');
  });
});
