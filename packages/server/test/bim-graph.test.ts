import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serviceHostName, type GraphEdge } from '@varde/core/contract';
import { DEMO_BUILDING_NAME, demoBuilding } from '../src/bim/ifc/demoBuilding.js';
import { demoBimSite } from '../src/seed/demoBim.js';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** csv2edges and the junction-box graph over real HTTP, with the demo users' site access. */
let cloud: Cloud;
type Tokens = { graph: Record<string, string>; csv: Record<string, string> };
let power: Tokens;
let sysadmin: Tokens;
let plainUser: Tokens;
const site = demoBimSite().uuid;
const foreignSite = demoSites()[40]!.uuid; // not among the power user's sites (0-15)
const [first, second] = demoBuilding().storeys[1]!.equipment;

async function tokensOf(email: string): Promise<Tokens> {
  const { accessTokens } = await signIn(cloud, email, 'demo1234');
  return { graph: bearer(accessTokens[serviceHostName('graph', 'localhost')]!), csv: bearer(accessTokens[serviceHostName('csv2edges', 'localhost')]!) };
}

function csv(rows: string[][]): string {
  return ['bim_guid,bim_name,bim_description,controller_id,building,tag,description,substation', ...rows.map((row) => row.join(','))].join('\n');
}

async function convert(who: Tokens, text: string) {
  return call(cloud, '/cloud/csv2edges/csv2edges', { method: 'POST', body: text, headers: { ...who.csv, 'content-type': 'text/plain' } });
}

async function save(who: Tokens, edges: GraphEdge[], overwrite = false) {
  const nodes = await call(cloud, '/cloud/graph/nodes', { json: edges.flatMap((edge) => [edge.from_node, edge.to_node]), headers: who.graph });
  if (nodes.status !== 200) return nodes;
  const refs = edges.map((edge) => ({ uuid: edge.uuid, from_node: edge.from_node.uuid, to_node: edge.to_node.uuid }));
  return call(cloud, `/cloud/graph/edges${overwrite ? '?overwrite=true' : ''}`, { json: refs, headers: who.graph });
}

beforeAll(async () => {
  cloud = await startCloud({ simulation: 'paused' });
  power = await tokensOf('power@varde.test');
  sysadmin = await tokensOf('sysadmin@varde.test');
  plainUser = await tokensOf('user@varde.test');
});
afterAll(() => cloud.close());

describe('csv2edges', () => {
  test('converts rows to edges with trimmed controller-id and tag and ids derived from content', async () => {
    const text = csv([[first!.globalId, 'A', 'Aggregat', `  ${site} `, 'Hus A', ' 360.1-RT01 ', '"Rom, 101"', '360']]);
    const answer = await convert(power, text);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    const [edge] = answer.body as GraphEdge[];
    expect(edge!.from_node.obj).toEqual({ type: 'bim', 'BIM GUID': first!.globalId, 'BIM Navn': 'A', 'BIM beskrivelse': 'Aggregat' });
    expect(edge!.to_node.obj).toEqual({ type: 'tag', controllerId: site, building: 'Hus A', tag: '360.1-RT01', description: 'Rom, 101', substation: '360' });
    expect((await convert(power, text)).body[0].uuid).toBe(edge!.uuid);
  });

  test('accepts semicolons, any column order and CRLF', async () => {
    const text = `tag;building;controller_id;bim_guid;bim_name;bim_description;description;substation\r\nRT01;Hus B;${site};${first!.globalId};;;;\r\n`;
    const answer = await convert(power, text);
    expect(answer.status).toBe(200);
    expect(answer.body[0].to_node.obj.building).toBe('Hus B');
  });

  test('reports every bad line with its number and converts nothing', async () => {
    const text = csv([
      [first!.globalId, 'A', '', site, 'Hus A', 'RT01', '', ''],
      ['not-a-guid', 'B', '', site, 'Hus A', 'RT02', '', ''],
      [second!.globalId, 'C', '', '', 'Hus A', '', '', ''],
      [first!.globalId, 'A', '', site, 'Hus A', 'RT01', '', ''],
      [second!.globalId, 'too', 'few'],
    ]);
    const answer = await convert(power, text);
    expect(answer.status).toBe(400);
    expect(answer.body.errors.map((error: { line: number }) => error.line)).toEqual([3, 4, 5, 6]);
    expect(answer.body.detail).toMatch(/^4 bad lines: line 3: bim_guid/);
    expect(answer.body.detail).toContain('line 4: controller_id is required; tag is required');
    expect(answer.body.detail).toContain('line 5: the same connection as line 2');
    expect(answer.body.detail).toContain('line 6: expected 8 fields, found 3');
  });

  test('refuses an empty body, a wrong header, an open quote, and users without the BIM module', async () => {
    expect((await convert(power, '')).status).toBe(400);
    const header = await convert(power, 'a,b\n1,2');
    expect(header.status).toBe(400);
    expect(header.body.detail).toContain('line 1: the header misses column(s) bim_guid');
    const quote = await convert(power, csv([[first!.globalId, '"open', '', site, 'H', 'T', '', '']]));
    expect(quote.status).toBe(400);
    expect(quote.body.errors[0].line).toBe(2);
    expect((await convert(plainUser, csv([]))).status).toBe(403);
    const json = await call(cloud, '/cloud/csv2edges/csv2edges', { json: { a: 1 }, headers: power.csv });
    expect(json.status).toBe(415);
  });
});

describe('graph', () => {
  test('the demo building has seeded connections to the demo site', async () => {
    const answer = await call(cloud, `/cloud/graph/edges?building=${encodeURIComponent(DEMO_BUILDING_NAME)}`, { headers: power.graph });
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(5);
    expect(answer.body.every((edge: GraphEdge) => edge.to_node.obj.type === 'tag' && edge.to_node.obj.controllerId === site)).toBe(true);
    const byGuid = await call(cloud, `/cloud/graph/edges?guid=${demoBuilding().storeys[0]!.equipment[0]!.globalId}`, { headers: power.graph });
    expect(byGuid.body).toHaveLength(1);
    const nodes = await call(cloud, `/cloud/graph/nodes?type=tag&controllerId=${site}`, { headers: power.graph });
    expect(nodes.body).toHaveLength(5);
  });

  test('overwrite replaces one building atomically; the same data again changes nothing', async () => {
    const two = (await convert(power, csv([
      [first!.globalId, 'A', '', site, 'Hus C', 'T1', '', ''],
      [second!.globalId, 'B', '', site, 'Hus C', 'T2', '', ''],
    ]))).body as GraphEdge[];
    expect((await save(power, two)).body).toEqual({ saved: 2, removed: 0 });
    expect((await save(power, two.slice(0, 1), true)).body).toEqual({ saved: 1, removed: 1 });
    expect((await save(power, two.slice(0, 1), true)).body).toEqual({ saved: 1, removed: 0 });
    const left = await call(cloud, '/cloud/graph/edges?building=Hus%20C', { headers: power.graph });
    expect(left.body.map((edge: GraphEdge) => edge.uuid)).toEqual([two[0]!.uuid]);
  });

  test('overwrite refuses no edges and edges of two buildings, writing nothing', async () => {
    const empty = await call(cloud, '/cloud/graph/edges?overwrite=true', { json: [], headers: power.graph });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toMatch(/no edges/);
    const mixed = (await convert(power, csv([
      [first!.globalId, 'A', '', site, 'Hus D', 'T1', '', ''],
      [second!.globalId, 'B', '', site, 'Hus E', 'T2', '', ''],
    ]))).body as GraphEdge[];
    const answer = await save(power, mixed, true);
    expect(answer.status).toBe(400);
    expect(answer.body.detail).toContain('Hus D, Hus E');
    const written = await call(cloud, '/cloud/graph/edges?building=Hus%20D', { headers: power.graph });
    expect(written.body).toEqual([]);
  });

  test('tag nodes of sites the caller does not have are neither writable nor visible', async () => {
    const foreign = (await convert(sysadmin, csv([[second!.globalId, 'B', '', foreignSite, 'Hus F', 'T9', '', '']]))).body as GraphEdge[];
    const refused = await save(power, foreign);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toContain(foreignSite);
    expect((await save(sysadmin, foreign)).status).toBe(200);
    expect((await call(cloud, '/cloud/graph/edges?building=Hus%20F', { headers: power.graph })).body).toEqual([]);
    expect((await call(cloud, '/cloud/graph/edges?building=Hus%20F', { headers: sysadmin.graph })).body).toHaveLength(1);
    expect((await call(cloud, `/cloud/graph/edges/${foreign[0]!.uuid}`, { method: 'DELETE', headers: power.graph })).status).toBe(404);
    expect((await call(cloud, '/cloud/graph/edges', { headers: plainUser.graph })).status).toBe(403);
  });

  test('edges need known nodes the right way round', async () => {
    const [edge] = (await convert(power, csv([[first!.globalId, 'A', '', site, 'Hus G', 'T1', '', '']]))).body as GraphEdge[];
    await call(cloud, '/cloud/graph/nodes', { json: [edge!.from_node, edge!.to_node], headers: power.graph });
    const unknown = await call(cloud, '/cloud/graph/edges', { json: [{ uuid: 'e1', from_node: 'nope', to_node: edge!.to_node.uuid }], headers: power.graph });
    expect(unknown.status).toBe(404); // as for another partner's node: nothing is revealed
    expect(unknown.body.detail).toContain('[0].from_node');
    const reversed = await call(cloud, '/cloud/graph/edges', { json: [{ uuid: 'e1', from_node: edge!.to_node.uuid, to_node: edge!.from_node.uuid }], headers: power.graph });
    expect(reversed.status).toBe(400);
    const badNode = await call(cloud, '/cloud/graph/nodes', { json: [{ uuid: 'x', obj: { type: 'tag', controllerId: site, building: '', tag: 'T' } }], headers: power.graph });
    expect(badNode.status).toBe(400);
    expect(badNode.body.detail).toMatch(/building/);
  });

  test('delete: an edge, then its nodes; a node in use is refused', async () => {
    const [edge] = (await convert(power, csv([[second!.globalId, 'B', '', site, 'Hus H', 'T-delete', '', '']]))).body as GraphEdge[];
    await save(power, [edge!]);
    const inUse = await call(cloud, `/cloud/graph/nodes/${edge!.to_node.uuid}`, { method: 'DELETE', headers: power.graph });
    expect(inUse.status).toBe(409);
    expect((await call(cloud, `/cloud/graph/edges/${edge!.uuid}`, { method: 'DELETE', headers: power.graph })).status).toBe(204);
    expect((await call(cloud, `/cloud/graph/edges/${edge!.uuid}`, { method: 'DELETE', headers: power.graph })).status).toBe(404);
    expect((await call(cloud, `/cloud/graph/nodes/${edge!.to_node.uuid}`, { method: 'DELETE', headers: power.graph })).status).toBe(204);
    expect((await call(cloud, `/cloud/graph/nodes?uuid=${edge!.to_node.uuid}`, { headers: power.graph })).body).toEqual([]);
  });
});

describe('graph invariants', () => {
  test('moving a tag node to another building moves its edges; a used node cannot change type', async () => {
    const [edge] = (await convert(power, csv([[first!.globalId, 'A', '', site, 'Hus M', 'T-move', '', '']]))).body as GraphEdge[];
    await save(power, [edge!]);
    const moved = { ...edge!.to_node, obj: { ...edge!.to_node.obj, building: 'Hus N' } };
    expect((await call(cloud, '/cloud/graph/nodes', { json: [moved], headers: power.graph })).status).toBe(200);
    expect((await call(cloud, '/cloud/graph/edges?building=Hus%20M', { headers: power.graph })).body).toEqual([]);
    expect((await call(cloud, '/cloud/graph/edges?building=Hus%20N', { headers: power.graph })).body).toHaveLength(1);
    const retyped = { uuid: edge!.to_node.uuid, obj: { type: 'bim', 'BIM GUID': first!.globalId } };
    const answer = await call(cloud, '/cloud/graph/nodes', { json: [retyped], headers: power.graph });
    expect(answer.status).toBe(409);
  });
});
