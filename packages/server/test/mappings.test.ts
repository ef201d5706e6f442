import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceHostName, type Mapping, type MappingTable } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let admin: Record<string, string>;
let user: Record<string, string>;
let mapping: Mapping;
const M = '/cloud/mappings-manager/v0';

beforeAll(async () => {
  cloud = await startCloud();
  const token = async (email: string) =>
    bearer((await signIn(cloud, email, 'demo1234')).accessTokens[serviceHostName('mappings-manager', 'localhost')]!);
  admin = await token('admin@varde.test');
  user = await token('user@varde.test');
  mapping = (await call(cloud, `${M}/mappings`, { headers: admin })).body.find((m: Mapping) => m.title === 'Ventilation optimiser');
});
afterAll(() => cloud.close());

const tables = async () => (await call(cloud, `${M}/mapping-tables/${mapping.uuid}`, { headers: admin })).body as MappingTable[];

describe('mappings-manager', () => {
  it('answers the shapes public clients read', async () => {
    const list = await call(cloud, `${M}/mappings`, { headers: admin });
    expect(list.status).toBe(200);
    expect(list.body.map((m: Mapping) => m.title)).toEqual(['Heating curve', 'Ventilation optimiser']);
    expect(mapping.meanings[0]).toEqual({ title: 'Room temperature', uuid: expect.any(String), type: 'input' });
    expect((await call(cloud, `${M}/mappings/${mapping.uuid}`, { headers: admin })).body).toEqual(mapping);
    const [first] = await tables();
    expect(Object.keys(first!).sort()).toEqual(['active', 'parameters', 'tag-mappings', 'title', 'uuid']);
    expect(first!['tag-mappings'][0]).toEqual({ 'meaning-uuid': mapping.meanings[0]!.uuid, 'controller-id': demoSites()[0]!.uuid, tag: 'RT401' });
  });

  it('creates, updates, patches and deletes a table, answering created/updated/deleted', async () => {
    const row = { title: 'New table', active: false, 'tag-mappings': [], parameters: [] };
    const created = await call(cloud, `${M}/mapping-tables/${mapping.uuid}/t-1`, { headers: admin, json: row });
    expect([created.status, created.body]).toEqual([201, 'created']);
    const updated = await call(cloud, `${M}/mapping-tables/${mapping.uuid}/t-1`, { headers: admin, json: { ...row, title: 'Renamed' } });
    expect([updated.status, updated.body]).toEqual([200, 'updated']);
    const patched = await call(cloud, `${M}/mapping-tables/${mapping.uuid}/t-1`, { method: 'PATCH', headers: admin, json: { active: true } });
    expect(patched.body).toBe('updated');
    expect((await tables()).at(-1)).toMatchObject({ uuid: 't-1', title: 'Renamed', active: true });
    const deleted = await call(cloud, `${M}/mapping-tables/${mapping.uuid}/t-1`, { method: 'DELETE', headers: admin });
    expect(deleted.body).toBe('deleted');
    expect((await tables()).some((table) => table.uuid === 't-1')).toBe(false);
  });

  it('upserts one tag mapping by meaning and keeps the meaning order', async () => {
    const [table] = await tables();
    const entry = { 'meaning-uuid': mapping.meanings[1]!.uuid, 'controller-id': demoSites()[1]!.uuid, tag: 'RT902' };
    const answer = await call(cloud, `${M}/tag-mappings/${mapping.uuid}/${table!.uuid}`, { headers: admin, json: entry });
    expect(answer.body).toBe('updated');
    const after = (await tables()).find((t) => t.uuid === table!.uuid)!;
    expect(after['tag-mappings'][1]).toEqual(entry);
    expect(after['tag-mappings'].map((item) => item['meaning-uuid'])).toEqual(table!['tag-mappings'].map((item) => item['meaning-uuid']));
  });

  it('refuses bad tag mappings with the spec texts', async () => {
    const [table] = await tables();
    const url = `${M}/tag-mappings/${mapping.uuid}/${table!.uuid}`;
    const meaningUuid = mapping.meanings[0]!.uuid;
    const notUuid = await call(cloud, url, { headers: admin, json: { 'meaning-uuid': meaningUuid, 'controller-id': 'abc', tag: 'RT401' } });
    expect([notUuid.status, notUuid.body.detail]).toEqual([400, 'controller-id: The controller has to be a valid UUID']);
    const spaced = await call(cloud, url, { headers: admin, json: { 'meaning-uuid': meaningUuid, 'controller-id': demoSites()[0]!.uuid, tag: ' RT401' } });
    expect([spaced.status, spaced.body.detail]).toEqual([400, 'tag: No leading or trailing whitespaces']);
    const unknown = await call(cloud, url, { headers: admin, json: { 'meaning-uuid': 'nope', 'controller-id': '', tag: '' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toMatch(/^Unknown meaning nope/);
    const foreign = await call(cloud, url, { headers: admin, json: { 'meaning-uuid': meaningUuid, 'controller-id': demoSites()[45]!.uuid, tag: 'RT401' } });
    expect(foreign.status).toBe(403);
  });

  it('is closed to users without the apps module, and 404 for unknown ids', async () => {
    expect((await call(cloud, `${M}/mappings`, { headers: user })).status).toBe(403);
    expect((await call(cloud, `${M}/mapping-tables/nope`, { headers: admin })).status).toBe(404);
    expect((await call(cloud, `${M}/mapping-tables/${mapping.uuid}/nope`, { method: 'DELETE', headers: admin })).status).toBe(404);
  });
});
