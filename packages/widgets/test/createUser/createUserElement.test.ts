import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { setLanguage, setSharedSession, type Session } from '@varde/core';
import { defineVardeCreateUser } from '../../src/createUser/element.js';
import type { UserCreatedDetail } from '../../src/createUser/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { setField, signedInSession } from './helpers.js';

/** <varde-create-user> as a custom element: the controller from the hash or the attribute, the event on the document. */
let cloud: Cloud;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud();
  await setLanguage('en');
  session = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
  defineVardeCreateUser();
});
afterAll(async () => {
  await session.dispose();
  setSharedSession(null);
  await setLanguage('no');
  await cloud.close();
});

describe('<varde-create-user>', () => {
  it('reads the controller from the page hash, then from its attribute, and emits varde-user-created on the document', { timeout: 20_000 }, async () => {
    const site = Object.keys(session.user!.controllers).sort()[0]!;
    window.location.hash = `#controller=${site}`;
    const element = document.createElement('varde-create-user');
    document.body.append(element);
    const root = () => element.shadowRoot!;
    await waitFor(() => expect(root().querySelector('[part="sites-select"]')).not.toBeNull(), { timeout: 5000 });
    expect((root().querySelector('[part="sites-select"]') as HTMLElement & { value: string[] }).value).toEqual([site]);

    // The attribute wins over the page: a controller the user lacks.
    element.setAttribute('controller-id', 'not-a-site-of-yours');
    await waitFor(() => expect(root().querySelector('[part="not-available"]')?.textContent).toBe('You cannot add users to this controller.'));
    element.removeAttribute('controller-id');
    await waitFor(() => expect(root().querySelector('form')).not.toBeNull());

    const events: UserCreatedDetail[] = [];
    document.addEventListener('varde-user-created', (event) => events.push(event.detail));
    setField(root(), '[part="email-input"]', 'element.user@varde.test');
    setField(root(), '[part="name-input"]', 'Element User');
    setField(root(), '[part="password-input"]', 'element-pass');
    setField(root(), '[part="role-select"]', 'Viewer');
    root().querySelector('form')!.requestSubmit();
    await waitFor(() => expect(events).toHaveLength(1), { timeout: 5000 });
    expect(events[0]).toMatchObject({ username: 'element.user@varde.test', role: 'Viewer', controllerId: site, controllers: [site] });
    expect(JSON.stringify(events)).not.toContain('element-pass');
    element.remove();
    window.location.hash = '';
  });
});
