import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { findUserByEmail, getUser, setLanguage, setSharedSession, type Session } from '@varde/core';
import { CreateUserWidget } from '../../src/createUser/Component.js';
import type { UserCreatedDetail } from '../../src/createUser/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, helpText, setField, signedInSession } from './helpers.js';

/** The embedded create-user form in a DOM, against the reference cloud. */
let cloud: Cloud;
let session: Session | undefined;

beforeAll(async () => {
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

function firstSiteOf(current: Session): string {
  const site = Object.keys(current.user?.controllers ?? {}).sort()[0];
  if (!site) throw new Error('the demo user has no site');
  return site;
}

async function submit(container: HTMLElement): Promise<void> {
  await act(async () => {
    fireEvent.submit(container.querySelector('form')!);
  });
}

describe('CreateUserWidget', { timeout: 20_000 }, () => {
  it('shows the rules beside the fields, creates the user with the frame controller, then says the user exists', async () => {
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const controllerId = firstSiteOf(session);
    const created: UserCreatedDetail[] = [];
    const domEvents: UserCreatedDetail[] = [];
    document.addEventListener('varde-user-created', (event) => domEvents.push(event.detail));
    const { container } = render(<CreateUserWidget controllerId={controllerId} onUserCreated={(detail) => created.push(detail)} />);
    await found(container, '[part="email-input"]');

    await submit(container);
    await waitFor(() => expect(helpText(container, '[part="email-input"]')).toBe('E-mail is required'));
    expect(helpText(container, '[part="name-input"]')).toBe('Name is required');
    // Optional, as in the portal's dialog: without one the cloud sends an invitation.
    expect(helpText(container, '[part="password-input"]')).toContain('invitation by e-mail');
    expect(helpText(container, '[part="role-select"]')).toBe('Role is required');
    expect(helpText(container, '[part="phone-input"]')).toBe('');

    setField(container, '[part="email-input"]', 'not-an-email');
    setField(container, '[part="password-input"]', 'short');
    await waitFor(() => expect(helpText(container, '[part="email-input"]')).toBe('E-mail must be valid'));
    expect(helpText(container, '[part="password-input"]')).toBe('Password must be at least 8 characters');

    // The admin may grant all five roles; the frame's controller is selected in site access.
    const roles = [...container.querySelectorAll('[part="role-select"] sl-option')].map((option) => option.getAttribute('value'));
    expect(roles).toEqual(['Admin', 'PowerUser', 'User', 'Guest', 'Viewer']);
    await waitFor(() => expect(container.querySelectorAll('[part="sites-select"] sl-option').length).toBeGreaterThan(1));
    expect((container.querySelector('[part="sites-select"]') as HTMLElement & { value: string[] }).value).toEqual([controllerId]);

    const email = 'embedded.new@varde.test';
    setField(container, '[part="email-input"]', ` ${email} `);
    setField(container, '[part="name-input"]', 'Embedded New');
    setField(container, '[part="password-input"]', 'long-enough-1');
    setField(container, '[part="role-select"]', 'Guest');
    setField(container, '[part="phone-input"]', '+47 912 34 567');
    await submit(container);
    expect((await screen.findByRole('status', {}, { timeout: 5000 })).textContent).toBe('User was created successfully!');

    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ username: email, name: 'Embedded New', role: 'Guest', controllers: [controllerId], controllerId });
    expect(domEvents.at(-1)).toEqual(created[0]);
    const stored = await getUser(session.http, created[0]!.uid);
    expect(stored).toMatchObject({ username: email, phone: '+47 912 34 567', role: 'Guest', controllers: { [controllerId]: true } });
    // The form starts again, empty.
    expect((container.querySelector('[part="email-input"]') as HTMLElement & { value: string }).value).toBe('');

    setField(container, '[part="email-input"]', email.toUpperCase());
    setField(container, '[part="name-input"]', 'Someone Else');
    setField(container, '[part="password-input"]', 'long-enough-2');
    setField(container, '[part="role-select"]', 'Viewer');
    await submit(container);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('User already exists');
    expect(created).toHaveLength(1);

    // Without a password: created, and invited by e-mail in the language of the form (English here).
    const invited = 'embedded.invited@varde.test';
    setField(container, '[part="email-input"]', invited);
    setField(container, '[part="name-input"]', 'Invited Person');
    setField(container, '[part="password-input"]', '');
    setField(container, '[part="role-select"]', 'Guest');
    await submit(container);
    await waitFor(() => expect(created).toHaveLength(2), { timeout: 5000 });
    const mail = (await cloud.context.outbox.list({ channel: 'email', to: invited }))[0]!;
    expect(mail.subject).toBe('You are invited to Varde');
    expect(mail.body).toContain('Hello Invited Person');
    expect(mail.body).toContain('within 7 days');
    expect(mail.body).toMatch(/\/reset-password#uuid=[^&]+&ticket=/);
  });

  it('offers a User only User, Guest and Viewer, and shows the status when the server refuses the user', async () => {
    session = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    const { container } = render(<CreateUserWidget controllerId={firstSiteOf(session)} />);
    await found(container, '[part="role-select"]');
    const roles = [...container.querySelectorAll('[part="role-select"] sl-option')].map((option) => option.getAttribute('value'));
    expect(roles).toEqual(['User', 'Guest', 'Viewer']);

    // A name longer than the server takes: the server answers 400, the form shows the status.
    setField(container, '[part="email-input"]', 'refused@varde.test');
    setField(container, '[part="name-input"]', 'R'.repeat(201));
    setField(container, '[part="password-input"]', 'long-enough-1');
    setField(container, '[part="role-select"]', 'User');
    await submit(container);
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toMatch(/^The user was not created: HTTP 400 - Bad Request: name/);
    expect(await findUserByEmail(session.http, 'refused@varde.test')).toBeNull();
  });

  it('is not offered to a Guest, nor for a controller the user lacks, nor without a controller', async () => {
    session = await signedInSession(cloud, demoUsers.guest.email, demoUsers.guest.password);
    const guestSite = firstSiteOf(session);
    const { container, rerender } = render(<CreateUserWidget controllerId={guestSite} />);
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot add users to this controller.');
    expect(container.querySelector('form')).toBeNull();
    await session.dispose();

    session = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    const notTheirs = '00000000-0000-4000-8000-000000000000';
    rerender(<CreateUserWidget controllerId={notTheirs} />);
    expect((await screen.findByRole('alert')).textContent).toBe('You cannot add users to this controller.');
    rerender(<CreateUserWidget />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^No controller given/);
    rerender(<CreateUserWidget controllerId={firstSiteOf(session)} />);
    await found(container, 'form');
  });

  it('asks to sign in first when the session is signed out', async () => {
    session = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    await session.signOut();
    render(<CreateUserWidget controllerId="x" />);
    expect(await screen.findByText('Sign in to add users.')).toBeTruthy();
  });
});
