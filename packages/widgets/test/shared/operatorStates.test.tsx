import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createSession, listAllSites, localSettings, setSharedSession, type Session } from '@varde/core';
import type { ReactElement } from 'react';
import { AlarmMapWidget } from '../../src/alarmMap/Component.js';
import { SiteAlarmCardsWidget } from '../../src/siteAlarmCards/Component.js';
import { SiteListWidget } from '../../src/siteList/Component.js';
import { TagSearchWidget } from '../../src/tagSearch/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { startOutageProxy, type OutageProxy } from '../helpers/outageProxy.js';

/**
 * Issue 26: the operators' widgets in their explicit states against the reference cloud behind a proxy
 * that can drop or hang every connection: the cloud unreachable is a failure with a retry that recovers;
 * a cloud that hangs is loading that says, past 10 s, it is taking long and offers a retry; signed out is
 * a sign-in prompt. (The reads they make are scoped to the caller: the cloud never refuses them, so their
 * refusal is tested where the cloud does refuse, in the admin widgets' tests.)
 */
let cloud: Cloud;
let proxy: OutageProxy;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  proxy = await startOutageProxy(new URL(cloud.url));
  const admin = await signedIn(cloud.url);
  // A site with an active alarm: the cards and the map have something to show once loaded.
  const online = (await listAllSites(admin.http)).find((site) => site.webpmpReady === true)!;
  await cloud.context.alarms.raise({ siteUuid: online.uuid, alarmGroup: 'A', tagName: 'STATES-A' });
  await admin.dispose();
}, 30_000);
// A session of its own per test: one whose sockets a hang left reconnecting does not slow the next test.
beforeEach(async () => {
  session = await signedIn(proxy.url);
  setSharedSession(session);
});
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  proxy.restore();
  setSharedSession(null);
  await session.dispose();
});
afterAll(async () => {
  await proxy.close();
  await cloud.close();
});

async function signedIn(url: string): Promise<Session> {
  const signed = createSession({ settings: localSettings(url), oidc: false, storage: null, fetch: globalThis.fetch });
  await signed.start({ silent: false });
  await signed.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
  return signed;
}

const markerCount = (container: HTMLElement) => Number(container.querySelector('[data-testid="marker-count"]')?.textContent?.match(/\d+/)?.[0] ?? 0);
const widgets: [string, () => ReactElement, (container: HTMLElement) => boolean][] = [
  ['site list', () => <SiteListWidget />, (container) => container.querySelector('[part="row"]') !== null],
  ['site alarm cards', () => <SiteAlarmCardsWidget excludeSite="" />, (container) => container.querySelector('[part="card"]') !== null],
  ['alarm map', () => <AlarmMapWidget tileUrl="none" />, (container) => markerCount(container) > 0],
  ['tag search', () => <TagSearchWidget />, (container) => Number(container.querySelector<HTMLElement>('[data-testid="connected-sites"]')?.dataset.count) > 0],
];
const stateOf = (container: HTMLElement) => container.querySelector<HTMLElement>('[part="state"]');

for (const [name, widget, loaded] of widgets) {
  it(`${name}: the cloud unreachable is a failure in the UI's words, and its retry recovers`, async () => {
    proxy.cut();
    const { container } = render(widget());
    await waitFor(() => expect(stateOf(container)?.dataset.state).toBe('failed'), { timeout: 10_000 });
    // The cloud does not answer at all: named, in the UI's words.
    expect(stateOf(container)!.textContent).toMatch(/Kunne ikke hente: Kunne ikke nå skyen på http:\/\/localhost:\d+\./);
    proxy.restore();
    fireEvent.click(container.querySelector('[part="retry"]')!);
    await waitFor(() => expect(container.querySelector('[data-state="failed"]')).toBeNull(), { timeout: 10_000 });
    await waitFor(() => expect([loaded(container), stateOf(container)?.textContent]).toEqual([true, undefined]), { timeout: 10_000 });
  }, 30_000);

  it(`${name}: a cloud that hangs is loading, and past 10 s it says so and offers a retry that recovers`, async () => {
    proxy.stall();
    const { container } = render(widget());
    expect(stateOf(container)?.dataset.state).toBe('loading');
    // The clock moves on 11 s (only the clock: the widgets' own timers and the sockets' keep running).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 11_000);
    await waitFor(() => expect(stateOf(container)!.dataset.state).toBe('slow'), { timeout: 3000 });
    expect(stateOf(container)!.textContent).toContain('Dette tar lang tid');
    vi.useRealTimers();
    proxy.restore();
    fireEvent.click(container.querySelector('[part="retry"]')!);
    await waitFor(() => expect(loaded(container)).toBe(true), { timeout: 15_000 });
  }, 30_000);
}

it('signed out, each shows a sign-in prompt instead of loading for ever', async () => {
  const signedOut = createSession({ settings: localSettings(cloud.url), oidc: false, storage: null, fetch: globalThis.fetch });
  await signedOut.start({ silent: false });
  setSharedSession(signedOut);
  try {
    for (const [, widget] of widgets) {
      const { container, unmount } = render(widget());
      await waitFor(() => expect(container.querySelector('[part="signed-out"] [part="sign-in-request"]')).not.toBeNull(), { timeout: 5000 });
      expect(container.querySelector('[data-state="loading"]')).toBeNull();
      unmount();
    }
  } finally {
    await signedOut.dispose();
  }
}, 20_000);

it('a session the cloud ended says so, in the UI\'s words', async () => {
  const ending = await signedIn(cloud.url);
  setSharedSession(ending);
  try {
    const { container, unmount } = render(<SiteListWidget />);
    await waitFor(() => expect(container.querySelector('[part="row"]')).not.toBeNull(), { timeout: 5000 });
    // The session ends at the cloud (signed out elsewhere); the next renewal is refused.
    const signOut = await fetch(`${cloud.url}/cloud/auth/session/logout`, { method: 'POST', headers: { authorization: `Bearer ${ending.tokenFor('auth')}` } });
    expect(signOut.status).toBe(200);
    await ending.renew();
    await waitFor(() => expect(container.querySelector('[part="signed-out"]')?.textContent).toContain('Økten er utløpt. Logg inn på nytt.'), { timeout: 5000 });
    unmount();
  } finally {
    await ending.dispose();
  }
}, 20_000);
