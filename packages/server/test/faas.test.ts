import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FUNCTION_SOURCE, PYTHON_MISSING_DETAIL, serviceHostName, type CloudFunction } from '@varde/core/contract';
import { demoSites } from '../src/seed/demoSites.js';
import { bearer, call, signIn } from './helpers/http.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

let cloud: Cloud;
let admin: Record<string, string>;
let viewer: Record<string, string>;
const FAAS = '/cloud/faas-manager/v0/functions';

beforeAll(async () => {
  cloud = await startCloud();
  const token = async (email: string) =>
    bearer((await signIn(cloud, email, 'demo1234')).accessTokens[serviceHostName('faas-manager', 'localhost')]!);
  admin = await token('admin@varde.test');
  viewer = await token('viewer@varde.test');
});
afterAll(() => cloud.close());

describe('faas-manager', () => {
  it('lists the seeded functions by name with description, updated and version', async () => {
    const answer = await call(cloud, FAAS, { headers: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.map((fn: CloudFunction) => fn.name)).toEqual(['hello', 'room-average', 'temperature-mean']);
    expect(answer.body[0]).toEqual({ name: 'hello', description: 'Says hello.', updated: expect.any(String), version: 1 });
  });

  it('creates, counts versions up on every save, and deletes', async () => {
    const body = { description: 'first', requirements: 'numpy', source: 'def main(request):\n    return 1\n' };
    const created = await call(cloud, `${FAAS}/my-fn?historianHost=h&historianToken=t`, { headers: admin, json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'my-fn', version: 1, ...body });
    const saved = await call(cloud, `${FAAS}/my-fn`, { headers: admin, json: { ...body, description: 'second' } });
    expect(saved.body).toMatchObject({ version: 2, description: 'second' });
    expect(Date.parse(saved.body.updated)).toBeGreaterThanOrEqual(Date.parse(created.body.updated));
    expect((await call(cloud, `${FAAS}/my-fn`, { headers: admin })).body.source).toBe(body.source);
    expect((await call(cloud, `${FAAS}/my-fn`, { headers: admin, method: 'DELETE' })).status).toBe(204);
    const gone = await call(cloud, `${FAAS}/my-fn`, { headers: admin });
    expect(gone.status).toBe(404);
    expect(gone.body.detail).toBe('No function named my-fn');
  });

  it('refuses bad names and bodies with 400 and a detail', async () => {
    const body = { description: '', requirements: '', source: '' };
    for (const name of ['1abc', 'with%20space', 'a.b', 'x'.repeat(65)]) {
      const answer = await call(cloud, `${FAAS}/${name}`, { headers: admin, json: body });
      expect(answer.status, name).toBe(400);
      expect(answer.body.detail).toMatch(/function name starts with a letter/);
    }
    const noSource = await call(cloud, `${FAAS}/ok-name`, { headers: admin, json: { description: 'x' } });
    expect(noSource.status).toBe(400);
    expect(noSource.body.detail).toMatch(/requirements|source/);
  });

  it('is closed to users without the functions module', async () => {
    const answer = await call(cloud, FAAS, { headers: viewer });
    expect(answer.status).toBe(403);
    expect(answer.body.detail).toBe('You do not have access to cloud functions');
  });

  it('runs the template with python3: it reads seeded history and its written value is readable from the historian', async () => {
    const site = demoSites()[0]!;
    const run = await call(cloud, `${FAAS}/room-average/run`, { headers: admin, json: { request: { controllerId: site.uuid } } });
    expect(run.status).toBe(200);
    expect(run.body).toMatchObject({ name: 'room-average', status: 'ok', exitCode: 0 });
    expect(run.body.python).toMatch(/^Python 3\./);
    expect(run.body.result.points).toBeGreaterThan(90);
    expect(run.body.writes).toEqual([
      { controllerId: site.uuid, tag: 'RT401_avg24h', timestamp: expect.any(Number), dataType: 'number', value: run.body.result.average },
    ]);
    expect(run.body.stdout).toContain('RT401_avg24h');

    const tokens = (await signIn(cloud, 'admin@varde.test', 'demo1234')).accessTokens;
    const historian = bearer(tokens[serviceHostName('historian', 'localhost')]!);
    const now = new Date(Date.now() + 1000).toISOString();
    const value = await call(cloud, `/cloud/historian/${site.uuid}/value/RT401_avg24h?ts=${now}&time_format=epoch`, { headers: historian });
    expect(value.status).toBe(200);
    expect(value.body).toEqual({ ts: run.body.writes[0].timestamp, value: run.body.result.average });
  });

  it('reports an exception, and stops a function at its time limit', async () => {
    const save = (name: string, source: string) =>
      call(cloud, `${FAAS}/${name}`, { headers: admin, json: { description: '', requirements: '', source } });
    await save('raises', 'def main(request):\n    raise ValueError("bad input " + str(request.get("n")))\n');
    const failed = await call(cloud, `${FAAS}/raises/run`, { headers: admin, json: { request: { n: 3 } } });
    expect(failed.body).toMatchObject({ status: 'error', exitCode: 1, error: 'ValueError: bad input 3' });
    expect(failed.body.stderr).toContain('Traceback');

    await save('forever', 'import time\ndef main(request):\n    print("started", flush=True)\n    while True:\n        time.sleep(0.1)\n');
    const stopped = await call(cloud, `${FAAS}/forever/run`, { headers: admin, json: { timeoutSeconds: 1 } });
    expect(stopped.body).toMatchObject({ status: 'timeout', stdout: 'started\n' });
  });

  it('says clearly that python3 is missing when functions run unsandboxed', async () => {
    const unsafe = await startCloud({ unsafeFunctions: true, bwrapPath: '/nonexistent/bwrap' });
    const previous = process.env.VARDE_PYTHON;
    process.env.VARDE_PYTHON = '/nonexistent/python3';
    try {
      const token = (await signIn(unsafe, 'admin@varde.test', 'demo1234')).accessTokens[serviceHostName('faas-manager', 'localhost')]!;
      const answer = await call(unsafe, `${FAAS}/hello/run`, { headers: bearer(token), json: {} });
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toBe(PYTHON_MISSING_DETAIL);
    } finally {
      if (previous === undefined) delete process.env.VARDE_PYTHON;
      else process.env.VARDE_PYTHON = previous;
      await unsafe.close();
    }
  });

  it('seeds the new-function template', async () => {
    const fn = await call(cloud, `${FAAS}/room-average`, { headers: admin });
    expect(fn.body.source).toBe(DEFAULT_FUNCTION_SOURCE);
  });
});
