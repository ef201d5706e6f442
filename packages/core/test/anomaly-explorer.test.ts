import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  createMlExplorerStore,
  fetchViolinPlot,
  listModels,
  login,
  mapOf,
  modelDraftErrors,
  modelTree,
  parseValueText,
  selectedModel,
  setLanguage,
  selectedVersion,
  versionDraftErrors,
  type AccessTokens,
  type AnomalyModel,
  type HttpClient,
} from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { demoSites } from '../../server/src/seed/demoSites.js';

/** The ML explorer's client and store against the reference cloud over real HTTP. */
let cloud: Cloud;
let http: HttpClient;
const [oslo] = demoSites();

async function clientFor(user: { email: string; password: string }): Promise<HttpClient> {
  let tokens: AccessTokens | null = null;
  const client = createHttpClient({ baseUrlFor: (service) => `${cloud.url}/cloud/${service}`, accessTokens: () => tokens });
  const answer = await login(client, { piscadaId: user.email, password: user.password });
  if (answer.requireSmsValidation) throw new Error('unexpected SMS step');
  tokens = answer.accessTokens;
  return client;
}

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.anomaly.training.useManualSteps();
  http = await clientFor(demoUsers.admin);
});
afterAll(() => cloud.close());

describe('explorer rules', () => {
  it('builds the tree from names split on /, folders first, versions beneath models', () => {
    const model = (name: string, versions = 0) =>
      ({ model_id: name, name, versions: Array.from({ length: versions }, (_, i) => ({ version_id: `${name}-${i}` })) }) as unknown as AnomalyModel;
    const tree = modelTree([model('b/x', 2), model('a'), model('b/c/y'), model('b/a')]);
    expect(tree.map((node) => [node.kind, node.name])).toEqual([['folder', 'b'], ['model', 'a']]);
    const b = tree[0]!;
    if (b.kind !== 'folder') throw new Error('folder expected');
    expect(b.children.map((node) => [node.kind, node.name])).toEqual([['folder', 'c'], ['model', 'a'], ['model', 'x']]);
    const x = b.children[2]!;
    expect(x.kind === 'model' && x.versions.length).toBe(2);
  });

  it('parses typed values keeping booleans and numbers, trims, and validates rows with the spec texts', () => {
    expect([parseValueText(' false '), parseValueText('3000'), parseValueText('2024-01-01T00:00:00.000Z'), parseValueText('007'), parseValueText(' x ')])
      .toEqual([false, 3000, '2024-01-01T00:00:00.000Z', '007', 'x']);
    expect(mapOf([{ key: 'a ', value: '1.5' }])).toEqual({ a: 1.5 });
    const errors = modelDraftErrors({
      name: 'm',
      description: '',
      tags: [{ controller: 'nope', tag: 'RT401' }, { controller: oslo!.uuid, tag: 'RT401 ' }, { controller: oslo!.uuid, tag: 'A' }, { controller: oslo!.uuid.toUpperCase(), tag: 'A' }],
      labels: [{ key: 'k', value: '' }, { key: 'k', value: '' }],
      parameters: [{ key: ' p', value: '' }, { key: 'q', value: '' }, { key: 'q', value: '' }],
    });
    expect(errors.tags).toEqual([
      { controller: 'The controller has to be a valid UUID', tag: null },
      { controller: null, tag: 'No leading or trailing whitespaces' },
      { controller: null, tag: null },
      { controller: null, tag: 'The controller + tag name has to be unique' },
    ]);
    expect(errors.labels).toEqual([null, 'The label name has to be unique']);
    expect(errors.parameters).toEqual(['No leading or trailing whitespaces', null, 'The parameter name has to be unique']);
    expect(versionDraftErrors({ name: ' ', description: '', labels: [], parameters: [] }).name).toBe('A name is required');
  });
});

describe('explorer store against the cloud', () => {
  it('creates a model with tags, labels and parameters, adds a version, trains it to READY and loads the plot', async () => {
    const store = createMlExplorerStore({ http: () => http });
    await store.getState().load();
    expect(store.getState().models.length).toBeGreaterThanOrEqual(3);

    expect(store.getState().newModel()).toBe(true);
    store.getState().editModel({
      name: 'core-test/rooms',
      tags: [{ controller: oslo!.uuid, tag: 'RT401' }, { controller: oslo!.uuid, tag: 'RT402' }],
      labels: [{ key: 'owner', value: ' drift ' }],
      parameters: [{ key: 'sampling', value: '15min' }],
    });
    expect(store.getState().select(null)).toBe(false);
    expect(store.getState().navigationBlocked).toBe(true);
    await store.getState().save();
    expect(store.getState().error).toBeNull();
    const model = selectedModel(store.getState())!;
    expect(model).toMatchObject({ name: 'core-test/rooms', labels: { owner: 'drift' }, parameters: { sampling: '15min' } });
    expect(store.getState().changed).toBe(false);

    await store.getState().addVersion();
    const version = selectedVersion(store.getState())!;
    expect(version.name).toBe('new version');
    store.getState().editVersion({ parameters: store.getState().versionDraft!.parameters.map((row) => (row.key === 'subset_size' ? { ...row, value: '3000' } : row)) });
    await store.getState().save();
    expect(selectedVersion(store.getState())!.parameters.subset_size).toBe(3000);

    const training = store.getState().train();
    expect(selectedVersion(store.getState())!.status).toBe('VERSION_STATUS_STARTING_TRAINING');
    await training;
    await cloud.context.anomaly.training.runUntilIdle();
    await store.getState().refreshSelected();
    const ready = selectedVersion(store.getState())!;
    expect(ready.status).toBe('VERSION_STATUS_READY');
    expect(ready.performance.samples_used).toBe(3000);
    const png = await fetchViolinPlot(http, ready.model_id, ready.version_id);
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);

    await store.getState().copyVersion();
    const copy = selectedVersion(store.getState())!;
    expect(copy).toMatchObject({ name: 'new version (copy)', status: 'VERSION_STATUS_CREATED' });
    expect(copy.version_id).not.toBe(ready.version_id);
  });

  it('asks before overwriting a copy someone else saved, and skips the refresh while changes are pending', async () => {
    const models = await listModels(http);
    const target = models.find((m) => m.name.endsWith('district-heating'))!;
    const versionId = target.versions[0]!.version_id;
    const first = createMlExplorerStore({ http: () => http });
    const second = createMlExplorerStore({ http: () => http });
    for (const store of [first, second]) {
      await store.getState().load();
      store.getState().select({ kind: 'version', modelId: target.model_id, versionId });
    }
    first.getState().editVersion({ description: 'first' });
    second.getState().editVersion({ description: 'second' });
    await first.getState().save();
    expect(first.getState().changed).toBe(false);

    expect(await second.getState().refresh()).toBe(false);
    await second.getState().save();
    expect(second.getState().overwritePrompt).toBe(true);
    expect(second.getState().changed).toBe(true);
    await second.getState().resolveOverwrite(false);
    expect(second.getState().overwritePrompt).toBe(false);
    expect(selectedVersion(second.getState())!.description).not.toBe('second');
    await second.getState().save();
    await second.getState().resolveOverwrite(true);
    expect(selectedVersion(second.getState())!.description).toBe('second');
    expect(second.getState().changed).toBe(false);
  });

  it('says in the UI\'s language which site a refused save lacks, and deletes a model with its versions', async () => {
    const store = createMlExplorerStore({ http: () => http });
    await store.getState().load();
    store.getState().newModel();
    const foreign = demoSites()[50]!.uuid;
    store.getState().editModel({ name: 'core-test/foreign', tags: [{ controller: foreign, tag: 'RT401' }] });
    await setLanguage('en');
    try {
      await store.getState().save();
    } finally {
      await setLanguage('no');
    }
    // Not the service's sentence ("You do not have access to controller …"): the catalogue's, naming the site.
    expect(store.getState().error).toEqual({ detail: `No access to the site ${foreign}: ask your administrator for it.`, key: 'ml:genericError' });

    store.getState().discard();
    const victim = store.getState().models.find((m) => m.name === 'core-test/rooms')!;
    store.getState().select({ kind: 'model', modelId: victim.model_id });
    await store.getState().deleteSelected();
    expect(store.getState().models.some((m) => m.model_id === victim.model_id)).toBe(false);
    expect(store.getState().selection).toBeNull();
  });
});
