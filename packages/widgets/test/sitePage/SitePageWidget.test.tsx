import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { fetchAlarmReport, listAllSites, localSettings, resolveSettings, setSharedSession, siteOpenLink, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { SitePageWidget } from '../../src/sitePage/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** The site page in a DOM against the reference cloud: its data, its live values, and both ways into the controller. */
let cloud: Cloud;
let session: Session;
let site: Site;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  session = await signedInSharedSession(cloud, demoUsers.admin);
  const ready = (await listAllSites(session.http)).filter((candidate) => candidate.webpmpReady === true);
  const withHistory = await Promise.all(ready.map(async (candidate) => (await cloud.context.historian.seriesOf(candidate.uuid)).length > 0));
  site = ready.find((_, index) => withHistory[index])!;
  await cloud.context.simulation.step();
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

it('shows the site, its live values from the realtime database and its rules card; the proxy path opens the controller', async () => {
  const { container } = render(<SitePageWidget siteUuid={site.uuid} controllerHref="/dashboards?site={uuid}" />);
  await waitFor(() => expect(container.querySelector('.varde-site-page__title')?.textContent).toBe(site.name), { timeout: 10_000 });
  await waitFor(() => expect(container.querySelector('[data-live-tag="RT401"] [data-live-value]')).not.toBeNull(), { timeout: 10_000 });
  expect(container.querySelector('[part="open-controller"]')?.getAttribute('href')).toBe(`/dashboards?site=${site.uuid}`);
  expect(container.querySelector('[part="rules"] h2')?.textContent).toBeTruthy();
  // This DOM has no canvas: the trend says so instead of a chart that cannot draw.
  await waitFor(() => expect(container.querySelector('[part="trend"]')?.textContent).toContain('canvas'), { timeout: 10_000 });
});

it('without a controller view, opens the controller at its own host name in a new tab', async () => {
  const { container } = render(<SitePageWidget siteUuid={site.uuid} />);
  const open = await waitFor(() => {
    const link = container.querySelector<HTMLAnchorElement>('[part="open-controller"]');
    if (!link) throw new Error('not yet');
    return link;
  }, { timeout: 10_000 });
  // On the reference cloud the fallback is its path proxy too (siteOpenLink); production: siteLoginLink.
  expect(open.getAttribute('href')).toBe(siteOpenLink(site, session.settings, { mobile: false }));
  expect(open.target).toBe('_blank');
});

it('the reference cloud opens controllers through the proxy; production at their host names', () => {
  expect(localSettings(cloud.url).controllerLinks).toBe('proxy');
  expect(resolveSettings({ origin: 'https://portal.varde.cloud', hostname: 'portal.varde.cloud', pathname: '/sites' }).controllerLinks).toBe('hostname');
});

it('says the rules are refused (which access is missing) rather than "no rules", and links nowhere it would be refused (issue 26, item 4)', async () => {
  const viewer = await signedInSharedSession(cloud, demoUsers.viewer);
  try {
    const [seen] = await listAllSites(viewer.http);
    const { container } = render(<SitePageWidget siteUuid={seen!.uuid} rulesHref="/notifications?site={uuid}" />);
    await waitFor(() => expect(container.querySelector('[part="rules"]')?.getAttribute('data-access')).toBe('refused'), { timeout: 10_000 });
    expect(container.querySelector('[part="rules"] p')?.textContent).toContain('Varslinger');
    expect(container.querySelector('[part="rules"]')?.textContent).not.toContain('Ingen varslingsregler');
    expect(container.querySelector('[part="rules"] a')).toBeNull();
  } finally {
    cleanup();
    await viewer.dispose();
    setSharedSession(session);
  }
});

it('counts unacknowledged alarms as the site list does, lists a returned one not yet acknowledged, and "All alarms" opens the list for this site (issue 26, item 4)', async () => {
  const raised = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'RETURNED-UNACKED', text: 'returned', value: '1' });
  await cloud.context.alarms.clear(raised.id); // back to normal, still not acknowledged
  const { container } = render(<SitePageWidget siteUuid={site.uuid} alarmsHref="/alarms?site={uuid}" />);
  await waitFor(() => expect(container.querySelector(`[data-alarm-id="${raised.id}"]`)).not.toBeNull(), { timeout: 10_000 });
  expect(container.querySelector(`[data-alarm-id="${raised.id}"]`)!.textContent).toContain('gått tilbake');
  // The site list's number (the site's alarm report) is the page's number.
  const { unacked } = await fetchAlarmReport(session.http, site.uuid);
  expect(unacked).toBeGreaterThan(0);
  expect(container.querySelector('[data-testid="site-unacked"]')!.textContent).toBe(`${unacked} ${unacked === 1 ? 'ukvittert' : 'ukvitterte'}`);
  expect(container.querySelector('[part="alarms"] a')!.getAttribute('href')).toBe(`/alarms?site=${site.uuid}`);
});

it('a site that is not connected shows its last values as such, never as values now (issue 26, item 4)', async () => {
  const sites = await listAllSites(session.http);
  const withHistory = await Promise.all(sites.map(async (candidate) => candidate.webpmpReady !== true && (await cloud.context.historian.seriesOf(candidate.uuid)).length > 0));
  const offline = sites.find((_, index) => withHistory[index]);
  expect(offline, 'the demo has a disconnected site with stored values').toBeDefined();
  const { container } = render(<SitePageWidget siteUuid={offline!.uuid} />);
  await waitFor(() => expect(container.querySelector('[part="live-values"] h2')?.textContent).toBe('Siste kjente verdier'), { timeout: 10_000 });
  expect(container.querySelector('[part="live-values"] [data-state="disconnected"]')!.textContent).toContain('ikke tilkoblet');
  expect(container.querySelector('[part="live-values"]')!.textContent).not.toContain('Verdier nå');
  // Nothing comes from a disconnected site: no value says "waiting".
  expect(container.querySelector('[part="live-values"]')!.textContent).not.toContain('venter…');
});

