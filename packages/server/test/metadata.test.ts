import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSites } from '../src/seed/demoSites.js';
import { tagUuid } from '../src/metadata/routes.js';
import { bearer, call } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// CLOUD_META_DATA_HOST as public clients call it: GET /v0/tags?controller-uuid=…&name=… or &uuid=….
let cloud: Cloud;
let tokens: Record<string, string>;
const site = demoSites()[0]!;
const tokenOf = (key: string) => bearer(tokens[Object.keys(tokens).find((name) => name.startsWith(key))!]!);

beforeAll(async () => {
  cloud = await startCloud();
  tokens = (await call(cloud, '/cloud/auth/login', { json: { piscadaId: 'admin@varde.test', password: 'demo1234' } })).body.accessTokens;
});
afterAll(() => cloud.close());

describe('the metadata service', () => {
  it('finds a tag by controller and name, and by its uuid', async () => {
    const byName = await call(cloud, `/cloud/metadata/v0/tags?controller-uuid=${site.uuid}&name=RT401`, { headers: tokenOf('metadata') });
    expect(byName.status).toBe(200);
    expect(byName.body).toEqual([{ name: 'RT401', uuid: tagUuid(site.uuid, 'RT401'), path: `${site.name}/RT401` }]);
    const byUuid = await call(cloud, `/cloud/metadata/v0/tags?controller-uuid=${site.uuid}&uuid=${byName.body[0].uuid}`, { headers: tokenOf('metadata') });
    expect(byUuid.body).toEqual(byName.body);
    const all = await call(cloud, `/cloud/metadata/v0/tags?controller-uuid=${site.uuid}`, { headers: tokenOf('metadata') });
    expect(all.body.length).toBe(12);
  });

  it('lists the caller\'s controllers', async () => {
    const listed = await call(cloud, '/cloud/metadata/controllers', { headers: tokenOf('metadata') });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((item: { uuid: string }) => item.uuid)).toContain(site.uuid);
    expect(listed.body.data.map((item: { uuid: string }) => item.uuid)).not.toContain(demoSites().at(-1)!.uuid);
  });

  it('answers [] when nothing matches', async () => {
    const none = await call(cloud, `/cloud/metadata/v0/tags?controller-uuid=${site.uuid}&name=NO_SUCH_TAG`, { headers: tokenOf('metadata') });
    expect(none).toMatchObject({ status: 200, body: [] });
  });

  it('is checked like every service: its own token, the caller’s sites, a clear 400', async () => {
    const path = `/cloud/metadata/v0/tags?controller-uuid=${site.uuid}&name=RT401`;
    expect((await call(cloud, path)).status).toBe(401);
    expect((await call(cloud, path, { headers: tokenOf('historian') })).status).toBe(401);
    const foreign = demoSites().at(-1)!; // a Nordbygg site
    expect((await call(cloud, `/cloud/metadata/v0/tags?controller-uuid=${foreign.uuid}`, { headers: tokenOf('metadata') })).status).toBe(403);
    const bad = await call(cloud, '/cloud/metadata/v0/tags?controller-uuid=nope', { headers: tokenOf('metadata') });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('controller-uuid');
  });

  it('answers on the host the function runner hands out', async () => {
    const { requestWithHost } = await import('./helpers/http.js');
    const answer = await requestWithHost(cloud.port, 'metadata.localhost', `/v0/tags?controller-uuid=${site.uuid}&name=RT401`, tokenOf('metadata'));
    expect(answer.status).toBe(200);
    expect(answer.body[0].name).toBe('RT401');
  });
});
