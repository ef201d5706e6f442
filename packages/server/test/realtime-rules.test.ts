import { signOut } from 'firebase/auth';
import { get, onValue, ref, set, update } from 'firebase/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RealtimeTestServer, type TestClient, connectClient, startRealtimeServer } from './realtimeHarness.js';

let server: RealtimeTestServer;
let alice: TestClient;
let admin: TestClient;
let anonymous: TestClient;

beforeAll(async () => {
  server = await startRealtimeServer();
  const tree = server.realtime.tree;
  await tree.set('/users/alice', {
    name: 'Alice',
    language: 'en',
    portalAutoLogoutDisabled: false,
    controllers: { c1: true, c3: true },
    licensingPartners: { p1: true },
  });
  await tree.set('/users/bob', { name: 'Bob', language: 'no', controllers: { c2: true } });
  await tree.set('/users/root', { name: 'Root', systemAdmin: true });
  await tree.set('/controllers', {
    c1: { tags: { portalStatusText: { v: 'OK' } }, secret: 'x' },
    c2: { tags: { portalStatusText: { v: 'Alarm' } } },
    c3: { tags: { portalStatusColor: { v: 'green' } } },
  });
  await tree.set('/statusMessage/site-1%2Eexample', { text: 'Service window tonight' });
  await tree.update('/', { 'p1/licensing/licences/l1': { seats: 3 }, 'p2/licensing/licences/l2': { seats: 1 } });
  await tree.set('/partners', { p1: { name: 'Partner one' }, p2: { name: 'Partner two' } });
  alice = await connectClient(server, 'alice');
  admin = await connectClient(server, 'root');
  anonymous = await connectClient(server);
});

afterAll(async () => {
  await Promise.all([alice, admin, anonymous].map((client) => client?.close()));
  await server?.close();
});

async function readable(client: TestClient, path: string): Promise<boolean> {
  try {
    await get(ref(client.db, path));
    return true;
  } catch (error) {
    expect((error as Error).message).toMatch(/permission_denied|Permission denied/i);
    return false;
  }
}

/** Resolves with the error a listen is cancelled with. */
function cancelOf(client: TestClient, path: string): Promise<Error> {
  return new Promise((resolve) => {
    onValue(ref(client.db, path), () => {}, resolve);
  });
}

describe('realtime rules', () => {
  it('lets a user read their own record but not another user’s', async () => {
    expect((await get(ref(alice.db, 'users/alice/name'))).val()).toBe('Alice');
    expect(await readable(alice, 'users/alice')).toBe(true);
    expect(await readable(alice, 'users/bob')).toBe(false);
    expect(await readable(alice, 'users')).toBe(false);
    const cancelled = await cancelOf(alice, 'users/bob');
    expect(String(cancelled)).toMatch(/permission_denied/);
  });

  it('lets a user read the tags of their own sites only', async () => {
    expect((await get(ref(alice.db, 'controllers/c1/tags/portalStatusText/v'))).val()).toBe('OK');
    expect(await readable(alice, 'controllers/c3/tags')).toBe(true);
    expect(await readable(alice, 'controllers/c2/tags')).toBe(false);
    expect(await readable(alice, 'controllers/c1/secret')).toBe(false);
    expect(await readable(alice, 'controllers')).toBe(false);
  });

  it('opens status messages to signed-in users and licensing to the user’s partners', async () => {
    expect((await get(ref(alice.db, 'statusMessage/site-1%2Eexample'))).val()).toEqual({ text: 'Service window tonight' });
    expect(await readable(alice, 'p1/licensing')).toBe(true);
    expect(await readable(alice, 'partners/p1')).toBe(true);
    expect(await readable(alice, 'p2/licensing')).toBe(false);
    expect(await readable(alice, 'partners/p2')).toBe(false);
    expect(await readable(alice, 'partners')).toBe(false);
  });

  it('lets a system admin read everything and an anonymous client nothing', async () => {
    expect((await get(ref(admin.db, 'users/bob/name'))).val()).toBe('Bob');
    expect((await get(ref(admin.db, '/'))).child('controllers/c2/tags/portalStatusText/v').val()).toBe('Alarm');
    expect(await readable(anonymous, 'statusMessage')).toBe(false);
    expect(await readable(anonymous, 'users/alice')).toBe(false);
  });

  it('lets a user write only their language and auto-logout flag, with valid values', async () => {
    await set(ref(alice.db, 'users/alice/language'), 'no');
    await update(ref(alice.db, 'users/alice'), { language: 'se', portalAutoLogoutDisabled: true });
    expect(await server.realtime.tree.get('/users/alice/language')).toBe('se');
    expect(await server.realtime.tree.get('/users/alice/portalAutoLogoutDisabled')).toBe(true);

    await expect(set(ref(alice.db, 'users/alice/language'), 'xx')).rejects.toThrow(/permission_denied/i);
    await expect(set(ref(alice.db, 'users/alice/systemAdmin'), true)).rejects.toThrow(/permission_denied/i);
    await expect(set(ref(alice.db, 'users/bob/language'), 'en')).rejects.toThrow(/permission_denied/i);
    await expect(update(ref(alice.db, 'users/alice'), { language: 'en', name: 'Eve' })).rejects.toThrow(/permission_denied/i);
    await expect(set(ref(admin.db, 'statusMessage/x'), 'hi')).rejects.toThrow(/permission_denied/i);
    await expect(set(ref(anonymous.db, 'users/alice/language'), 'en')).rejects.toThrow(/permission_denied/i);
    expect(await server.realtime.tree.get('/users/alice')).toMatchObject({ language: 'se', name: 'Alice' });
    expect(await server.realtime.tree.get('/users/root/systemAdmin')).toBe(true);
  });

  it('revokes a live listen when the user loses the site', async () => {
    const values: unknown[] = [];
    const cancelled = new Promise<Error>((resolve) => {
      onValue(ref(alice.db, 'controllers/c3/tags'), (snapshot) => values.push(snapshot.val()), resolve);
    });
    await expect.poll(() => values.length).toBe(1);
    await server.realtime.tree.set('/users/alice/controllers/c3', null);
    expect(String(await cancelled)).toMatch(/permission_denied/);
    expect(await readable(alice, 'controllers/c3/tags')).toBe(false);
  });

  it('revokes listens on sign-out', async () => {
    const erin = await connectClient(server, 'erin');
    await server.realtime.tree.set('/users/erin/name', 'Erin');
    const cancelled = new Promise<Error>((resolve) => {
      onValue(ref(erin.db, 'users/erin'), () => {}, resolve);
    });
    await expect.poll(async () => (await get(ref(erin.db, 'users/erin/name'))).val()).toBe('Erin');
    await signOut(erin.auth);
    expect(String(await cancelled)).toMatch(/permission_denied/);
    await erin.close();
  });
});
