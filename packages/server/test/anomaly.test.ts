import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultNewVersion, TRAINING_STAGES, type AnomalyModel, type AnomalyVersion } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

/** The anomaly service over real HTTP: models, versions, the editor's rules, training stepped by hand. */
let cloud: Cloud;
const tokens: Record<string, string> = {};
const [oslo, bergen] = demoSites();
const foreignSite = demoSites()[45]!;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.anomaly.training.useManualSteps();
  for (const who of ['admin', 'user', 'power']) {
    tokens[who] = (await signIn(cloud, `${who}@varde.test`, 'demo1234')).accessTokens['anomaly.localhost']!;
  }
});
afterAll(() => cloud.close());

function api<T = any>(path: string, init: { method?: string; json?: unknown; body?: string; who?: string } = {}) {
  const { who = 'admin', ...rest } = init;
  const headers = { ...bearer(tokens[who]!), ...(rest.body !== undefined ? { 'content-type': 'application/json' } : {}) };
  return call<T>(cloud, `/cloud/anomaly${path}`, { ...rest, headers });
}

async function newModel(overrides: Record<string, unknown> = {}): Promise<AnomalyModel> {
  const answer = await api<AnomalyModel>('/v0/models', {
    json: { name: `test/model-${Math.random().toString(36).slice(2, 8)}`, tags: [{ controller: oslo!.uuid, tag: 'RT401' }, { controller: oslo!.uuid, tag: 'RT901' }], ...overrides },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

async function newVersion(modelId: string, parameters?: Record<string, unknown>): Promise<AnomalyVersion> {
  const body = defaultNewVersion(Date.now());
  const answer = await api<AnomalyVersion>(`/v0/models/${modelId}`, { json: { ...body, parameters: { ...body.parameters, ...parameters } } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body;
}

describe('models and versions', () => {
  it('creates, lists, reads, patches and deletes; the seed has a trained demo model', async () => {
    const list = await api<AnomalyModel[]>('/v0/models');
    expect(list.status).toBe(200);
    const demo = list.body.find((model) => model.name.endsWith('/room-temperatures'))!;
    expect(demo.versions.map((v) => v.status)).toEqual(['VERSION_STATUS_READY', 'VERSION_STATUS_CREATED']);

    const model = await newModel({ description: 'd', labels: { team: 'drift' }, parameters: { sampling: '15min' }, model_id: 'ignored', versions: [1] });
    expect(model.model_id).not.toBe('ignored');
    expect(model.versions).toEqual([]);
    expect((await api(`/v0/models/${model.model_id}`)).body).toEqual(model);

    const patched = await api<AnomalyModel>(`/v0/models/${model.model_id}`, { method: 'PATCH', json: { description: 'changed', parameters: { sampling: '5min' } } });
    expect(patched.body.description).toBe('changed');
    expect(patched.body.parameters).toEqual({ sampling: '5min' });
    expect(patched.body.modification_date > model.modification_date).toBe(true);

    const version = await newVersion(model.model_id);
    expect(version).toMatchObject({ name: 'new version', status: 'VERSION_STATUS_CREATED', performance: {}, model_id: model.model_id });
    expect(version.labels).toMatchObject({ active: false });
    expect(version.parameters).toMatchObject({ min_cluster_size: 3000, min_samples: 100, subset_size: 10000 });

    // With a version, a model patch drops tags and parameters.
    const locked = await api<AnomalyModel>(`/v0/models/${model.model_id}`, {
      method: 'PATCH', json: { name: 'test/renamed', tags: [{ controller: oslo!.uuid, tag: 'QT701' }], parameters: { x: 1 } },
    });
    expect(locked.body.name).toBe('test/renamed');
    expect(locked.body.tags).toEqual(model.tags);
    expect(locked.body.parameters).toEqual({ sampling: '5min' });

    expect((await api(`/v0/models/${model.model_id}/${version.version_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/v0/models/${model.model_id}/${version.version_id}`)).status).toBe(404);
    await newVersion(model.model_id);
    expect((await api(`/v0/models/${model.model_id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(`/v0/models/${model.model_id}`)).status).toBe(404);
  });

  it('a new version drops ids, status, performance and dates from its body', async () => {
    const model = await newModel();
    const answer = await api<AnomalyVersion>(`/v0/models/${model.model_id}`, {
      json: { name: 'v', version_id: 'x', model_id: 'y', status: 'VERSION_STATUS_READY', performance: { a: 1 }, modification_date: 'z' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ model_id: model.model_id, status: 'VERSION_STATUS_CREATED', performance: {} });
    expect(answer.body.version_id).not.toBe('x');
  });
});

describe('the editor\'s rules, refused by the server', () => {
  const good = () => ({ controller: oslo!.uuid, tag: 'RT401' });
  const cases: [string, string, unknown][] = [
    ['The controller has to be a valid UUID', 'POST', { name: 'a', tags: [{ controller: 'not-a-uuid', tag: 'RT401' }] }],
    ['The controller has to be a valid UUID', 'POST', { name: 'a', tags: [{ controller: '8f1c2d3e-4b5a-0c7d-8e9f-0a1b2c3d4e5f', tag: 'RT401' }] }],
    ['No leading or trailing whitespaces', 'POST', { name: 'a', tags: [{ controller: 'X', tag: ' RT401' }].map((t) => ({ ...t, controller: oslo!.uuid })) }],
    ['The controller + tag name has to be unique', 'POST', { name: 'a', tags: [good(), good()] }],
    ['No leading or trailing whitespaces', 'POST', { name: 'a', labels: { ' owner': 'x' } }],
    ['No leading or trailing whitespaces', 'POST', { name: 'a', parameters: { 'p ': 1 } }],
  ];
  for (const [message, , body] of cases) {
    it(`refuses: ${message} (${JSON.stringify(body).slice(0, 70)})`, async () => {
      const answer = await api('/v0/models', { json: body });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(message);
    });
  }

  it('refuses a label or parameter name sent twice in the raw JSON, on models and versions', async () => {
    const labels = await api('/v0/models', { body: '{"name": "a", "labels": {"owner": "x", "owner": "y"}}' });
    expect(labels.body).toEqual({ detail: 'The label name has to be unique' });
    const model = await newModel();
    const parameters = await api(`/v0/models/${model.model_id}`, { body: '{"name": "v", "parameters": {"min_samples": 1, "min_samples": 2}}' });
    expect(parameters.body).toEqual({ detail: 'The parameter name has to be unique' });
    expect(parameters.status).toBe(400);
    const version = await newVersion(model.model_id);
    const patch = await api(`/v0/models/${model.model_id}/${version.version_id}`, { method: 'PATCH', body: '{"labels": {"a": 1, "a": 2}}' });
    expect(patch.body).toEqual({ detail: 'The label name has to be unique' });
    const proto = await api('/v0/models', { body: '{"name": "a", "labels": {"__proto__": {"x": 1}}}' });
    expect(proto.status).toBe(400);
  });

  it('trims values, refuses blank names, other users\' controllers and users without the module', async () => {
    const model = await newModel({ labels: { owner: '  drift  ' } });
    expect(model.labels).toEqual({ owner: 'drift' });
    expect((await api('/v0/models', { json: { name: '  ' } })).body.detail).toBe('name: A name is required');
    expect((await api('/v0/models', { json: { name: 'a//b' } })).status).toBe(400);
    const foreign = await api('/v0/models', { json: { name: 'x', tags: [{ controller: foreignSite.uuid, tag: 'RT401' }] } });
    expect(foreign.status).toBe(403);
    expect((await api('/v0/models', { who: 'user' })).status).toBe(403);
    // power@ sees only sites 0-14: the models on them, not the ones on other sites.
    const seenByPower = (await api<AnomalyModel[]>('/v0/models', { who: 'power' })).body.map((m) => m.model_id);
    expect(seenByPower).toContain(model.model_id);
  });
});

describe('training', () => {
  async function statusOf(modelId: string, versionId: string) {
    return (await api<AnomalyVersion>(`/v0/models/${modelId}/${versionId}`)).body;
  }

  it('moves through every stage to READY, computes performance from the data and renders the violin plot', async () => {
    const model = await newModel({ tags: [{ controller: oslo!.uuid, tag: 'RT401' }, { controller: oslo!.uuid, tag: 'RT901' }, { controller: bergen!.uuid, tag: 'RT401' }] });
    const version = await newVersion(model.model_id, { subset_size: 4000, min_cluster_size: 500, min_samples: 20 });
    const started = await api<AnomalyVersion>(`/v0/train_model/${model.model_id}/${version.version_id}`, { method: 'POST' });
    expect(started.status).toBe(202);
    expect(started.body.status).toBe('VERSION_STATUS_STARTING_TRAINING');
    expect((await api(`/v0/image/${model.model_id}/${version.version_id}/violin_plot`)).status).toBe(404);

    const seen = [started.body.status];
    while ((await cloud.context.anomaly.training.step()) > 0) seen.push((await statusOf(model.model_id, version.version_id)).status);
    seen.push((await statusOf(model.model_id, version.version_id)).status);
    expect([...new Set(seen)]).toEqual(TRAINING_STAGES);

    const ready = await statusOf(model.model_id, version.version_id);
    expect(ready.performance.samples_used).toBe(4000);
    expect(ready.performance.tags).toBe(3);
    expect(Number(ready.performance.samples_total)).toBeGreaterThan(30_000);
    expect(Number(ready.performance.clusters)).toBeGreaterThanOrEqual(1);
    expect(Number(ready.performance.anomaly_rate)).toBeGreaterThan(0);
    expect(Number(ready.performance.anomaly_rate)).toBeLessThan(0.5);
    // Two tags named RT401 get their controller beside them.
    expect(Object.keys(ready.performance)).toContain(`RT401@${oslo!.uuid.slice(0, 8)} mean`);
    expect(Number(ready.performance['RT901 min'])).toBeLessThan(Number(ready.performance['RT901 max']));

    const image = await fetch(`${cloud.url}/cloud/anomaly/v0/image/${model.model_id}/${version.version_id}/violin_plot`, { headers: bearer(tokens.admin!) });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const { width, height, data: raw } = PNG.sync.read(png);
    // Drawn at twice its layout size (420 units -> 840 pixels), so it stays sharp on dense screens.
    expect(width).toBe(840);
    // Not a blank image: some pixels are coloured (violins) and some red (noise).
    let coloured = 0;
    let red = 0;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        const [r, g, b] = [raw[i]!, raw[i + 1]!, raw[i + 2]!];
        if (r !== 255 || g !== 255 || b !== 255) coloured += 1;
        if (r === 211 && g === 47 && b === 47) red += 1;
      }
    }
    expect(coloured).toBeGreaterThan(width * height * 0.05);
    expect(red).toBeGreaterThan(0);
    expect((await api(`/v0/image/${model.model_id}/${version.version_id}/other`)).status).toBe(404);

    // READY is not editable: a patch keeps the parameters and never sets status or performance.
    const patch = await api<AnomalyVersion>(`/v0/models/${model.model_id}/${version.version_id}`, {
      method: 'PATCH', json: { name: 'trained', parameters: { subset_size: 1 }, status: 'VERSION_STATUS_CREATED', performance: {} },
    });
    expect(patch.body).toMatchObject({ name: 'trained', status: 'VERSION_STATUS_READY', parameters: ready.parameters, performance: ready.performance });
    const again = await api(`/v0/train_model/${model.model_id}/${version.version_id}`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('ends in ERROR with a readable reason for a bad window, bad numbers or a tag without data; ERROR can train again', async () => {
    const model = await newModel({ tags: [{ controller: oslo!.uuid, tag: 'RT401' }, { controller: oslo!.uuid, tag: 'NO_SUCH_TAG' }] });
    const reasons: Record<string, string> = {};
    const runs: [string, Record<string, unknown>][] = [
      ['backwards window', { start: new Date(Date.now() - 86_400_000).toISOString(), end: new Date(Date.now() - 5 * 86_400_000).toISOString() }],
      ['not a time', { start: 'last year' }],
      ['bad number', { min_samples: -3 }],
      ['no data', {}],
    ];
    for (const [name, parameters] of runs) {
      const version = await newVersion(model.model_id, parameters);
      await api(`/v0/train_model/${model.model_id}/${version.version_id}`, { method: 'POST' });
      await cloud.context.anomaly.training.runUntilIdle();
      const done = await statusOf(model.model_id, version.version_id);
      expect(done.status, name).toBe('VERSION_STATUS_ERROR');
      reasons[name] = done.status_message!;
    }
    expect(reasons['backwards window']).toBe('The time window is empty: end must be after start');
    expect(reasons['not a time']).toBe('Parameter start must be an ISO 8601 time (got "last year")');
    expect(reasons['bad number']).toMatch(/^Parameter min_samples must be a whole number/);
    expect(reasons['no data']).toMatch(/^Tag NO_SUCH_TAG on controller .* has no data between/);

    // ERROR is editable again: fix the parameters and train.
    const versions = (await api<AnomalyModel>(`/v0/models/${model.model_id}`)).body.versions;
    const broken = versions.find((v) => v.status_message?.startsWith('Parameter min_samples'))!;
    const fixed = await api<AnomalyVersion>(`/v0/models/${model.model_id}/${broken.version_id}`, {
      method: 'PATCH', json: { parameters: { ...broken.parameters, min_samples: 10 } },
    });
    expect(fixed.body.parameters.min_samples).toBe(10);
    const restarted = await api<AnomalyVersion>(`/v0/train_model/${model.model_id}/${broken.version_id}`, { method: 'POST' });
    expect(restarted.body).toMatchObject({ status: 'VERSION_STATUS_STARTING_TRAINING', status_message: null });
  });

  it('of two starts of one version at once, one trains and the other gets 409', async () => {
    const model = await newModel();
    // A bad number: the job ends at its first stage, which is all this needs.
    const version = await newVersion(model.model_id, { min_samples: -3 });
    const path = `/v0/train_model/${model.model_id}/${version.version_id}`;
    const answers = await Promise.all([api(path, { method: 'POST' }), api(path, { method: 'POST' })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409]);
    expect(cloud.context.anomaly.training.running()).toContain(version.version_id);
    await cloud.context.anomaly.training.runUntilIdle();
  });
});
