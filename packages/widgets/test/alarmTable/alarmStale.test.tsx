import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createSession, listAllSites, localSettings, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { AlarmTableWidget } from '../../src/alarmTable/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { startOutageProxy, type OutageProxy } from '../helpers/outageProxy.js';

/**
 * Issue 26, item 4: with the cloud gone for 6 s under an open alarm list, the list says its rows are
 * stale and how old they are (not old rows shown as live), and comes back by itself. Through a proxy
 * that drops every connection, as a killed cloud or a lost network does.
 */
let cloud: Cloud;
let proxy: OutageProxy;
let session: Session;
let online: Site[];

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  proxy = await startOutageProxy(new URL(cloud.url));
  session = createSession({ settings: localSettings(proxy.url), oidc: false, storage: null, fetch: globalThis.fetch });
  await session.start({ silent: false });
  await session.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
  setSharedSession(session);
  online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await proxy.close();
  await cloud.close();
});

const rowsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[part="row"]')];
const staleNotice = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-state="stale"]');

it('says the rows are stale, and since when, while the cloud is gone; recovers by itself when it is back', async () => {
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowsOf(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  expect(staleNotice(container)).toBeNull();
  const shown = rowsOf(container).length;

  const cutAt = Date.now();
  proxy.cut();
  await waitFor(() => expect(staleNotice(container)).not.toBeNull(), { timeout: 4000 });
  const notice = staleNotice(container)!;
  expect(notice.textContent).toContain('skyen svarer ikke');
  expect(notice.textContent).toMatch(/for \d+ sekund(er)? siden|nå/);
  expect(Number(notice.dataset.since)).toBeLessThanOrEqual(cutAt);
  // The old rows stay readable, marked as not live.
  expect(rowsOf(container)).toHaveLength(shown);
  expect(container.querySelector('[part="scroller"]')!.hasAttribute('data-stale')).toBe(true);

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, cutAt + 6000 - Date.now())));
  expect(staleNotice(container)).not.toBeNull();
  proxy.restore();
  await waitFor(() => expect(staleNotice(container)).toBeNull(), { timeout: 15_000 });
  expect(container.querySelector('[part="scroller"]')!.hasAttribute('data-stale')).toBe(false);
}, 45_000);

it('opened for one site (a site page\'s "All alarms") shows that site\'s alarms only, with the site chosen in the filter', async () => {
  const target = online[0]!;
  await cloud.context.alarms.raise({ siteUuid: target.uuid, alarmGroup: 'B', tagName: 'ONE-SITE', text: 'one site', value: '1' });
  const { container } = render(<AlarmTableWidget site={target.uuid} />);
  await waitFor(() => expect(rowsOf(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  expect(new Set(rowsOf(container).map((row) => row.dataset.siteUuid))).toEqual(new Set([target.uuid]));
  expect(container.querySelector<HTMLSelectElement>('[part="site-filter"]')!.value).toBe(target.uuid);
}, 20_000);
