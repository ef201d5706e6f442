import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BimImportRefused,
  createBimServiceClient,
  createHttpClient,
  csv2edges,
  diffEdges,
  HttpError,
  isViewerUrlFresh,
  listBuildings,
  loadEdges,
  loadNodes,
  login,
  overwriteBuildingEdges,
  removeEdge,
  saveEdges,
  singleBuildingOf,
  viewerUrl,
  viewerUrlCacheKey,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { DEMO_BIM_PROJECT_ID } from '../../server/src/bim/bimProject.js';
import { demoBuilding } from '../../server/src/bim/ifc/demoBuilding.js';
import { demoBimSite } from '../../server/src/seed/demoBim.js';

/** core's BIM clients (csv2edges, graph, BIM service) against the reference cloud over real HTTP. */
let cloud: Cloud;
let http: HttpClient;
let tokens: AccessTokens | null = null;
const site = demoBimSite().uuid;
const [ahu, terminal] = demoBuilding().storeys[0]!.equipment;
const HEADER = 'bim_guid,bim_name,bim_description,controller_id,building,tag,description,substation';

beforeAll(async () => {
  cloud = await startCloud({ simulation: 'paused' });
  http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: demoUsers.powerUser.email, password: demoUsers.powerUser.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
});
afterAll(() => cloud.close());

describe('import rules', () => {
  it('needs exactly one building, with the spec texts', async () => {
    expect(singleBuildingOf([])).toMatchObject({ ok: false, textKey: 'noDataSetToSave' });
    const two = await csv2edges(http, `${HEADER}\n${ahu!.globalId},,,${site},A,T1,,\n${terminal!.globalId},,,${site},B,T2,,`);
    expect(singleBuildingOf(two)).toEqual({ ok: false, textKey: 'spansMoreThanOneBuilding', buildings: ['A', 'B'] });
    const refused = await overwriteBuildingEdges(http, two).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BimImportRefused);
    expect((refused as Error).message).toBe('Data set spans more than one building - aborting.');
    await expect(overwriteBuildingEdges(http, [])).rejects.toThrow('No data set to save');
    expect(await loadEdges(http, { building: 'A' })).toEqual([]);
  });

  it('a bad CSV is an HttpError whose detail names the lines', async () => {
    const error = await csv2edges(http, `${HEADER}\n${ahu!.globalId},,,${site},A,T1,,\nbad,,,,,,,`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).detail).toContain('line 3: bim_guid');
  });
});

describe('graph helpers', () => {
  it('save, overwrite (a no-op the second time), load and remove', async () => {
    const edges = await csv2edges(http, `${HEADER}\n${ahu!.globalId},LA01,,${site},Hus K,T1,,\n${terminal!.globalId},TV,,${site},Hus K,T2,,`);
    expect(await saveEdges(http, edges)).toEqual({ saved: 2, removed: 0 });
    expect(await listBuildings(http)).toEqual(expect.arrayContaining(['Fjordheim kontorbygg', 'Hus K']));
    const stored = await loadEdges(http, { building: 'Hus K' });
    expect(diffEdges(stored, edges)).toMatchObject({ added: [], removed: [] });
    expect(await overwriteBuildingEdges(http, edges.slice(1))).toEqual({ saved: 1, removed: 1, building: 'Hus K' });
    const [left] = await loadEdges(http, { building: 'Hus K' });
    expect(left!.uuid).toBe(edges[1]!.uuid);
    await removeEdge(http, left!);
    expect(await loadEdges(http, { building: 'Hus K' })).toEqual([]);
    // Its tag node went with it (no other edge used it).
    expect(await loadNodes(http, { uuid: left!.to_node.uuid })).toEqual([]);
  });
});

describe('BIM service client', () => {
  it('gets a token once (from the session, no secret), lists models, reads a revision, finds a product and makes viewer tokens', async () => {
    const bim = createBimServiceClient({ http, credentials: 'session', projectId: DEMO_BIM_PROJECT_ID });
    const models = await bim.listModels();
    expect(models.map((model) => model.name)).toEqual(['ARK Fjordheim', 'VVS Fjordheim']);
    const token = await bim.viewerToken('viewer3d', [models[1]!.id]);
    expect(token.models).toEqual([models[1]!.id]);
    const [product] = await bim.productsByGlobalId(ahu!.globalId);
    expect(product!.attributes.Name.value).toBe('LA01');
    expect((await bim.getRevision(product!.revisionId)).model.id).toBe(models[1]!.id);
    expect(await bim.accessToken()).toBe(await bim.accessToken());
  });

  it('wrong client credentials are an HttpError 401', async () => {
    const bim = createBimServiceClient({ http, credentials: { clientId: 'varde-portal', clientSecret: 'wrong' }, projectId: DEMO_BIM_PROJECT_ID });
    await expect(bim.listModels()).rejects.toMatchObject({ status: 401 });
  });
});

describe('viewer url cache', () => {
  function memoryStorage() {
    const map = new Map<string, string>();
    return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
  }

  it('keeps a url for an hour and fetches again when less than 60 s remain', async () => {
    const storage = memoryStorage();
    const key = viewerUrlCacheKey('p', 'viewer3d', ['b', 'a']);
    expect(key).toBe(viewerUrlCacheKey('p', 'viewer3d', ['a', 'b']));
    let fetched = 0;
    const fetchUrl = async () => ({ url: `u${(fetched += 1)}` });
    const t0 = 1_000_000;
    expect(await viewerUrl(storage, key, t0, fetchUrl)).toBe('u1');
    expect(await viewerUrl(storage, key, t0 + 3_540_000, fetchUrl)).toBe('u1'); // exactly 60 s left
    expect(await viewerUrl(storage, key, t0 + 3_540_001, fetchUrl)).toBe('u2');
    expect(fetched).toBe(2);
    expect(isViewerUrlFresh(null, t0)).toBe(false);
  });

  it('honours a shorter token life, survives a damaged entry and works without storage', async () => {
    const storage = memoryStorage();
    storage.setItem('k', '{not json');
    expect(await viewerUrl(storage, 'k', 0, async () => ({ url: 'x', expiresInSeconds: 120 }))).toBe('x');
    expect(await viewerUrl(storage, 'k', 59_000, async () => ({ url: 'y' }))).toBe('x');
    expect(await viewerUrl(storage, 'k', 60_001, async () => ({ url: 'z' }))).toBe('z');
    expect(await viewerUrl(null, 'k', 0, async () => ({ url: 'n' }))).toBe('n');
  });
});
