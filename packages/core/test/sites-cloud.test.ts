import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createSession, createSitesStore, listAllSites, localSettings, type Session } from './support.js';
import { demoUsers, startCloud, type Cloud } from './helpers/cloud.js';
import { manualTimers, memoryStorage } from './helpers/fakes.js';
import { setSiteConnection, writePortalStatus } from '../../server/src/simulation/siteStatus.js';

/** The sites store against the reference cloud: real HTTP, the real firebase SDK for status tags. */
let cloud: Cloud;
let session: Session;
const stops: (() => void)[] = [];

beforeAll(async () => {
  cloud = await startCloud();
  session = createSession({ settings: localSettings(cloud.url), storage: memoryStorage(), timers: manualTimers(), oidc: false });
  await session.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
});
afterEach(() => stops.splice(0).forEach((stop) => stop()));
afterAll(async () => {
  await session.dispose();
  await cloud.close();
});

const newStore = () => createSitesStore({ http: () => session.http, realtime: () => session.realtime });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(check()).toBe(true);
}

it('loads a first page by window height, then growing pages (10 at least) until the list ends', async () => {
  const store = newStore();
  await store.getState().loadFirstPage(4 * 64);
  expect(store.getState()).toMatchObject({ status: 'ready', hasMore: true });
  expect(store.getState().sites).toHaveLength(4);
  await store.getState().loadMore();
  expect(store.getState().sites).toHaveLength(10); // the user has 10 sites: 6 came, fewer than 10
  expect(store.getState().hasMore).toBe(false);
  const all = await listAllSites(session.http);
  expect(store.getState().sites.map((site) => site.uuid)).toEqual(all.map((site) => site.uuid));
  await store.getState().loadMore(); // nothing more: no change
  expect(store.getState().sites).toHaveLength(10);

  const admin = newStore();
  await admin.getState().loadFirstPage(640, 'adminControllers');
  expect(admin.getState()).toMatchObject({ list: 'adminControllers', sites: [], hasMore: false });
});

it('alarm reports and site status refresh; failures leave rows as they were', async () => {
  const store = newStore();
  await store.getState().loadFirstPage(640);
  const [first, second] = store.getState().sites;
  await store.getState().refreshAlarmReports([first!.uuid, 'no-such-site']);
  expect(store.getState().reports[first!.uuid]).toMatchObject({ unacked: expect.any(Number) });
  expect(store.getState().reports['no-such-site']).toBeUndefined();

  const raised = await cloud.context.alarms.raise({ siteUuid: second!.uuid, alarmGroup: 'A', tagName: 'CORE1' });
  await store.getState().refreshAlarmReports();
  expect(store.getState().reports[second!.uuid]?.latestAlarm).toMatchObject({ name: 'CORE1', inactive: null });
  await cloud.context.alarms.clear(raised.id);

  const was = first!.webpmpReady;
  setSiteConnection(cloud.context, first!.uuid, null);
  await store.getState().refreshSites();
  expect(store.getState().sites[0]!.webpmpReady).toBeNull();
  setSiteConnection(cloud.context, first!.uuid, was);
});

it('status tags of watched sites arrive over the realtime database and follow changes', async () => {
  const store = newStore();
  await store.getState().loadFirstPage(640);
  const site = store.getState().sites[2]!;
  stops.push(store.getState().watchStatusTags([site.uuid]));
  await until(() => store.getState().statusTags[site.uuid]?.color != null);
  await writePortalStatus(cloud.context.realtime, site.uuid, { text: 'Vedlikehold <b>', color: '#ef6c00' });
  await until(() => store.getState().statusTags[site.uuid]?.text === 'Vedlikehold <b>');
  expect(store.getState().statusTags[site.uuid]).toEqual({ text: 'Vedlikehold <b>', color: '#ef6c00' });
});
