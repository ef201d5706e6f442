import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCloudAppsStore,
  createFunctionsEditorStore,
  createHttpClient,
  findAccessToken,
  functionServiceQuery,
  getFunction,
  listFunctions,
  listMappings,
  listMappingTables,
  login,
  putTagMapping,
  runFunction,
  saveFunction,
  tagMappingRows,
  type AccessTokens,
  type HttpClient,
} from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';

/** core's faas and mappings clients and stores against the reference cloud over real HTTP. */
let cloud: Cloud;
let http: HttpClient;
let tokens: AccessTokens | null = null;

beforeAll(async () => {
  cloud = await startCloud();
  http = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(http, { piscadaId: demoUsers.admin.email, password: demoUsers.admin.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
});
afterAll(() => cloud.close());

describe('faas client', () => {
  it('saves with the service hosts and tokens as query, and the version counts up', async () => {
    const query = functionServiceQuery(http, (service) => findAccessToken(tokens, service));
    expect(query.historianHost).toBe(`${cloud.url}/cloud/historian`);
    expect(query.writeApiHost).toBe(`${cloud.url}/cloud/api`);
    expect(query.mappingsManagerToken).toBe(findAccessToken(tokens, 'mappings-manager'));
    const body = { description: 'd', requirements: '', source: 'def main(request):\n    return request\n' };
    expect((await saveFunction(http, 'core-fn', body, query)).version).toBe(1);
    expect((await saveFunction(http, 'core-fn', body, query)).version).toBe(2);
    expect((await listFunctions(http)).find((fn) => fn.name === 'core-fn')?.version).toBe(2);
    const run = await runFunction(http, 'core-fn', { request: { a: 1 } });
    expect(run).toMatchObject({ status: 'ok', result: { a: 1 }, version: 2, writes: [] });
  });
});

describe('functions editor store', () => {
  it('blocks selection while unsaved, saves only with a name and changes, and returns to none selected', async () => {
    const store = createFunctionsEditorStore({ http: () => http });
    const state = () => store.getState();
    await state().loadList();
    expect(state().functions.map((fn) => fn.name)).toContain('hello');

    await state().select('hello');
    expect(state()).toMatchObject({ mode: 'edit', selectedName: 'hello', unsaved: false });
    expect(state().draft?.source).toContain('def main');
    expect(state().canSave()).toBe(false);
    state().edit('name', 'renamed');
    expect(state().draft?.name).toBe('hello');
    state().edit('description', 'Says hello, louder.');
    expect(state().unsaved).toBe(true);
    expect(await state().select('room-average')).toBe(false);
    expect(state()).toMatchObject({ selectedName: 'hello', selectionBlocked: true });
    const version = state().draft!.version!;
    expect(await state().save()).toBe(true);
    expect(state()).toMatchObject({ mode: 'none', draft: null, unsaved: false });
    expect(state().functions.find((fn) => fn.name === 'hello')?.version).toBe(version + 1);

    expect(state().startNew()).toBe(true);
    expect(state().draft?.source).toContain('def main(request)');
    state().edit('source', 'def main(request):\n    return 1\n');
    expect(state().canSave()).toBe(false);
    state().edit('name', 'bad name!');
    expect(await state().save()).toBe(false);
    expect(state().error).toMatch(/function name starts with a letter/);
    state().dismissError();
    state().cancel();
    expect(state()).toMatchObject({ mode: 'none', unsaved: false, error: null });
  });

  it('keeps the server detail of a failed call', async () => {
    const store = createFunctionsEditorStore({ http: () => http });
    await store.getState().select('does-not-exist');
    expect(store.getState()).toMatchObject({ mode: 'none', error: 'No function named does-not-exist' });
  });
});

describe('mappings client and cloud apps store', () => {
  it('reads mappings and tables, and writes a trimmed tag mapping, reloading after the wait', async () => {
    const [heating] = await listMappings(http);
    expect(heating?.title).toBe('Heating curve');
    const sleeps: number[] = [];
    const store = createCloudAppsStore({ http: () => http, sleep: async (ms) => void sleeps.push(ms) });
    const state = () => store.getState();
    await state().loadMappings();
    await state().selectMapping(heating!.uuid);
    expect(state().tables.length).toBe(4);
    const table = state().tables[0]!;
    state().selectTable(table.uuid);

    const rows = tagMappingRows(heating!, table);
    expect(rows.map((row) => row.meaningTitle)).toEqual(['District heating pressure', 'Heating valve', 'Energy meter']);
    expect(await state().setTagMapping(rows[0]!.meaningUuid, 'tag', '  PT502  ')).toBe(true);
    expect(sleeps).toEqual([2000]);
    expect(tagMappingRows(heating!, state().tables[0]!)[0]?.tag).toBe('PT502');

    expect(await state().setTagMapping(rows[0]!.meaningUuid, 'controller-id', 'not-a-uuid')).toBe(false);
    expect(state().error).toBe('The controller has to be a valid UUID');

    expect(await state().copyTable(table.uuid)).toBe(true);
    expect(state().tables.at(-1)?.title).toBe(`${table.title} (copy)`);
    expect(state().selectedTableUuid).toBe(state().tables.at(-1)?.uuid);
    expect(await state().renameTable(state().selectedTableUuid!, 'Kopi')).toBe(true);
    expect(state().tables.at(-1)?.active).toBe(true);
    expect(await state().setActive(state().selectedTableUuid!, false)).toBe(true);
    expect(state().tables.at(-1)).toMatchObject({ title: 'Kopi', active: false });
    expect(await state().deleteTable(state().selectedTableUuid!)).toBe(true);
    expect(state().tables.length).toBe(4);
    expect(state().busy).toBe(false);
  });

  it('turns an unexpected answer into the spec message', async () => {
    const [heating] = await listMappings(http);
    const [table] = await listMappingTables(http, heating!.uuid);
    const odd = createHttpClient({
      baseUrlFor: (service) => `${cloud.url}/cloud/${service}`,
      accessTokens: () => tokens,
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        return new Response('ok', { status: response.status, headers: { 'content-type': 'text/plain' } });
      },
    });
    const entry = { 'meaning-uuid': heating!.meanings[2]!.uuid, 'controller-id': '', tag: '' };
    await expect(putTagMapping(odd, heating!.uuid, table!.uuid, entry)).rejects.toThrow(
      'Unexpected status returned from mappings-manager server: ok',
    );
    expect((await getFunction(http, 'room-average')).name).toBe('room-average');
  });
});
