import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createSession, localSettings, setLanguage, setSharedSession, type Session } from '@varde/core';
import { MlExplorerWidget } from '../../src/mlExplorer/Component.js';
import { defineMlExplorer } from '../../src/mlExplorer/element.js';
import type { MlSavedDetail } from '../../src/mlExplorer/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { demoSites } from '../../../server/src/seed/demoSites.js';

/** The ML explorer in a DOM on a session signed in against the reference cloud (training stepped by hand). */
let cloud: Cloud;
let session: Session;
const [oslo] = demoSites();

beforeAll(async () => {
  cloud = await startCloud();
  cloud.context.anomaly.training.useManualSteps();
  session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  await session.start({ silent: false });
  await session.signInWithPassword(demoUsers.admin.email, demoUsers.admin.password);
  setSharedSession(session);
  await setLanguage('en');
});
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

function found<T extends Element = HTMLElement>(root: ParentNode, selector: string): Promise<T> {
  return waitFor(() => {
    const element = root.querySelector<T>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  });
}

function type(root: ParentNode, field: string, value: string): void {
  const input = root.querySelector(`[data-field="${field}"]`) as HTMLInputElement;
  expect(input, field).not.toBeNull();
  fireEvent.change(input, { target: { value } });
}

/** sl-button: a property once upgraded, an attribute before. */
const isDisabled = (element: Element) => (element as Element & { disabled?: boolean }).disabled === true || element.hasAttribute('disabled');
const click = (root: ParentNode, action: string) => fireEvent.click(root.querySelector(`[data-action="${action}"]`)!);

describe('MlExplorerWidget', () => {
  it('shows the tree in folders, refuses each rule beside its field, saves a model and trains a version to READY', async () => {
    const saved: MlSavedDetail[] = [];
    const { container } = render(<MlExplorerWidget onSaved={(detail) => saved.push(detail)} />);
    await found(container, '[data-model-id]');
    const folders = [...container.querySelectorAll('.varde-ml-explorer__folder-name')].map((node) => node.textContent);
    expect(folders).toEqual(expect.arrayContaining(['heating', 'ventilation']));

    click(container, 'add-model');
    await found(container, '[data-editor="model"]');
    type(container, 'name', 'widget-test/rooms');
    click(container, 'add-tags');
    click(container, 'add-tags');
    await found(container, '[data-field="tags.1.controller"]');
    type(container, 'tags.0.controller', 'not-a-uuid');
    type(container, 'tags.0.tag', 'RT401 ');
    expect((await found(container, '[data-error-for="tags.0.controller"]')).textContent).toBe('The controller has to be a valid UUID');
    expect(container.querySelector('[data-error-for="tags.0.tag"]')!.textContent).toBe('No leading or trailing whitespaces');
    expect(isDisabled(container.querySelector('[data-action="save-model"]')!)).toBe(true);
    type(container, 'tags.0.controller', oslo!.uuid);
    type(container, 'tags.0.tag', 'RT401');
    type(container, 'tags.1.controller', oslo!.uuid);
    type(container, 'tags.1.tag', 'RT401');
    expect((await found(container, '[data-error-for="tags.1.tag"]')).textContent).toBe('The controller + tag name has to be unique');
    type(container, 'tags.1.tag', 'RT901');

    click(container, 'add-labels');
    click(container, 'add-labels');
    await found(container, '[data-field="labels.1.key"]');
    type(container, 'labels.0.key', 'owner');
    type(container, 'labels.1.key', 'owner');
    expect((await found(container, '[data-error-for="labels.1.key"]')).textContent).toBe('The label name has to be unique');
    type(container, 'labels.1.key', 'site');
    type(container, 'labels.0.value', ' drift ');
    click(container, 'add-parameters');
    click(container, 'add-parameters');
    await found(container, '[data-field="parameters.1.key"]');
    type(container, 'parameters.0.key', 'sampling');
    type(container, 'parameters.1.key', 'sampling');
    expect((await found(container, '[data-error-for="parameters.1.key"]')).textContent).toBe('The parameter name has to be unique');
    type(container, 'parameters.1.key', 'window');
    expect(container.querySelector('[part="pending-warning"]')).not.toBeNull();

    click(container, 'save-model');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(container.querySelector('[part="pending-warning"]')).toBeNull();
    const model = (await cloud.context.anomaly.store.list()).find((m) => m.name === 'widget-test/rooms')!;
    expect(model.labels).toEqual({ owner: 'drift', site: '' });

    click(container, 'add-version');
    await found(container, '[data-editor="version"]');
    expect(container.querySelector('[part="status-chip"]')!.getAttribute('data-status')).toBe('VERSION_STATUS_CREATED');
    click(container, 'train');
    await waitFor(() => expect(container.querySelector('[data-editor="version"] [part="status-chip"]')!.getAttribute('data-status')).toBe('VERSION_STATUS_STARTING_TRAINING'));
    // The chip changed before the server answered; wait for the server's job, then run it.
    await waitFor(() => expect(cloud.context.anomaly.training.running()).toHaveLength(1));
    await act(async () => {
      await cloud.context.anomaly.training.runUntilIdle();
    });
    click(container, 'refresh-version');
    await waitFor(() => expect(container.querySelector('[data-editor="version"] [part="status-chip"]')!.getAttribute('data-status')).toBe('VERSION_STATUS_READY'));
    expect(isDisabled(container.querySelector('[data-action="train"]')!)).toBe(true);
    fireEvent.click(container.querySelector('[data-tab="table"]')!);
    const table = await found(container, '[part="performance-table"]');
    expect(table.textContent).toContain('samples_used');
    expect(table.textContent).toContain('anomaly_rate');
  });

  it('blocks leaving pending changes and asks before deleting a model, listing its versions', async () => {
    const { container } = render(<MlExplorerWidget />);
    const heating = (await cloud.context.anomaly.store.list()).find((m) => m.name.endsWith('district-heating'))!;
    fireEvent.click(await found(container, `[data-model-id="${heating.model_id}"]`));
    await found(container, '[data-editor="model"]');
    expect((container.querySelector('[data-field="tags.0.controller"]') as HTMLInputElement).disabled).toBe(true);
    type(container, 'description', 'changed here');
    fireEvent.click(container.querySelector(`[data-version-id]`)!);
    expect((await found(container, '[part="pending-warning"]')).textContent).toContain('Save or discard your changes');
    expect(container.querySelector('[data-editor="model"]')).not.toBeNull();
    click(container, 'warning-discard');
    await waitFor(() => expect(container.querySelector('[part="pending-warning"]')).toBeNull());

    click(container, 'delete-model');
    const dialog = await found(container, '[data-dialog="delete"]');
    expect(dialog.querySelector('[data-deleted-versions]')!.textContent).toContain('new version');
    click(container, 'delete-cancel');
    await waitFor(() => expect(container.querySelector('[data-dialog="delete"]')).toBeNull());
  });

  it('as <varde-ml-explorer>: reads refresh-ms, renders in its shadow root', async () => {
    defineMlExplorer();
    const element = document.createElement('varde-ml-explorer');
    element.setAttribute('refresh-ms', '60000');
    document.body.append(element);
    expect(element.refreshMs).toBe(60000);
    await waitFor(() => {
      if (!element.shadowRoot?.querySelector('[data-model-id]')) throw new Error('not rendered yet');
    });
    expect(element.shadowRoot!.querySelector('[role="tree"]')).not.toBeNull();
    element.remove();
  });
});

describe('MlExplorerWidget states (issue 26)', () => {
  it('a user without the ML explorer module is told which access is missing; signed out is a sign-in prompt', async () => {
    const user = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
    await user.start({ silent: false });
    setSharedSession(user);
    try {
      const signedOut = render(<MlExplorerWidget />);
      await found(signedOut.container, '[part="signed-out"] [part="sign-in-request"]');
      signedOut.unmount();
      await user.signInWithPassword(demoUsers.user.email, demoUsers.user.password);
      const view = render(<MlExplorerWidget />);
      const refused = await found(view.container, '[data-state="refused"]');
      expect(refused.textContent).toBe('You do not have access: the ML explorer (its module).');
      expect(view.container.querySelector('[data-action="add-model"]')).toBeNull();
    } finally {
      cleanup();
      setSharedSession(session);
      await user.dispose();
    }
  }, 20_000);
});
