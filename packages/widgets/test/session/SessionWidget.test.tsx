import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createSession, localSettings, setSharedSession, type Session } from '@varde/core';
import { SessionWidget } from '../../src/session/Component.js';
import type { SessionChangeDetail } from '../../src/session/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { manualClock } from '../../../server/test/helpers/manualClock.js';

/** The React SessionWidget in a DOM, on a session signed in against the reference cloud. */
let cloud: Cloud;
let session: Session;
// Moved by hand only past "send again"'s 30 s.
const clock = manualClock();

beforeAll(async () => {
  cloud = await startCloud({ clock });
});
afterAll(async () => {
  await cloud.close();
});
afterEach(async () => {
  cleanup();
  await session?.dispose();
  setSharedSession(null);
});

function newSharedSession(): Session {
  // Node's fetch (no page origin, so no CORS) and no realtime: this test is about the widget.
  session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  setSharedSession(session);
  return session;
}

/** Waits for an element of the widget (waitFor retries only when the callback throws). */
function found(container: HTMLElement, selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const element = container.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element;
  });
}

function fillInput(container: HTMLElement, name: string, value: string): void {
  const input = container.querySelector(`[part="${name}-input"]`) as HTMLElement & { value?: string };
  expect(input).not.toBeNull();
  input.value = value;
}

async function latestSms(): Promise<{ id: number; body: string }> {
  const response = await fetch(`${cloud.url}/cloud/outbox/messages?channel=sms&to=${encodeURIComponent(demoUsers.sms.smsPhone)}`);
  const { data } = (await response.json()) as { data: { id: number; body: string }[] };
  return data.sort((a, b) => b.id - a.id)[0]!;
}

describe('SessionWidget', () => {
  it('signs in with a password through its form, emits varde-session-change, and signs out', async () => {
    const shared = newSharedSession();
    await shared.start({ silent: false });
    const changes: SessionChangeDetail[] = [];
    const domEvents: SessionChangeDetail[] = [];
    document.body.addEventListener('varde-session-change', (event) => domEvents.push(event.detail));

    const { container } = render(<SessionWidget onSessionChange={(detail) => changes.push(detail)} />);
    expect(await screen.findByText('Ikke logget inn')).toBeTruthy();
    await waitFor(() => expect(changes.at(-1)?.state).toBe('signed-out'));

    fireEvent.click(container.querySelector('[part="sign-in-button"]')!);
    fillInput(container, 'username', demoUsers.user.email);
    fillInput(container, 'password', 'wrong-password');
    fireEvent.submit(container.querySelector('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('Feil brukernavn eller passord');

    fillInput(container, 'password', demoUsers.user.password);
    fireEvent.submit(container.querySelector('form')!);
    await screen.findByText(`Logget inn som ${demoUsers.user.name}`);
    expect(changes.at(-1)).toMatchObject({ state: 'signed-in', user: { email: demoUsers.user.email }, reason: null });
    // The DOM event bubbles to the document and carries the same detail, with no token in it.
    expect(domEvents.at(-1)).toEqual(changes.at(-1));
    expect(JSON.stringify(domEvents)).not.toMatch(/eyJ/);
    expect(container.querySelector('form')).toBeNull();

    fireEvent.click(container.querySelector('[part="sign-out-button"]')!);
    await screen.findByText('Ikke logget inn');
    expect(changes.at(-1)).toMatchObject({ state: 'signed-out', user: null, reason: 'user' });
  });

  it('asks for the SMS code, says where it went (masked), refuses a wrong one, and sends it again not sooner than 30 s after the last', async () => {
    const shared = newSharedSession();
    await shared.start({ silent: false });
    const { container } = render(<SessionWidget />);
    fireEvent.click(await found(container, '[part="sign-in-button"]'));
    fillInput(container, 'username', demoUsers.sms.email);
    fillInput(container, 'password', demoUsers.sms.password);
    fireEvent.submit(container.querySelector('form')!);
    const help = await found(container, '[part="sms-help"]');
    expect(help.textContent).toBe('Vi har sendt en kode på SMS til +47\u00a0••••••67. Skriv den inn for å fortsette.');
    // A field of its own, not the password field reused: it starts empty.
    expect((container.querySelector('[part="code-input"]') as HTMLElement & { value?: string }).value ?? '').toBe('');
    fillInput(container, 'code', '000000');
    fireEvent.submit(container.querySelector('form')!);
    expect((await screen.findByRole('alert')).textContent).toMatch(/sms/i);
    const first = await latestSms();

    fireEvent.click(container.querySelector('[part="resend-button"]')!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Du kan be om en ny kode om 30 sekunder.'));
    expect((await latestSms()).id).toBe(first.id);

    clock.advance(31_000);
    fireEvent.click(container.querySelector('[part="resend-button"]')!);
    expect((await screen.findByRole('status')).textContent).toBe('En ny kode er sendt til +47\u00a0••••••67.');
    expect(screen.queryByRole('alert')).toBeNull();
    const second = await latestSms();
    expect(second.id).toBeGreaterThan(first.id);

    fillInput(container, 'code', /\b(\d{6})\b/.exec(second.body)![1]!);
    fireEvent.submit(container.querySelector('form')!);
    await screen.findByText(`Logget inn som ${demoUsers.sms.name}`);
  });

  it('follows the language of core i18n', async () => {
    const { setLanguage } = await import('@varde/core');
    const shared = newSharedSession();
    await shared.start({ silent: false });
    render(<SessionWidget />);
    await screen.findByText('Ikke logget inn');
    await act(() => setLanguage('en'));
    expect(await screen.findByText('Not signed in')).toBeTruthy();
    await act(() => setLanguage('no'));
  });

  it('shows a configuration error for unusable attributes instead of failing', async () => {
    render(<SessionWidget cloud="not a url" />);
    expect((await screen.findByRole('alert')).textContent).toContain('cloud must be an http(s) URL, not "not a url"');
  });
});
