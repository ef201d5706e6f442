import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { listAllSites, setSharedSession, type Session } from '@varde/core';
import type { Site } from '@varde/core/contract';
import { setSiteConnection } from '../../../server/src/simulation/siteStatus.js';
import { AlarmTableWidget } from '../../src/alarmTable/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** The alarm table's operator actions against the reference cloud: open a row by keyboard, acknowledge, bulk, state filter. */
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
/** The alarm dialog, once its code has loaded (it loads on first use). */
const dialogOf = (container: HTMLElement) =>
  waitFor(() => {
    const dialog = container.querySelector('[data-dialog="alarm"]');
    if (!dialog) throw new Error('the alarm dialog is not there yet');
    return dialog;
  });
const stateOf = (container: HTMLElement, id: string) => rowOf(container, id)?.querySelector('[data-cell="state"]')?.textContent ?? null;

it('a focused row opens with Enter; acknowledging with a comment shows who, and the comment as text', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'A', tagName: 'WIDGET-ACK', text: 'Frostvakt' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, alarm.id)).not.toBeNull(), { timeout: 10_000 });
  const row = rowOf(container, alarm.id)!;
  expect(row.tabIndex).toBe(0);
  row.focus();
  fireEvent.keyDown(row, { key: 'Enter' });
  const dialog = await dialogOf(container);
  await waitFor(() => expect(dialog.getAttribute('label')).toContain('WIDGET-ACK'));
  fireEvent.change(dialog.querySelector('textarea')!, { target: { value: '<i>Sjekket</i>' } });
  fireEvent.click(dialog.querySelector('[data-action="acknowledge"]')!);

  await waitFor(() => expect(stateOf(container, alarm.id)).toContain(demoUsers.user.email), { timeout: 10_000 });
  expect(await cloud.context.alarms.byId(alarm.id)).toMatchObject({ acknowledgedBy: demoUsers.user.email, ackComment: '<i>Sjekket</i>' });
  await waitFor(() => expect(dialog.querySelector('[data-testid="ack-comment"]')?.textContent).toBe('<i>Sjekket</i>'));
  expect(dialog.querySelector('i')).toBeNull();
  await waitFor(() => expect([...dialog.querySelectorAll('[data-action="acknowledged"]')]).toHaveLength(1));
}, 20_000);

it('selected rows are acknowledged together; the state filter shows only the unacknowledged', async () => {
  const first = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'WIDGET-BULK-1' });
  const second = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'B', tagName: 'WIDGET-BULK-2' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, second.id)).not.toBeNull(), { timeout: 10_000 });
  for (const alarm of [first, second]) fireEvent.click(rowOf(container, alarm.id)!.querySelector('[part="row-select"]')!);
  fireEvent.click(container.querySelector('[part="bulk-acknowledge"]')!);
  const dialog = await dialogOf(container);
  await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true));
  fireEvent.click(dialog.querySelector('[data-action="acknowledge"]')!);
  await waitFor(() => expect(stateOf(container, second.id)).toContain(demoUsers.user.email), { timeout: 10_000 });
  expect(stateOf(container, first.id)).toContain(demoUsers.user.email);
  // Issue 26, item 3: done is done. The dialog closes, the selection is let go, the table says so once.
  await waitFor(() => expect(container.querySelector('[data-dialog="alarm"]')).toBeNull());
  expect(container.querySelector('[data-testid="alarm-notice"]')?.textContent).toBe('2 alarmer kvittert.');
  expect(container.querySelector('[part="bulk-acknowledge"]')!.hasAttribute('disabled')).toBe(true);
  expect(rowOf(container, first.id)!.querySelector<HTMLInputElement>('[part="row-select"]')!.checked).toBe(false);

  fireEvent.change(container.querySelector('[part="state-filter"]')!, { target: { value: 'unacked' } });
  await waitFor(() => expect(rowOf(container, first.id)).toBeNull());
  expect(container.querySelectorAll('[part="row"]').length).toBeGreaterThan(0);
}, 20_000);

it('clearing asks once more, and a returned alarm says why there is nothing to clear (issue 26, item 8)', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: 'WIDGET-CLEAR-1' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, alarm.id)).not.toBeNull(), { timeout: 10_000 });
  fireEvent.click(rowOf(container, alarm.id)!);
  const dialog = await dialogOf(container);
  expect(dialog.querySelector('[data-testid="clear-why-not"]')).toBeNull();
  fireEvent.click(dialog.querySelector('[data-action="clear"]')!);
  expect(dialog.querySelector('[data-testid="clear-confirm"]')).not.toBeNull();
  fireEvent.click(dialog.querySelector('[data-action="clear-cancel"]')!);
  expect(dialog.querySelector('[data-testid="clear-confirm"]')).toBeNull();
  expect(rowOf(container, alarm.id)!.classList.contains('varde-alarm-table__row--cleared')).toBe(false);
  fireEvent.click(dialog.querySelector('[data-action="clear"]')!);
  fireEvent.click(dialog.querySelector('[data-action="clear-confirmed"]')!);
  await waitFor(() => expect(rowOf(container, alarm.id)!.classList.contains('varde-alarm-table__row--cleared')).toBe(true), { timeout: 10_000 });
  await waitFor(() => expect(dialog.querySelector('[data-testid="clear-why-not"]')?.textContent).toBe('Allerede opphørt: ingenting å fjerne.'));
}, 20_000);

it('a site that stops answering is named under the table', async () => {
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(container.querySelectorAll('[part="row"]').length).toBeGreaterThan(0), { timeout: 10_000 });
  expect(container.querySelector('[data-testid="sites-failed"]')).toBeNull();
  setSiteConnection(cloud.context, site.uuid, false);
  try {
    // The next poll (at most 3 s) gets alarm_error from that site.
    await waitFor(() => expect(container.querySelector('[data-testid="sites-failed"]')?.textContent).toContain(site.name), { timeout: 10_000 });
  } finally {
    setSiteConnection(cloud.context, site.uuid, true);
  }
}, 20_000);

it('the dialog names who acknowledged the alarm, from the audit log (issue 36)', async () => {
  const alarm = await cloud.context.alarms.raise({ siteUuid: site.uuid, alarmGroup: 'C', tagName: 'WIDGET-AUDIT' });
  const { container } = render(<AlarmTableWidget />);
  await waitFor(() => expect(rowOf(container, alarm.id)).not.toBeNull(), { timeout: 10_000 });
  fireEvent.click(rowOf(container, alarm.id)!);
  const dialog = await dialogOf(container);
  await waitFor(() => expect(dialog.getAttribute('label')).toContain('WIDGET-AUDIT'));
  expect(dialog.querySelector('[data-testid="alarm-steps-by"]')).toBeNull();
  fireEvent.click(dialog.querySelector('[data-action="acknowledge"]')!);
  await waitFor(() => {
    const steps = dialog.querySelector('[data-testid="alarm-steps-by"]');
    expect(steps?.querySelector('dt')?.textContent).toBe('Kvittert av');
    expect(steps?.querySelector('dd')?.textContent).toContain(demoUsers.user.email);
  }, { timeout: 10_000 });
}, 20_000);
