import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { getDatabase, onDisconnect, ref } from 'firebase/database';
import { REALTIME_NAMESPACE, realtimePaths } from '@varde/core/contract';
import { NODE_STALE_MS } from '../src/realtime/onDisconnectLedger.js';
import { demoUid } from '../src/seed/demoSeed.js';
import { mintCustomToken } from '../src/tokens/customTokens.js';
import { sessionOf } from './helpers/session.js';
import { callAs, signInDemo } from './helpers/siteTestKit.js';
import { defaultNewVersion } from '@varde/core/contract';
import { createCloud, type Cloud } from '../src/cloud.js';
import { LEADER_RETRY_MS } from '../src/cluster/leadership.js';
import { call } from './helpers/http.js';
import { newPostgresDatabase, testEngine } from './helpers/startCloud.js';
import { eventually, startTwoNodes } from './helpers/twoNodes.js';

const leaderOf = async (...clouds: Cloud[]) => {
  const states = await Promise.all(clouds.map(async (cloud) => (await call(cloud, '/cloud/health')).body.leader === true));
  return clouds.filter((_, index) => states[index]);
};

describe.runIf(testEngine() === 'postgres')('one leader among nodes on one database', () => {
  let nodes: NonNullable<Awaited<ReturnType<typeof startTwoNodes>>>;
  const extra: Cloud[] = [];
  let stopped: Cloud | undefined;
  const running = () => [nodes.a, nodes.b, ...extra].filter((cloud) => cloud !== stopped);
  beforeAll(async () => {
    nodes = (await startTwoNodes())!;
  });
  afterAll(async () => {
    for (const cloud of extra) await cloud.close();
    await nodes?.close();
  });

  it('exactly one node leads; when the leader\'s connection to the database is cut, it steps down and one node leads again', async () => {
    await eventually(async () => (await leaderOf(nodes.a, nodes.b)).length === 1, 10_000, 'one leader');
    const [leader] = await leaderOf(nodes.a, nodes.b);
    const admin = new pg.Client({ connectionString: nodes.url });
    await admin.connect();
    try {
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [`varde leadership ${leader!.context.config.nodeId}`]);
      expect(ended.rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await eventually(async () => (await call(leader!, '/cloud/health')).body.leader === false, LEADER_RETRY_MS + 2000, 'the cut leader steps down');
    await eventually(async () => (await leaderOf(nodes.a, nodes.b)).length === 1, 10_000, 'one leader again');
  });

  it('the simulation runs on the leader only, whichever node is asked to run or pause it', async () => {
    await eventually(async () => (await leaderOf(nodes.a, nodes.b)).length === 1, 10_000, 'one leader');
    const [leader] = await leaderOf(nodes.a, nodes.b);
    const follower = leader === nodes.a ? nodes.b : nodes.a;
    const admin = await signInDemo(follower, 'systemAdmin');
    const put = (running: boolean) => callAs(follower, admin, 'alarms', '/simulation', { method: 'PUT', json: { running } });
    expect((await put(true)).body).toMatchObject({ running: true });
    await eventually(() => leader!.context.simulation.running, 5000, "the leader's simulation runs");
    expect(follower.context.simulation.running).toBe(false);
    expect((await callAs(leader!, await signInDemo(leader!, 'systemAdmin'), 'alarms', '/simulation')).body).toMatchObject({ running: true });
    expect((await put(false)).body).toMatchObject({ running: false });
    await eventually(() => !leader!.context.simulation.running, 5000, "the leader's simulation pauses");
  });

  it('a node that stops hands leadership on at once; a node that starts later follows', async () => {
    const [leader] = await leaderOf(nodes.a, nodes.b);
    const follower = leader === nodes.a ? nodes.b : nodes.a;
    const late = await createCloud({ port: 0, storage: nodes.a.context.config.storage, nodeId: 'late' });
    extra.push(late);
    await new Promise((resolve) => setTimeout(resolve, LEADER_RETRY_MS + 500));
    expect((await call(late, '/cloud/health')).body.leader).toBe(false);
    await leader!.close();
    stopped = leader;
    await eventually(async () => (await leaderOf(follower, late)).length === 1, 10_000, 'a new leader');
  });

  it('a training job is claimed by its node: a node starting meanwhile leaves it be, and a stale claim is taken over', async () => {
    const a = running()[0]!;
    a.context.anomaly.training.useManualSteps();
    const model = (await a.context.anomaly.store.list())[0]!;
    const version = (await a.context.anomaly.store.createVersion(model.model_id, defaultNewVersion(Date.now())))!;
    expect(await a.context.anomaly.training.start(model.model_id, version.version_id)).toBe(true);

    // A node that starts now (as after a restart) must not mark the running job failed, nor take it.
    const restarted = await createCloud({ port: 0, storage: a.context.config.storage, nodeId: 'restarted' });
    extra.push(restarted);
    restarted.context.anomaly.training.useManualSteps();
    expect((await restarted.context.anomaly.store.version(model.model_id, version.version_id))!.status).toBe('VERSION_STATUS_STARTING_TRAINING');
    expect(await restarted.context.anomaly.training.adoptOrphans()).toEqual([]);

    // Its node stops touching the claim (as a dead node would): the claim goes stale and is taken over.
    // Node a is alive, though: its 5 s heartbeat may touch the claim again between the two statements,
    // and the restarted node's own heartbeat may adopt it first. So: until the claim is the restarted node's.
    const claimant = async () =>
      (await a.context.db.selectFrom('training_claims').select('node').where('version_id', '=', version.version_id).executeTakeFirst())?.node;
    await eventually(
      async () => {
        await a.context.db.updateTable('training_claims').set({ heartbeat_at: 0 }).where('version_id', '=', version.version_id).execute();
        await restarted.context.anomaly.training.adoptOrphans();
        return (await claimant()) === 'restarted';
      },
      15_000,
      'the stale claim taken over',
    );
    expect(restarted.context.anomaly.training.running()).toContain(version.version_id);
    await restarted.context.anomaly.training.runUntilIdle();
    expect((await restarted.context.anomaly.store.version(model.model_id, version.version_id))!.status).toBe('VERSION_STATUS_READY');
    // Finished: the claim is gone.
    expect(await a.context.db.selectFrom('training_claims').select('node').where('version_id', '=', version.version_id).executeTakeFirst()).toBeUndefined();
  });
});

describe.runIf(testEngine() === 'postgres')('the leader killed with SIGKILL', () => {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));
  let postgres: Awaited<ReturnType<typeof newPostgresDatabase>>;
  let follower: Cloud | undefined;
  let child: ChildProcess | undefined;
  let app: FirebaseApp | undefined;
  const ORIGIN = 'http://varde.localhost';
  afterAll(async () => {
    child?.kill('SIGKILL');
    if (app) await deleteApp(app);
    await follower?.close();
    await postgres?.drop();
  });

  it('another node leads within 10 s and applies the onDisconnect writes of its connections', async () => {
    postgres = (await newPostgresDatabase())!;
    const url = (postgres.storage as { url: string }).url;
    // A real varde-cloud process, started first so that it leads.
    child = spawn(process.execPath, ['bin/varde-cloud.js', '--port', '0', '--database', url, '--seed', 'demo', '--node-id', 'doomed', '--simulation', 'off', '--public-origin', ORIGIN], {
      cwd: packageDir, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '' },
    });
    let stdout = '';
    child.stdout!.setEncoding('utf8');
    const origin = await new Promise<string>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: string) => {
        stdout += chunk;
        const port = /services {2}\S+ +\(or by host: <service>\.localhost:(\d+)\)/.exec(stdout)?.[1];
        if (port) resolve(`http://localhost:${port}`);
      });
      child!.once('exit', () => reject(new Error(`exited early: ${stdout}`)));
    });
    await eventually(async () => (await call({ url: origin }, '/cloud/health')).body.leader === true, 10_000, 'the process leads');
    follower = await createCloud({ port: 0, storage: postgres.storage, nodeId: 'survivor', publicOrigin: ORIGIN });
    const survivor = Object.assign(Object.create(follower) as Cloud, { url: `http://localhost:${follower.port}` });
    expect((await call(survivor, '/cloud/health')).body.leader).toBe(false);

    // A realtime client of the doomed node asks for a write when it goes away (presence, as the SDK does).
    const uid = demoUid('user');
    const path = `${realtimePaths.user(uid)}/language`;
    app = initializeApp({ apiKey: 'varde-local', projectId: 'varde', databaseURL: `ws://127.0.0.1:${new URL(origin).port}?ns=${REALTIME_NAMESPACE}` }, 'doomed-client');
    const auth = getAuth(app);
    connectAuthEmulator(auth, origin, { disableWarnings: true });
    await signInWithCustomToken(auth, await mintCustomToken(follower.context, uid, { sid: await sessionOf(follower, uid) }));
    const before = await follower.context.realtime.get(path);
    const after = before === 'se' ? 'en' : 'se';
    await onDisconnect(ref(getDatabase(app), path)).set(after);
    expect(await follower.context.realtime.get(path)).toBe(before);

    child.kill('SIGKILL');
    const tookOver = await eventually(async () => (await call(survivor, '/cloud/health')).body.leader === true, 10_000, 'the survivor leads');
    expect(tookOver).toBeLessThan(10_000);
    // The dead node never closed its connections: the new leader applies their onDisconnect writes once
    // the dead node's heartbeat is stale.
    await eventually(async () => (await follower!.context.realtime.get(path)) === after, NODE_STALE_MS + 15_000, "the crashed node's onDisconnect write");
    expect(await follower.context.db.selectFrom('realtime_on_disconnect').select('seq').execute()).toEqual([]);
  }, 90_000);
});
