import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { getMapping, listMappingTables, setLanguage, setSharedSession, type Session } from '@varde/core';
import { CloudAppsWidget } from '../../src/cloudApps/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, signedInSession } from '../createUser/helpers.js';

let cloud: Cloud;
let session: Session;
beforeAll(async () => {
  setLanguage('en');
  cloud = await startCloud();
  session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
}, 60_000);
afterAll(async () => {
  cleanup();
  setSharedSession(null);
  await cloud.close();
});

const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (element: Element, value: string | number) => act(() => void fireEvent.change(element, { target: { value: String(value) } }));
const http = () => session.http;

async function openHeating(container: HTMLElement): Promise<string> {
  const button = await waitFor(() => {
    const found = [...container.querySelectorAll('[data-mapping]')].find((b) => b.textContent?.includes('Heating curve'));
    if (!found) throw new Error('not yet');
    return found;
  });
  click(button);
  return button.getAttribute('data-mapping')!;
}

async function idle(container: HTMLElement): Promise<void> {
  await waitFor(() => expect(container.querySelector('[role="dialog"][aria-busy="true"]')).toBeNull());
}

describe('CloudAppsWidget: mapping fields and table settings', { timeout: 30_000 }, () => {
  it('edits a mapping\'s level, ratings, a Swedish cause and the query; a bad rating is caught before sending', async () => {
    const changes: string[] = [];
    const view = render(<CloudAppsWidget reloadDelayMs={50} />);
    view.container.addEventListener('varde-mapping-table-change', (event) => changes.push((event as CustomEvent).detail.change));
    const uuid = await openHeating(view.container);
    const form = await found(view.container, '[part="mapping-details"] form');
    const field = (name: string) => form.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[data-field="${name}"]`)!;
    expect(field('level').value).toBe('C');
    expect(field('cause-en').value).toBe('The heating curve does not fit the outdoor temperature');
    expect(field('cypher-query').value).toContain('MATCH (v:Valve)');
    expect(form.querySelector('[data-action="save-mapping"]')!.hasAttribute('disabled')).toBe(true);

    type(field('rating-comfort'), 7);
    act(() => void fireEvent.submit(form));
    expect((await found(view.container, '[data-form-problem]')).textContent).toBe('ratings.comfort: To 5');
    expect((await getMapping(http(), uuid)).ratings?.comfort).toBe(3);

    type(field('rating-comfort'), 4);
    type(field('level'), 'A');
    type(field('cause-sv'), 'Värmekurvan passar inte <b>utetemperaturen</b>');
    type(field('cypher-query'), '');
    act(() => void fireEvent.submit(form));
    await found(view.container, '[role="dialog"][aria-busy="true"]');
    await idle(view.container);
    expect(await getMapping(http(), uuid)).toMatchObject({
      level: 'A',
      ratings: { comfort: 4, energy: 5, operation: 3 },
      cause: { sv: 'Värmekurvan passar inte <b>utetemperaturen</b>' },
      cypher_query: null,
    });
    expect(changes).toEqual(['mapping']);
    // After the reload the form shows what the cloud holds, as text.
    const reloaded = await found(view.container, '[data-field="cause-sv"]');
    expect((reloaded as HTMLTextAreaElement).value).toBe('Värmekurvan passar inte <b>utetemperaturen</b>');
    expect(view.container.querySelector('b')).toBeNull();
    view.unmount();
  });

  it('shows the selected table\'s interval setting and edits it in place', async () => {
    const view = render(<CloudAppsWidget reloadDelayMs={50} />);
    const uuid = await openHeating(view.container);
    const rows = await waitFor(() => {
      const list = view.container.querySelectorAll('[data-table]');
      if (list.length !== 4) throw new Error('not yet');
      return list;
    });
    click(rows[1]!);
    const cell = await found(view.container, '[data-parameter] [data-field="parameter-value"]') as HTMLInputElement;
    expect(view.container.querySelector('[data-parameter] th')?.textContent).toBe('Interval (minutes)');
    expect(cell.value).toBe('15');

    type(cell, ' 30 ');
    act(() => void fireEvent.keyDown(cell, { key: 'Enter' }));
    await found(view.container, '[role="dialog"][aria-busy="true"]');
    await idle(view.container);
    const table = (await listMappingTables(http(), uuid))[1]!;
    expect(table.parameters).toEqual([{ 'meaning-uuid': expect.any(String), value: 30 }]);
    expect((view.container.querySelector('[data-parameter] [data-field="parameter-value"]') as HTMLInputElement).value).toBe('30');
    view.unmount();
  });
});
