import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { setLanguage, setSharedSession } from '@varde/core';
import { CloudAppsWidget } from '../../src/cloudApps/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, signedInSession } from '../createUser/helpers.js';

let cloud: Cloud;
beforeAll(async () => {
  setLanguage('en');
  cloud = await startCloud();
  await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
}, 60_000);
afterAll(async () => {
  cleanup();
  setSharedSession(null);
  await cloud.close();
});

const click = (element: Element) => act(() => void fireEvent.click(element));

describe('CloudAppsWidget', { timeout: 30_000 }, () => {
  it('loads a mapping\'s tables, edits a tag inline (Enter, trimmed) with a busy dialog, and shows it after the reload', async () => {
    const changes: string[] = [];
    const view = render(<CloudAppsWidget reloadDelayMs={50} />);
    view.container.addEventListener('varde-mapping-table-change', (event) => changes.push((event as CustomEvent).detail.change));
    const heating = await waitFor(() => {
      const button = [...view.container.querySelectorAll('[data-mapping]')].find((b) => b.textContent?.includes('Heating curve'));
      if (!button) throw new Error('not yet');
      return button;
    });
    click(heating);
    const rows = await waitFor(() => {
      const list = view.container.querySelectorAll('[data-table]');
      if (list.length !== 4) throw new Error('not yet');
      return list;
    });
    click(rows[0]!);
    expect(rows[0]!.getAttribute('aria-selected')).toBe('true');
    const cells = await waitFor(() => {
      const inputs = view.container.querySelectorAll<HTMLInputElement>('[data-meaning] [data-field="tag"]');
      if (inputs.length !== 3) throw new Error('not yet');
      return inputs;
    });
    expect(cells[0]!.value).toBe('PT501');
    expect(view.container.querySelector('[data-meaning] th')?.textContent).toContain('District heating pressure');

    act(() => void fireEvent.change(cells[0]!, { target: { value: '  PT599 ' } }));
    act(() => void fireEvent.keyDown(cells[0]!, { key: 'Enter' }));
    await found(view.container, '[role="dialog"][aria-busy="true"]');
    await waitFor(() => expect(view.container.querySelector('[role="dialog"][aria-busy="true"]')).toBeNull());
    expect(view.container.querySelectorAll<HTMLInputElement>('[data-meaning] [data-field="tag"]')[0]!.value).toBe('PT599');
    expect(changes).toEqual(['tag-mapping']);

    const controller = view.container.querySelectorAll<HTMLInputElement>('[data-meaning] [data-field="controller-id"]')[0]!;
    act(() => void fireEvent.change(controller, { target: { value: 'not-a-uuid' } }));
    act(() => void fireEvent.keyDown(controller, { key: 'Enter' }));
    expect((await found(view.container, '[data-error-detail]')).textContent).toBe('The controller has to be a valid UUID');
    click(view.container.querySelector('[data-action="dismiss-error"]')!);
    view.unmount();
  });
});

describe('CloudAppsWidget states (issue 26)', { timeout: 30_000 }, () => {
  it('a user without the Apps module is told which access is missing, not the server\'s sentence', async () => {
    cleanup();
    const user = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    try {
      const view = render(<CloudAppsWidget />);
      const refused = await found(view.container, '[data-state="refused"]');
      expect(refused.textContent).toBe('You do not have access: cloud apps (the Apps module).');
      expect(view.container.querySelector('[part="mappings"]')).toBeNull();
    } finally {
      cleanup();
      await user.dispose();
    }
  });
});
