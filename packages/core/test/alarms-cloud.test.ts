import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  ALARM_BURST_MS,
  connectSiteProxy,
  ControllerProxyError,
  createAlarmsStore,
  createSearchStore,
  createSession,
  createVisibleAlarmsSelector,
  listAlarms,
  listAllSites,
  localSettings,
  openSearchSocket,
  searchTags,
  startAlarmPoller,
  type SearchSocket,
  type Session,
  type Site,
  type SiteProxyConnection,
  type WebSocketConstructor,
} from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';
import { startFrontProxy } from './helpers/frontProxy.js';

/** Alarm proxy, poller, stores and search against the reference cloud (socket.io, ws, real SDK). */
let cloud: Cloud;
let session: Session;
let sites: Site[];
const cleanup: (() => void)[] = [];

beforeAll(async () => {
  cloud = await startCloud();
  session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), timers: manualTimers(), oidc: false });
  await session.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
  sites = await listAllSites(session.http);
});
afterEach(() => cleanup.splice(0).forEach((stop) => stop()));
afterAll(async () => {
  await session.dispose();
  await cloud.close();
});

function connect(site: Site, timeoutMs?: number): SiteProxyConnection {
  const connection = connectSiteProxy({
    baseUrl: session.settings.services['controller-proxy'],
    siteUuid: site.uuid,
    firebaseToken: () => session.realtime!.idToken(),
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  cleanup.push(() => connection.close());
  return connection;
}

it('site sockets log in with the firebase token; offline sites fail with "Failed to login"', async () => {
  const online = sites.find((site) => site.webpmpReady === true)!;
  const offline = sites.find((site) => site.webpmpReady === false)!;
  const good = connect(online);
  await good.loggedIn();
  expect(good.state).toBe('logged-in');
  expect(await good.portalId()).toMatch(/^[\w-]{20,}$/);

  const bad = connect(offline);
  const failure = await bad.loggedIn().catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(ControllerProxyError);
  expect(failure).toMatchObject({ message: 'Failed to login', reason: 'The site is not connected to the cloud' });
  expect(bad.state).toBe('failed');
});

it('site sockets open a WebSocket at once, and fall back to long-polling where a proxy blocks WebSockets', async () => {
  const online = sites.find((site) => site.webpmpReady === true)!;
  const proxyBase = new URL(session.settings.services['controller-proxy']);
  for (const upgrades of ['forward', 'refuse'] as const) {
    const proxy = await startFrontProxy(cloud.url, { upgrades });
    const connection = connectSiteProxy({
      baseUrl: `${proxy.url}${proxyBase.pathname}`,
      siteUuid: online.uuid,
      firebaseToken: () => session.realtime!.idToken(),
    });
    try {
      await connection.loggedIn();
      expect((await connection.alarmUpdate({ amount: 5 })).siteUuid).toBe(online.uuid);
      const socketIo = proxy.seen.filter((line) => line.includes('/socket.io/'));
      expect(socketIo[0]).toMatch(/^UPGRADE .*transport=websocket/);
      const polling = socketIo.filter((line) => line.includes('transport=polling'));
      if (upgrades === 'refuse') expect(polling.length).toBeGreaterThan(0);
      else expect(socketIo).toHaveLength(1); // no long-polling handshake, no upgrade
    } finally {
      connection.close();
      await proxy.close();
    }
  }
});

it('a site socket whose WebSocket upgrade is swallowed (never answered) logs in over long-polling on its retry', async () => {
  const online = sites.find((site) => site.webpmpReady === true)!;
  const proxy = await startFrontProxy(cloud.url, { upgrades: 'hang' });
  const connection = connectSiteProxy({
    baseUrl: `${proxy.url}${new URL(session.settings.services['controller-proxy']).pathname}`,
    siteUuid: online.uuid,
    firebaseToken: () => session.realtime!.idToken(),
    timeoutMs: 1500,
  });
  try {
    // The first attempt times out (the login with it); socket.io's retry starts with long-polling.
    for (let waited = 0; connection.state !== 'logged-in' && waited < 10_000; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connection.state).toBe('logged-in');
    expect((await connection.alarmUpdate({ amount: 5 })).siteUuid).toBe(online.uuid);
    expect(proxy.seen.some((line) => line.includes('transport=polling'))).toBe(true);
  } finally {
    connection.close();
    await proxy.close();
  }
}, 20_000);

it('the poller fills the alarms store from every connected site; a raised alarm shows in the next poll', async () => {
  const store = createAlarmsStore();
  const connections = sites.map((site) => connect(site));
  const poller = startAlarmPoller({ connections: () => connections, store, intervalMs: 60_000, request: () => ({ amount: 500 }) });
  cleanup.push(() => poller.stop());
  await Promise.allSettled(connections.map((connection) => connection.loggedIn()));
  // Every site's answer to one poll lands in the store together: one re-sort, one render.
  const rowChanges: number[] = [];
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.rowsBySite !== previous.rowsBySite) rowChanges.push(Object.keys(state.rowsBySite).length);
  });
  await poller.pollNow();
  unsubscribe();
  const onlineCount = sites.filter((site) => site.webpmpReady === true).length;
  expect(onlineCount).toBeGreaterThan(2); // else one change per site would pass too
  expect(rowChanges.length).toBeLessThanOrEqual(2);
  expect(rowChanges.at(-1)).toBe(onlineCount);

  const visible = createVisibleAlarmsSelector();
  const online = sites.filter((site) => site.webpmpReady === true);
  const first = visible(store.getState());
  expect(first.length).toBeGreaterThan(0);
  expect(new Set(first.map((row) => row.siteUuid)).size).toBeGreaterThan(1);
  expect(first.every((row) => online.some((site) => site.uuid === row.siteUuid))).toBe(true);
  expect(Object.keys(store.getState().errorsBySite).length).toBe(sites.length - online.length);

  await poller.pollNow(); // nothing changed: same array
  expect(visible(store.getState())).toBe(first);

  const target = online[1]!;
  const raised = await cloud.context.alarms.raise({ siteUuid: target.uuid, alarmGroup: 'C', tagName: 'POLL1', text: '<img src=x onerror=alert(1)>' });
  await poller.pollNow();
  const after = visible(store.getState());
  expect(after[0]).toMatchObject({ id: raised.id, alarmGroup: 'C', site: target.name, text: '<img src=x onerror=alert(1)>' });

  store.getState().setFilter({ classes: ['C'], sites: [target.uuid] });
  expect(visible(store.getState()).every((row) => row.alarmGroup === 'C' && row.siteUuid === target.uuid)).toBe(true);
  store.getState().setSort({ column: 'tagName', direction: 'asc' });
  const names = visible(store.getState()).map((row) => row.tagName);
  expect(names).toEqual([...names].sort());

  await cloud.context.alarms.acknowledge(raised.id, 'test');
  await cloud.context.alarms.clear(raised.id);
  await poller.pollNow();
  expect(visible(store.getState()).map((row) => row.id)).not.toContain(raised.id);

  const rest = await listAlarms(session.http, { active: 'true', class: 'A' });
  expect(rest.every((row) => row.inactive === null && row.alarmGroup === 'A')).toBe(true);
});

it('answers that keep coming are applied at most every ALARM_BURST_MS; none is lost', async () => {
  const store = createAlarmsStore();
  const online = sites.filter((site) => site.webpmpReady === true);
  const connections = online.map((site) => connect(site));
  const poller = startAlarmPoller({ connections: () => connections, store, intervalMs: 60_000, request: () => ({ amount: 500 }) });
  cleanup.push(() => poller.stop());
  await Promise.all(connections.map((connection) => connection.loggedIn()));
  await poller.pollNow();
  const changedAt: number[] = [];
  const unsubscribe = store.subscribe((state, previous) => {
    if (state.rowsBySite !== previous.rowsBySite) changedAt.push(performance.now());
  });
  // One site after the other changes, 60 ms apart (as sites answer a table that just opened).
  const raised = [];
  for (const [index, site] of online.entries()) {
    raised.push(await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: `BURST${index}` }));
    void poller.pollSite(site.uuid);
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  // pollNow skips the sites still answering: wait out their answers and the last burst first.
  await new Promise((resolve) => setTimeout(resolve, 2 * ALARM_BURST_MS));
  await poller.pollNow();
  unsubscribe();
  const shown = new Set(createVisibleAlarmsSelector()(store.getState()).map((row) => row.id));
  expect(raised.every((alarm) => shown.has(alarm.id))).toBe(true);
  expect(changedAt.length).toBeGreaterThan(1);
  expect(changedAt.length).toBeLessThan(online.length);
  // Timers fire no sooner than asked (a millisecond of rounding aside).
  for (let index = 1; index < changedAt.length; index += 1) expect(changedAt[index]! - changedAt[index - 1]!).toBeGreaterThanOrEqual(ALARM_BURST_MS - 2);
  for (const alarm of raised) await cloud.context.alarms.clear(alarm.id);
});

it('search: every connected site and the search socket, merged; REST gives the same rows', async () => {
  const online = sites.filter((site) => site.webpmpReady === true).slice(0, 3);
  const connections = online.map((site) => connect(site));
  await Promise.all(connections.map((connection) => connection.loggedIn()));
  let socket: SearchSocket | null = null;
  const store = createSearchStore({ connections: () => connections, socket: () => socket });
  const statuses: string[] = [];
  socket = openSearchSocket({
    baseUrl: session.settings.services.search,
    token: () => session.tokenFor('search'),
    onRows: (rows) => store.getState().addRows(rows),
    onStatus: (status) => statuses.push(status),
    WebSocket: WebSocket as unknown as WebSocketConstructor,
  });
  cleanup.push(() => socket?.close());

  store.getState().search('  sirkulasjonspumpe ');
  expect(store.getState().text).toBe('sirkulasjonspumpe');
  const expected = await searchTags(session.http, 'sirkulasjonspumpe');
  expect(expected).toHaveLength(sites.length); // one JP401 per site of the user
  for (let i = 0; i < 200 && store.getState().rows.length < expected.length; i += 1) await new Promise((r) => setTimeout(r, 25));
  const rows = store.getState().rows;
  expect(rows.map((row) => `${row.siteUuid}/${row.Name}`).sort()).toEqual(expected.map((row) => `${row.siteUuid}/${row.Name}`).sort());
  expect(rows.map((row) => row.index)).toEqual(rows.map((_, index) => index));
  expect(store.getState().pending).toBe(0);
  expect(statuses).toContain('open');

  store.getState().search('<img src=x onerror=alert(1)>');
  for (let i = 0; i < 100 && store.getState().pending > 0; i += 1) await new Promise((r) => setTimeout(r, 25));
  expect(store.getState()).toMatchObject({ text: '<img src=x onerror=alert(1)>', rows: [] });
});

it('the search socket reconnects after a close, with a fresh token (5 s by default; shorter here)', async () => {
  const statuses: string[] = [];
  let calls = 0;
  const socket = openSearchSocket({
    baseUrl: session.settings.services.search,
    // The first token is refused (the cloud closes at once); the next connect gets a good one.
    token: () => (++calls === 1 ? 'expired-token' : session.tokenFor('search')),
    onRows: () => undefined,
    onStatus: (status) => statuses.push(status),
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    reconnectMs: 50,
  });
  cleanup.push(() => socket.close());
  for (let i = 0; i < 200 && !socket.open; i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(socket.open).toBe(true);
  expect(statuses).toEqual(['connecting', 'closed', 'connecting', 'open']);
});
