import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { setLanguage, setSharedSession } from '@varde/core';
import { CloudFunctionsWidget } from '../../src/cloudFunctions/Component.js';
import { defineVardeCloudFunctions } from '../../src/cloudFunctions/element.js';
import { textareaEditor } from '../../src/cloudFunctions/loadSourceEditor.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, signedInSession } from '../createUser/helpers.js';

// monaco does not run in happy-dom: the widget's own fallback editor (a textarea) stands in.
vi.mock('../../src/cloudFunctions/loadSourceEditor.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/cloudFunctions/loadSourceEditor.js')>();
  return { ...original, loadSourceEditor: async () => original.textareaEditor };
});

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
const type = (element: Element, value: string) => act(() => void fireEvent.change(element, { target: { value } }));

describe('CloudFunctionsWidget', { timeout: 30_000 }, () => {
  it('lists functions, edits one, blocks switching while unsaved, saves a new version', async () => {
    expect(textareaEditor).toBeTypeOf('function');
    const saved: string[] = [];
    const view = render(<CloudFunctionsWidget />);
    view.container.addEventListener('varde-function-saved', (event) => saved.push((event as CustomEvent).detail.name));
    const hello = await found(view.container, '[data-function="hello"]');
    expect(hello.textContent).toContain('Says hello.');
    expect(hello.textContent).toContain('v1');

    click(hello);
    const source = await found<HTMLTextAreaElement>(view.container, 'textarea[data-source-editor]');
    await waitFor(() => expect(source.value).toContain('def main(request)'));
    expect((view.container.querySelector('[data-field="name"]') as HTMLInputElement).readOnly).toBe(true);
    expect(view.container.querySelector('[data-field="version"]')?.textContent).toBe('1');

    await act(async () => {
      source.value = `${source.value}# changed\n`;
      source.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(view.container.querySelector('[data-unsaved]')?.textContent).toBe('You have unsaved changes.');
    click(view.container.querySelector('[data-function="room-average"]')!);
    expect(view.container.querySelector('[data-unsaved]')?.textContent).toMatch(/before choosing another function/);
    expect(view.container.querySelector('[aria-current="true"]')?.getAttribute('data-function')).toBe('hello');

    click(view.container.querySelector('[data-action="save"]')!);
    await waitFor(() => expect(view.container.querySelector('[data-function="hello"]')?.textContent).toContain('v2'));
    expect(view.container.textContent).toContain('Choose a function, or create a new one.');
    expect(saved).toEqual(['hello']);
    view.unmount();
  });

  it('shows the server detail in a dismissible box, and new makes the name editable', async () => {
    const view = render(<CloudFunctionsWidget />);
    click(await found(view.container, '[data-action="new"]'));
    const name = await found<HTMLInputElement>(view.container, '[data-field="name"]');
    expect(name.readOnly).toBe(false);
    const source = await found<HTMLTextAreaElement>(view.container, 'textarea[data-source-editor]');
    expect(source.value).toContain('class DataAccess');
    expect((view.container.querySelector('[data-field="requirements"]') as HTMLTextAreaElement).value).toBe('requests>=2.31');

    // A name the cloud refuses: the store checks it first and shows the rule.
    type(name, 'has space');
    click(view.container.querySelector('[data-action="save"]')!);
    const detail = await found(view.container, '[data-error-detail]');
    expect(detail.textContent).toMatch(/function name starts with a letter/);
    click(view.container.querySelector('[data-action="dismiss-error"]')!);
    expect(view.container.querySelector('[role="alert"]')).toBeNull();
    click(view.container.querySelector('[data-action="cancel"]')!);
    expect(view.container.textContent).toContain('Choose a function, or create a new one.');
    view.unmount();
  });

  it('is a custom element whose editor sits in the light DOM, slotted into the shadow root', async () => {
    defineVardeCloudFunctions();
    const element = document.createElement('varde-cloud-functions');
    document.body.append(element);
    const item = await waitFor(() => {
      const found = element.shadowRoot?.querySelector('[data-function="hello"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    click(item);
    const editor = await waitFor(() => {
      const found = element.querySelector(':scope > [data-varde-source-editor] textarea');
      if (!found) throw new Error('not yet');
      return found;
    });
    const slotName = editor.parentElement!.getAttribute('slot');
    expect(element.shadowRoot!.querySelector(`slot[name="${slotName}"]`)).not.toBeNull();
    element.remove();
    await waitFor(() => expect(element.querySelector('[data-varde-source-editor]')).toBeNull());
  });
});

describe('CloudFunctionsWidget states (issue 26)', { timeout: 30_000 }, () => {
  it('a user without the Functions module is told which access is missing, not the server\'s sentence', async () => {
    cleanup();
    const user = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    try {
      const view = render(<CloudFunctionsWidget />);
      const refused = await found(view.container, '[data-state="refused"]');
      expect(refused.textContent).toBe('You do not have access: cloud functions (the Functions module).');
      expect(view.container.querySelector('[data-action="new"]')).toBeNull();
    } finally {
      cleanup();
      await user.dispose();
    }
  });
});
