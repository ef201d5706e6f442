import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { listAllSites, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { AlarmTableWidget } from '../../src/alarmTable/Component.js';
import { SiteAlarmCardsWidget } from '../../src/siteAlarmCards/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/**
 * Issue 37 in a DOM: a search that matches nothing names itself and leaves the cards alone (item 2); the
 * cards' title says what it counts (item 1); focus goes into the alarm dialog and back to the row or the
 * bulk button, and K acknowledges the focused row (item 3).
 */
let cloud: Cloud;
let session: Session;
let site: Site;

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.simulation.stop();
  session = await signedInSharedSession(cloud, demoUsers.user);
  site = (await listAllSites(session.http)).find((item) => item.webpmpReady === true)!;
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

const rowOf = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[part="row"][data-alarm-id="${id}"]`);
/**
 * Focus is in the dialog (its comment in Chromium, where the browser suite checks it; happy-dom's
 * :focus-within does not see slotted fields, so Shoelace's trap moves it to the dialog's own close button).
 */
const focusIsIn = (dialog: HTMLElement) => document.activeElement === dialog || dialog.contains(document.activeElement);
const dialogOf = (container: HTMLElement) =>
  waitFor(() => {
    const dialog = container.querySelector<HTMLElement>('[data-dialog="alarm"]');
    if (!dialog) throw new Error('the alarm dialog is not there yet');
    return dialog;
  });

it('a search that matches nothing names the search and what it hides; the cards still count every site', async () => {
  await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'WIDGET-SEARCH' });
  const { container } = render(
    <>
      <AlarmTableWidget />
      <SiteAlarmCardsWidget excludeSite="" />
    </>,
  );
  const cardsTitle = () => container.querySelector<HTMLElement>('.varde-site-alarm-cards [part="title"]');
  await waitFor(() => expect(Number(cardsTitle()?.dataset.count)).toBeGreaterThan(0), { timeout: 10_000 });
  const sitesBefore = Number(cardsTitle()!.dataset.count);
  expect(cardsTitle()!.textContent).toBe(`${sitesBefore} anlegg med aktive alarmer, kvittert eller ikke`);
  // The table's own count of sites with active alarms is the cards' count.
  await waitFor(() => expect(Number(container.querySelector<HTMLElement>('[data-testid="active-site-count"]')!.dataset.count)).toBe(sitesBefore));
  // The table holds the alarms of the online sites (one socket each): those that are active are what the search hides.
  const online = (await listAllSites(session.http)).filter((item) => item.webpmpReady === true).map((item) => item.uuid);
  const active = (await cloud.context.alarms.list({ siteUuids: online, active: true })).length;

  fireEvent.change(container.querySelector('[part="search"]')!, { target: { value: 'zzqx' } });
  await waitFor(() => expect(container.querySelector('[data-testid="filtered-empty"]')).not.toBeNull(), { timeout: 5000 });
  expect(container.querySelector('[data-testid="filtered-empty"]')!.textContent).toContain(`Ingen alarmer passer «zzqx» — ${active} aktive alarmer er skjult av søket.`);
  expect(container.querySelector('[data-testid="alarm-count"]')!.textContent).not.toBe('0 av 0 alarmer');
  // The cards are not searched into a false all-clear.
  expect(Number(cardsTitle()!.dataset.count)).toBe(sitesBefore);
  expect(container.textContent).not.toContain('Ingen anlegg har aktive alarmer');

  fireEvent.click(container.querySelector('[part="clear-filters"]')!);
  await waitFor(() => expect(container.querySelector('[data-testid="filtered-empty"]')).toBeNull(), { timeout: 5000 });
  expect(container.querySelectorAll('[part="row"]').length).toBeGreaterThan(0);
}, 30_000);

it('Enter opens with focus on the comment; Close returns focus to the row; K acknowledges the focused row', async () => {
  const first = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'WIDGET-FOCUS-1' });
  const second = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'WIDGET-FOCUS-2' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, first.id) && rowOf(container, second.id)).toBeTruthy(), { timeout: 10_000 });

  rowOf(container, first.id)!.focus();
  fireEvent.keyDown(rowOf(container, first.id)!, { key: 'Enter' });
  const dialog = await dialogOf(container);
  await waitFor(() => expect(focusIsIn(dialog)).toBe(true));
  fireEvent.click(dialog.querySelector('[data-action="close"]')!);
  await waitFor(() => expect(container.querySelector('[data-dialog="alarm"]')).toBeNull());
  expect(document.activeElement).toBe(rowOf(container, first.id));

  // K on the focused row: acknowledged without a dialog, the summary names it, focus stays on the row.
  fireEvent.keyDown(rowOf(container, second.id)!, { key: 'k' });
  await waitFor(() => expect(rowOf(container, second.id)!.dataset.acked).toBe('true'), { timeout: 10_000 });
  expect((await cloud.context.alarms.byId(second.id))?.acknowledgedBy).toBe(demoUsers.user.email);
  expect(container.querySelector('[data-testid="alarm-notice"]')!.textContent).toBe(`${site.name} WIDGET-FOCUS-2 kvittert.`);
  expect(container.querySelector('.varde-alarm-table__keys')!.textContent).toContain('K kvitterer');
}, 30_000);

it('a cancelled bulk dialog gives focus back to the bulk button and keeps the selection', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: 'WIDGET-FOCUS-BULK' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, alarm.id)).not.toBeNull(), { timeout: 10_000 });
  fireEvent.click(rowOf(container, alarm.id)!.querySelector('[part="row-select"]')!);
  const bulk = container.querySelector<HTMLElement>('[part="bulk-acknowledge"]')!;
  await waitFor(() => expect(bulk.hasAttribute('disabled')).toBe(false));
  fireEvent.click(bulk);
  const dialog = await dialogOf(container);
  await waitFor(() => expect(focusIsIn(dialog)).toBe(true));
  fireEvent.click(dialog.querySelector('[data-action="close"]')!);
  await waitFor(() => expect(container.querySelector('[data-dialog="alarm"]')).toBeNull());
  expect(document.activeElement).toBe(bulk);
  expect(rowOf(container, alarm.id)!.querySelector<HTMLInputElement>('[part="row-select"]')!.checked).toBe(true);
}, 30_000);
