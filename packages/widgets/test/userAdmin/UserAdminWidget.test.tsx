import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { deleteUser, findUserByEmail, setLanguage, setSharedSession, type Session } from '@varde/core';
import { UserAdminWidget } from '../../src/userAdmin/Component.js';
import type { UserEditDetail } from '../../src/userAdmin/events.js';
import type { UserCreatedDetail } from '../../src/createUser/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, instantAnimations, setField, signedInSession } from '../createUser/helpers.js';
import { startOutageProxy } from '../helpers/outageProxy.js';

/** User administration in a DOM, against the reference cloud (the admin manages 5 demo users). */
let cloud: Cloud;
let session: Session | undefined;

beforeAll(async () => {
  instantAnimations();
  cloud = await startCloud();
  await setLanguage('en');
});
afterAll(async () => {
  await setLanguage('no');
  await cloud.close();
});
afterEach(async () => {
  cleanup();
  await session?.dispose();
  session = undefined;
  setSharedSession(null);
});

const rows = (container: HTMLElement) => [...container.querySelectorAll('[part="row"]')].map((row) => row.querySelector('td')?.textContent);

describe('UserAdminWidget', { timeout: 20_000 }, () => {
  it('lists the managed users, searches them, and shows the empty-search text as text', async () => {
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const edits: UserEditDetail[] = [];
    const { container } = render(<UserAdminWidget onEditUser={(detail) => edits.push(detail)} />);
    await waitFor(() => expect(rows(container)).toEqual(['guest@varde.test', 'power@varde.test', 'sms@varde.test', 'user@varde.test', 'viewer@varde.test']));
    expect(screen.getByText('5 of 5 users')).toBeTruthy();

    setField(container, '[part="search-input"]', 'ulla');
    await waitFor(() => expect(rows(container)).toEqual(['user@varde.test']));
    setField(container, '[part="search-input"]', '<img src=x onerror=alert(1)>');
    const empty = await found(container, '[part="empty"]');
    expect(empty.textContent).toBe('Your search for "<img src=x onerror=alert(1)>" found no results.');
    expect(container.querySelector('img')).toBeNull();

    setField(container, '[part="search-input"]', '');
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    fireEvent.click(container.querySelector('[data-uid] [part="edit-button"]')!);
    expect(edits).toEqual([{ uid: expect.any(String), username: 'guest@varde.test' }]);
  });

  it('deletes a user after confirmation, and says so; a failed delete says something went wrong', async () => {
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const viewer = await findUserByEmail(session.http, demoUsers.viewer.email);
    const { container } = render(<UserAdminWidget />);
    await waitFor(() => expect(rows(container)).toHaveLength(5));
    const deleteButton = (uid: string) => container.querySelector(`[data-uid="${uid}"] [part="delete-button"]`)!;

    // Someone else deletes the SMS user meanwhile: the delete fails.
    const sms = await findUserByEmail(session.http, demoUsers.sms.email);
    fireEvent.click(deleteButton(sms!.uid));
    expect(container.querySelector('[part="delete-dialog"]')?.textContent).toContain('Delete Siri Sms (sms@varde.test)?');
    await deleteUser(session.http, sms!.uid);
    await act(async () => fireEvent.click(container.querySelector('[part="confirm-delete-button"]')!));
    await waitFor(() => expect(container.querySelector('[part="snackbar"]')?.textContent).toContain('something went wrong'));

    fireEvent.click(deleteButton(viewer!.uid));
    await act(async () => fireEvent.click(container.querySelector('[part="confirm-delete-button"]')!));
    await waitFor(() => expect(container.querySelector('[part="snackbar"]')?.textContent).toContain('user deleted'));
    await waitFor(() => expect(rows(container)).toEqual(['guest@varde.test', 'power@varde.test', 'user@varde.test']));
    expect(await findUserByEmail(session.http, demoUsers.viewer.email)).toBeNull();
  });

  it('adds a user through the dialog, with the same rules as the embedded form', async () => {
    session = await signedInSession(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
    const created: UserCreatedDetail[] = [];
    const { container } = render(<UserAdminWidget onUserCreated={(detail) => created.push(detail)} />);
    fireEvent.click(await found(container, '[part="add-user-button"]'));
    const dialog = await found(container, '[part="add-user-dialog"]');
    await found(dialog, '[part="email-input"]');
    const roles = [...dialog.querySelectorAll('[part="role-select"] sl-option')].map((option) => option.getAttribute('value'));
    expect(roles).toEqual(['Admin', 'PowerUser', 'User', 'Guest', 'Viewer']);
    await act(async () => fireEvent.submit(dialog.querySelector('form')!));
    expect(dialog.querySelector('[part="email-input"]')?.getAttribute('help-text')).toBe('E-mail is required');

    setField(dialog, '[part="email-input"]', 'from.dialog@varde.test');
    setField(dialog, '[part="name-input"]', 'From Dialog');
    setField(dialog, '[part="role-select"]', 'Viewer');
    await act(async () => fireEvent.submit(dialog.querySelector('form')!));
    await waitFor(() => expect(container.querySelector('[part="snackbar"]')?.textContent).toContain('User was created successfully!'), { timeout: 5000 });
    expect(created).toMatchObject([{ username: 'from.dialog@varde.test', role: 'Viewer', controllerId: null }]);
    await waitFor(() => expect(rows(container)).toContain('from.dialog@varde.test'));
    expect(dialog.querySelector('form')).toBeNull();
  });

  it('offers no add-user button to a Guest', async () => {
    session = await signedInSession(cloud, demoUsers.guest.email, demoUsers.guest.password);
    const { container } = render(<UserAdminWidget />);
    expect((await found(container, '[part="empty"]')).textContent).toBe('You do not manage any users yet.');
    expect(container.querySelector('[part="add-user-button"]')).toBeNull();
  });
});

describe('UserAdminWidget states (issue 26)', { timeout: 20_000 }, () => {
  it('the cloud unreachable is a failure in the UI\'s words whose retry recovers; signed out is a sign-in prompt', async () => {
    const proxy = await startOutageProxy(new URL(cloud.url));
    try {
      session = await signedInSession({ url: proxy.url } as Cloud, demoUsers.admin.email, demoUsers.admin.password);
      proxy.cut();
      const { container, unmount } = render(<UserAdminWidget />);
      const failed = await found(container, '[data-state="failed"]');
      expect(failed.textContent).toMatch(/Could not load: Could not reach the cloud at http:\/\/localhost:\d+\./);
      proxy.restore();
      fireEvent.click(container.querySelector('[part="retry"]')!);
      await waitFor(() => expect(rows(container)).toContain('guest@varde.test'), { timeout: 10_000 });
      unmount();
      await session.signOut();
      render(<UserAdminWidget />);
      const prompt = await found(document.body, '[part="signed-out"]');
      expect(prompt.textContent).toContain('Sign in to administer users.');
      expect(prompt.querySelector('[part="sign-in-request"]')).not.toBeNull();
    } finally {
      await proxy.close();
    }
  });
});
