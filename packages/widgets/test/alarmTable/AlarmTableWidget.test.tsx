import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { ALARM_CLASS_COLORS, listAllSites, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { AlarmTableWidget } from '../../src/alarmTable/Component.js';
import type { NavigateDetail } from '../../src/alarmTable/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** AlarmTableWidget against the reference cloud: alarm_getUpdate over each online site's proxy socket. */
let cloud: Cloud;
let session: Session;
let online: Site[];

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop(); // the demo's own alarms hold still
  session = await signedInSharedSession(cloud, demoUsers.user);
  online = (await listAllSites(session.http)).filter((site) => site.webpmpReady === true);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

const rowsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[part="row"]')];
/** The data columns (not the selection box nor the state, which the lifecycle tests read). */
const cellsOf = (row: HTMLElement) => [...row.querySelectorAll('[role="cell"]:not([data-cell="select"]):not([data-cell="state"])')].map((cell) => cell.textContent);

it('shows the alarms of every connected site; one raised in the cloud appears within one poll, as text', async () => {
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowsOf(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  const first = rowsOf(container)[0]!;
  const badge = first.querySelector<HTMLElement>('[part="class"]')!;
  expect(badge.style.background).toBe(ALARM_CLASS_COLORS[first.dataset.class as keyof typeof ALARM_CLASS_COLORS]);
  expect(cellsOf(first)[3]).toMatch(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/);
  const sites = new Set(rowsOf(container).map((row) => row.dataset.siteUuid));
  expect([...sites].every((uuid) => online.some((site) => site.uuid === uuid))).toBe(true);

  const target = online[0]!;
  const raised = await cloud.context.alarms.raise({ siteUuid: target.uuid, alarmGroup: 'A', tagName: 'E2E-POLL', text: '<img src=x onerror=alert(1)>', value: '99 °C' });
  // Newest first: the raised alarm leads the table after the next 3 s poll.
  await waitFor(() => expect(rowsOf(container)[0]?.dataset.alarmId).toBe(raised.id), { timeout: 6000 });
  expect(cellsOf(rowsOf(container)[0]!)).toEqual(['A', target.name, 'E2E-POLL', expect.stringMatching(/^\d\d\.\d\d\./), '<img src=x onerror=alert(1)>', '99 °C']);
  expect(container.querySelector('img')).toBeNull();
}, 20_000);

it('sorts by a column, filters by class and site, and exports exactly the rows shown as CSV', async () => {
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowsOf(container).length).toBeGreaterThan(2), { timeout: 10_000 });

  fireEvent.click(container.querySelector('button[data-column="tagName"]')!);
  const names = rowsOf(container).map((row) => cellsOf(row)[2]!);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'nb', { numeric: true, sensitivity: 'base' })));
  expect(container.querySelector('[data-column="tagName"]')!.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('ascending');

  const classes = new Set(rowsOf(container).map((row) => row.dataset.class));
  const chosen = [...classes][0]!;
  fireEvent.click(container.querySelector(`[part="class-filter"][data-class="${chosen}"]`)!);
  expect(rowsOf(container).every((row) => row.dataset.class === chosen)).toBe(true);
  fireEvent.click(container.querySelector(`[part="class-filter"][data-class="${chosen}"]`)!);

  const site = rowsOf(container)[0]!.dataset.siteUuid!;
  const select = container.querySelector<HTMLSelectElement>('[part="site-filter"]')!;
  // Only sites with alarms are offered: every one of them filters to rows.
  const offered = [...select.options].map((option) => option.value).filter((value) => value !== '');
  expect(offered).toContain(site);
  for (const uuid of offered) {
    fireEvent.change(select, { target: { value: uuid } });
    expect(rowsOf(container).length).toBeGreaterThan(0);
  }
  fireEvent.change(select, { target: { value: site } });
  const shown = rowsOf(container);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.every((row) => row.dataset.siteUuid === site)).toBe(true);

  let blob: Blob | null = null;
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => ((blob = value as Blob), 'blob:test'));
  const exportButton = container.querySelector('[part="export-button"]') as HTMLElement;
  fireEvent.click(exportButton);
  create.mockRestore();
  const text = (await blob!.text()).replace(/^\uFEFF/, '');
  const lines = text.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Klasse,Anlegg,Navn,Sist utløst,Beskrivelse,Verdi,Status,Opphørt,Kvittert av,Kommentar');
  expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(shown.map((row) => cellsOf(row)[2]));
}, 20_000);

it('links to the map through a cancelable varde-navigate event', async () => {
  const navigations: NavigateDetail[] = [];
  const { container } = render(<AlarmTableWidget mapHref="/alarms/map" onNavigate={(detail) => (navigations.push(detail), false)} />);
  const link = container.querySelector<HTMLAnchorElement>('[part="map-link"]')!;
  expect(link.getAttribute('href')).toBe('/alarms/map');
  fireEvent.click(link);
  expect(navigations).toEqual([{ href: '/alarms/map' }]);
});
