import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { listAllSites, setSharedSession, type Session } from '@varde/core';
import { SiteListWidget } from '../../src/siteList/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/**
 * Issue 37, items 1 and 4: a site's badge follows its alarms by the proxy's push, well inside the 30 s
 * refresh, and counts the active alarms, acknowledged or not, as the alarm cards and the map do.
 */
let cloud: Cloud;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  session = await signedInSharedSession(cloud, demoUsers.user);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

it('raised, acknowledged and cleared: the badge says so within seconds, not at the next 30 s refresh', async () => {
  const online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true);
  // An online site without an active alarm now, so that the change is the one raised here.
  const activeSites = new Set((await cloud.context.alarms.list({ siteUuids: online.map((site) => site.uuid), active: true })).map((row) => row.siteUuid));
  const site = online.find((item) => !activeSites.has(item.uuid))!;
  const { container } = render(<SiteListWidget />);
  const badge = () => container.querySelector<HTMLElement>(`[part="row"][data-site-uuid="${site.uuid}"] [part="alarm"]`);
  await waitFor(() => expect(badge()?.dataset.alarmState).toMatch(/^(none|unacked)$/), { timeout: 10_000 });
  const before = badge()!.textContent;
  // The push sockets are open (logged in) before the change: a report is read once they log in.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'BADGE-PUSH' });
  await waitFor(() => expect([badge()!.dataset.alarmState, badge()!.textContent]).toEqual(['active', 'Aktive alarmer: 1']), { timeout: 5000 });
  expect(badge()!.dataset.alarmClass).toBe('A');

  // Acknowledged, it is still active: the badge keeps it, as the cards and the map do.
  await cloud.context.alarms.acknowledge(alarm.id, demoUsers.user.email, '');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(badge()!.textContent).toBe('Aktive alarmer: 1');

  await cloud.context.alarms.clear(alarm.id);
  // Cleared (and acknowledged before): the badge is back to what it said before the alarm came.
  await waitFor(() => expect(badge()!.dataset.alarmState).not.toBe('active'), { timeout: 5000 });
  expect(badge()!.textContent).toBe(before);
}, 40_000);
