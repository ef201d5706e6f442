import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { getUser, i18n, setLanguage, setSharedSession, type Session } from '@varde/core';
import { AccountSettingsWidget } from '../../src/accountSettings/Component.js';
import type { LanguageChangeDetail } from '../../src/accountSettings/events.js';
import { ianaTimeZones, validTimeZone } from '../../src/accountSettings/timeZones.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, signedInSession } from '../createUser/helpers.js';
import { startOutageProxy } from '../helpers/outageProxy.js';

/** Account settings in a DOM (no realtime database here: tests/e2e/users covers the time zone and the toggle). */
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

type Field = HTMLElement & { value: string };

describe('AccountSettingsWidget', { timeout: 20_000 }, () => {
  it('saves the name (required) and a new password (at least 8 characters)', async () => {
    session = await signedInSession(cloud, demoUsers.guest.email, demoUsers.guest.password);
    const { container } = render(<AccountSettingsWidget />);
    const name = await found<Field>(container, '[part="name-input"]');
    expect(name.value).toBe(demoUsers.guest.name);

    name.value = '  ';
    await act(async () => fireEvent.submit(container.querySelector('[part="name-form"]')!));
    expect(name.getAttribute('help-text')).toBe('Name is required');
    name.value = 'Gunnar Gjest-Hansen';
    await act(async () => fireEvent.submit(container.querySelector('[part="name-form"]')!));
    await waitFor(() => expect(container.querySelector('[part="snackbar"]')?.textContent).toContain('Your name was saved.'));
    expect(session.user?.name).toBe('Gunnar Gjest-Hansen');

    const password = container.querySelector('[part="password-input"]') as Field;
    await act(async () => fireEvent.submit(container.querySelector('[part="password-form"]')!));
    expect(password.getAttribute('help-text')).toBe('Field is required');
    password.value = 'short';
    await act(async () => fireEvent.submit(container.querySelector('[part="password-form"]')!));
    expect(password.getAttribute('help-text')).toBe('Password must be at least 8 characters');
    password.value = 'a-new-password';
    await act(async () => fireEvent.submit(container.querySelector('[part="password-form"]')!));
    await waitFor(() => expect(container.querySelector('[part="snackbar"]')?.textContent).toContain('Your password was changed.'));
    await expect(session.signInWithPassword(demoUsers.guest.email, 'a-new-password')).resolves.toMatchObject({ smsRequired: false });
  });

  it('does not mark the new password wrong before it was typed; judges it when the user leaves the field (issue 26, item 8)', async () => {
    session = await signedInSession(cloud, demoUsers.viewer.email, demoUsers.viewer.password);
    const { container } = render(<AccountSettingsWidget />);
    const password = await found<Field>(container, '[part="password-input"]');
    // Shoelace marks an empty required field data-invalid itself: the widget's error look must not key on it.
    expect(password.hasAttribute('data-error')).toBe(false);
    expect(password.getAttribute('help-text')).toBe('');
    const css = [...container.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(css).toContain('[data-error]');
    expect(css).not.toMatch(/\[data-(user-)?invalid\]/);
    await act(async () => password.dispatchEvent(new CustomEvent('sl-blur')));
    expect(password.hasAttribute('data-error')).toBe(false); // left empty: still nothing said

    password.value = 'short';
    await act(async () => password.dispatchEvent(new CustomEvent('sl-input')));
    expect(password.hasAttribute('data-error')).toBe(false); // typing: not yet judged
    await act(async () => password.dispatchEvent(new CustomEvent('sl-blur')));
    expect(password.getAttribute('help-text')).toBe('Password must be at least 8 characters');
    expect(password.hasAttribute('data-error')).toBe(true);
    password.value = 'long-enough-1';
    await act(async () => password.dispatchEvent(new CustomEvent('sl-input')));
    expect(password.hasAttribute('data-error')).toBe(false); // fixed while typing: the error goes at once
  });

  it('changes the UI language at once, keeps it on the account, and tells the page', async () => {
    session = await signedInSession(cloud, demoUsers.viewer.email, demoUsers.viewer.password);
    const changes: LanguageChangeDetail[] = [];
    const { container } = render(<AccountSettingsWidget onLanguageChange={(detail) => changes.push(detail)} />);
    const select = await found<HTMLSelectElement>(container, '[data-part="language-select"]');
    expect(select.value).toBe('en');
    await act(async () => fireEvent.change(select, { target: { value: 'se' } }));
    await waitFor(() => expect(container.querySelector('h2')?.textContent).toBe('Profil'));
    expect(i18n.language).toBe('se');
    // Told once it is stored on the account (the account menu stores it the same way).
    await waitFor(() => expect(changes).toEqual([{ language: 'se' }]));
    expect((await getUser(session!.http, session!.uid!)).language).toBe('se');
    expect(session!.user?.language).toBe('se');
    await act(() => setLanguage('en'));
    // Without the realtime database the time zone and the toggle say why they are off.
    expect(container.textContent).toContain('Not available: the realtime database is not connected.');
    expect((container.querySelector('[data-part="time-zone-select"]') as HTMLSelectElement).value).toBe('Europe/Oslo');
  });
});

describe('time zones', () => {
  it('offers the full IANA list with Europe/Oslo, and falls back to it for unknown values', () => {
    const zones = ianaTimeZones();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('Europe/Oslo');
    expect(zones).toContain('America/New_York');
    expect(validTimeZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(validTimeZone('Mars/Olympus')).toBe('Europe/Oslo');
    expect(validTimeZone(null)).toBe('Europe/Oslo');
  });
});

describe('AccountSettingsWidget states (issue 26)', { timeout: 20_000 }, () => {
  // The account is read afresh on open; a 4xx there ends the session (the prompt), so no refusal here.
  it('the cloud unreachable is a failure in the UI\'s words whose retry recovers; signed out is a sign-in prompt', async () => {
    const proxy = await startOutageProxy(new URL(cloud.url));
    try {
      session = await signedInSession({ url: proxy.url } as Cloud, demoUsers.user.email, demoUsers.user.password);
      proxy.cut();
      const { container, unmount } = render(<AccountSettingsWidget />);
      const failed = await found(container, '[data-state="failed"]');
      expect(failed.textContent).toMatch(/Could not load: Could not reach the cloud at http:\/\/localhost:\d+\./);
      expect(container.querySelector('[part="name-form"]')).toBeNull();
      proxy.restore();
      fireEvent.click(container.querySelector('[part="retry"]')!);
      const name = await found<Field>(container, '[part="name-input"]');
      expect(name.value).toBe(demoUsers.user.name);
      unmount();
      await session.signOut();
      render(<AccountSettingsWidget />);
      const prompt = await found(document.body, '[part="signed-out"]');
      expect(prompt.textContent).toContain('Sign in to change your account settings.');
      expect(prompt.querySelector('[part="sign-in-request"]')).not.toBeNull();
    } finally {
      await proxy.close();
    }
  });
});
