import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { alarmClassColor, createSimulatedSite, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { SiteListWidget } from '../../src/siteList/Component.js';
import type { SiteOpenDetail } from '../../src/siteList/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** SiteListWidget in a DOM against the reference cloud (real HTTP, real realtime database). */
let cloud: Cloud;
let session: Session;
let hostile: Site;
const HOSTILE = '<img src=x onerror=alert(1)>';

beforeAll(async () => {
  cloud = await startCloud();
  const admin = await signedInSharedSession(cloud, demoUsers.systemAdmin);
  hostile = await createSimulatedSite(admin.http, { name: HOSTILE, webpmpReady: true, grantTo: [demoUsers.user.email] });
  await admin.dispose();
  session = await signedInSharedSession(cloud, demoUsers.user);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

function rows(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('[part="row"]')];
}

it('shows each site with its status icon and tooltip, alarm summary, portal status text and the cloud banner', async () => {
  const { container } = render(<SiteListWidget statusHost={new URL(cloud.url).hostname} />);
  await waitFor(() => expect(rows(container).length).toBe(11), { timeout: 10_000 });
  const sites = (await session.http.request('controllers-api', '/controllers', { query: { controllers: 'controllers' } })) as { data: Site[] };
  for (const site of sites.data) {
    const row = container.querySelector<HTMLElement>(`[data-site-uuid="${site.uuid}"]`)!;
    const expected = site.webpmpReady === true ? 'bell' : 'cloud-off';
    expect(row.dataset.status).toBe(expected);
    const tooltip = row.querySelector('[part="status-icon"]')!.getAttribute('title');
    expect(tooltip).toBe(site.webpmpReady === true ? 'Tilkoblet' : site.webpmpReady === false ? 'Frakoblet' : 'Utilgjengelig. Kontakt administrator.');
    // Online sites are links to their login; the others are plain text.
    expect(row.querySelector('a[part="name"]') !== null).toBe(site.webpmpReady === true);
  }
  // Alarm reports arrive: a site with an active alarm shows it in its class colour.
  await waitFor(() => expect(container.querySelector('[data-alarm-state="loading"]')).toBeNull(), { timeout: 10_000 });
  const active = container.querySelector<HTMLElement>('[data-alarm-state="active"]');
  expect(active).not.toBeNull();
  const colour = active!.querySelector<HTMLElement>('.varde-site-list__alarm-dot')!.style.background;
  const hex = alarmClassColor(active!.dataset.alarmClass ?? '');
  const rgb = `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
  expect([hex, rgb]).toContain(colour);
  expect(container.querySelector('[data-alarm-state="none"]')?.textContent).toBe('Ingen alarmer');
  // Realtime status tags of the rows on screen, in their colour.
  await waitFor(() => expect(container.querySelectorAll('[part="status-text"]').length).toBeGreaterThan(0), { timeout: 10_000 });
  const statusText = container.querySelector<HTMLElement>('[part="status-text"]')!;
  // An online site's text as its controller wrote it; a site not connected says so in the UI's language (issue 26, item 5).
  expect(['Normal drift', 'Vedlikehold', 'Frakoblet', 'Utilgjengelig. Kontakt administrator.']).toContain(statusText.textContent);
  const offline = [...container.querySelectorAll<HTMLElement>('[data-testid="site-row"][data-status="cloud-off"] [part="status-text"]')].map((node) => node.textContent);
  expect(offline.every((text) => text === 'Frakoblet' || text === 'Utilgjengelig. Kontakt administrator.')).toBe(true);
  expect(['#2e7d32', '#ef6c00', '#757575', '#9e9e9e']).toContain(statusText.style.getPropertyValue('--status-color'));
  await waitFor(() => expect(container.querySelector('[part="banner"]')?.textContent).toMatch(/Skystatus:.+/), { timeout: 10_000 });
}, 20_000);

it('renders a hostile site name as text, and an online site opens its login link through a cancelable event', async () => {
  const opened: SiteOpenDetail[] = [];
  const { container } = render(<SiteListWidget onSiteOpen={(detail) => (opened.push(detail), false)} />);
  await waitFor(() => expect(container.querySelector(`[data-site-uuid="${hostile.uuid}"]`)).not.toBeNull(), { timeout: 10_000 });
  const row = container.querySelector<HTMLElement>(`[data-site-uuid="${hostile.uuid}"]`)!;
  const link = row.querySelector<HTMLAnchorElement>('a[part="name"]')!;
  expect(link.textContent).toBe(HOSTILE);
  expect(container.querySelector('img')).toBeNull();
  // The reference cloud: through its path proxy (the portal's controller view), not the site's host name (issue 26, item 6).
  const proxied = `${cloud.url}/dashboards?site=${hostile.uuid}`;
  expect(link.getAttribute('href')).toBe(proxied);
  expect(link.getAttribute('target')).toBe('_blank');
  link.click();
  expect(opened).toEqual([{ uuid: hostile.uuid, name: HOSTILE, url: proxied, target: '_blank' }]);
}, 20_000);

it('inside the mobile app a site opens in the same window', async () => {
  const { container } = render(<SiteListWidget mobileApp />);
  await waitFor(() => expect(rows(container).length).toBe(11), { timeout: 10_000 });
  const links = [...container.querySelectorAll<HTMLAnchorElement>('a[part="name"]')];
  expect(links.every((link) => link.target === '_self')).toBe(true);
  // Production's links (host name for 4.0, the legacy login for older) are siteLoginLink's, tested in core.
  expect(links.every((link) => /\/dashboards\?site=[0-9a-f-]{36}$/.test(link.href))).toBe(true);
}, 20_000);

it('shows the empty text for a user without sites', async () => {
  // A Guest administers no site (the cloud's decision), so their adminControllers list is empty.
  const guest = await signedInSharedSession(cloud, demoUsers.guest);
  const { container } = render(<SiteListWidget list="adminControllers" />);
  await waitFor(() => expect(container.querySelector('[data-state="empty"]')?.textContent).toBe('Du har ingen anlegg.'), { timeout: 10_000 });
  await guest.dispose();
  setSharedSession(session);
}, 20_000);
