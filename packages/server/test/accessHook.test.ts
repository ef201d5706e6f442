import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/http/fastifyTypes.js';
import { registerAccessHook } from '../src/http/accessHook.js';
import { HttpError } from '../src/http/HttpError.js';
import { createFunctionStore } from '../src/faas/functionStore.js';
import { createPartnerResources } from '../src/partners/partnerResources.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { demoSites } from '../src/seed/demoSites.js';
import { startCloud, type Cloud } from './helpers/startCloud.js';

// The hook alone, in front of handlers that always answer 200: what refuses below is the hook, not a service.
let cloud: Cloud;
let app: FastifyInstance;
const fjordvarme = demoUid('admin');
const nordbygg = demoUid('partnerAdmin');
const site = demoSites()[0]!.uuid; // Fjordvarme's

beforeAll(async () => {
  cloud = await startCloud();
  const functions = createFunctionStore(cloud.context.db, cloud.context.clock);
  await functions.save('fjordvarme', 'fjord-only', { description: '', requirements: '', source: 'def main(request):\n    return 1\n' }, {}, fjordvarme);
  const resources = createPartnerResources();
  resources.define('function', async ({ scope }, name) => (await functions.get(scope, name)) !== null);

  app = Fastify();
  app.decorateRequest('caller', null);
  // Stands in for the bearer hook: the caller is named by a header.
  app.addHook('onRequest', async (request) => {
    request.caller = { uid: String(request.headers['x-uid']), role: 'Admin', accountRole: 'Admin', sid: 's', generation: 0, credential: 'session', scope: 'write', tokenId: null, accountKind: 'person' };
  });
  registerAccessHook(app, cloud.context, resources);
  app.setErrorHandler((error, _request, reply) => {
    const status = error instanceof HttpError ? error.status : 500;
    void reply.code(status).send({ detail: error instanceof Error ? error.message : String(error) });
  });
  const reached = async () => ({ reached: true });
  app.get('/cloud/faas-manager/v0/functions/:name', reached);
  app.get('/cloud/faas-manager/v0/not-declared', reached);
  app.get('/cloud/historian/:controllerId/tags', reached);
  app.get('/cloud/alarms/simulation', reached);
  app.get('/cloud/anomaly/v0/models', reached);
  app.get('/cloud/faas-manager/v0/open', { config: { public: true } }, reached);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await cloud?.close();
});

const get = (url: string, uid: string) => app.inject({ method: 'GET', url, headers: { 'x-uid': uid } });

describe('the access hook', () => {
  it('closes a protected route that declares no access', async () => {
    const answer = await get('/cloud/faas-manager/v0/not-declared', demoUid('systemAdmin'));
    expect(answer.statusCode).toBe(403);
    expect(answer.json().detail).toContain('declares no access');
  });

  it('leaves a public route alone', async () => {
    expect((await get('/cloud/faas-manager/v0/open', nordbygg)).statusCode).toBe(200);
  });

  it("answers 404 for another partner's function, as for one that does not exist", async () => {
    const theirs = await get('/cloud/faas-manager/v0/functions/fjord-only', nordbygg);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().detail).toBe('No function named fjord-only');
    expect((await get('/cloud/faas-manager/v0/functions/nothing-here', nordbygg)).statusCode).toBe(404);
    expect((await get('/cloud/faas-manager/v0/functions/fjord-only', fjordvarme)).json()).toEqual({ reached: true });
    expect((await get('/cloud/faas-manager/v0/functions/fjord-only', demoUid('systemAdmin'))).statusCode).toBe(200);
  });

  it('checks the declared module before the owner', async () => {
    // The viewer has no mlexplorer module; the system admin has every module.
    expect((await get('/cloud/anomaly/v0/models', demoUid('viewer'))).json().detail).toBe('You do not have access to the ML explorer');
    expect((await get('/cloud/anomaly/v0/models', demoUid('systemAdmin'))).statusCode).toBe(200);
  });

  it("refuses another partner's site and a system admin's route", async () => {
    expect((await get(`/cloud/historian/${site}/tags`, nordbygg)).statusCode).toBe(403);
    expect((await get(`/cloud/historian/${site}/tags`, fjordvarme)).statusCode).toBe(200);
    expect((await get('/cloud/alarms/simulation', fjordvarme)).statusCode).toBe(403);
    expect((await get('/cloud/alarms/simulation', demoUid('systemAdmin'))).statusCode).toBe(200);
  });
});
