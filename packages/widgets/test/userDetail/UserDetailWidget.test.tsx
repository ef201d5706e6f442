import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { findUserByEmail, getUser, setLanguage, setSharedSession, type Session } from '@varde/core';
import { UserDetailWidget } from '../../src/userDetail/Component.js';
import type { UserDetailNavigateDetail } from '../../src/userDetail/events.js';
import { partnerItems } from '../../src/userDetail/sectionItems.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { controllableFetch, found, instantAnimations, signedInSession } from '../createUser/helpers.js';
import { startOutageProxy } from '../helpers/outageProxy.js';

/** The user detail in a DOM, against the reference cloud. */
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

async function uidOf(email: string): Promise<string> {
  const admin = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
  const user = await findUserByEmail(admin.http, email);
  await admin.dispose();
  setSharedSession(null);
  return user!.uid;
}

/** Flips a Shoelace switch the way a click does: the switch changes, then sl-change. */
function flip(container: HTMLElement, key: string): void {
  const control = container.querySelector(`[data-key="${key}"] sl-switch`) as HTMLElement & { checked: boolean };
  act(() => {
    control.checked = !control.checked;
    control.dispatchEvent(new Event('sl-change', { bubbles: true, composed: true }));
  });
}

const switchOf = (container: HTMLElement, key: string) => container.querySelector(`[data-key="${key}"] sl-switch`) as HTMLElement & { checked: boolean; disabled: boolean };

describe('UserDetailWidget', { timeout: 20_000 }, () => {
  it('flips a module with a loading indicator, blocks the other switches meanwhile, and keeps the server answer', async () => {
    const viewerUid = await uidOf(demoUsers.viewer.email);
    const held = controllableFetch((method, url) => method === 'PUT' && url.pathname.endsWith('/modules/search'));
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password, held.fetch);
    const { container } = render(<UserDetailWidget userId={viewerUid} view="accesses" />);
    await found(container, '[data-key="modules:search"] sl-switch');
    expect(switchOf(container, 'modules:search').checked).toBe(false);

    flip(container, 'modules:search');
    await found(container, '[data-key="modules:search"] [part="pending"]');
    expect(switchOf(container, 'modules:search').checked).toBe(true);
    expect(switchOf(container, 'modules:alarms').disabled).toBe(true);
    expect(container.querySelector('[part="toggles"]')?.getAttribute('aria-busy')).toBe('true');
    // A second click meanwhile is ignored.
    flip(container, 'modules:bim');
    expect(held.seen.filter((line) => line.startsWith('PUT'))).toHaveLength(1);

    held.release();
    await waitFor(() => expect(container.querySelector('[part="pending"]')).toBeNull());
    expect(switchOf(container, 'modules:search').checked).toBe(true);
    expect(switchOf(container, 'modules:alarms').disabled).toBe(false);
    expect((await getUser(session.http, viewerUid)).moduleAccesses).toMatchObject({ search: true });
    expect((await getUser(session.http, viewerUid)).moduleAccesses.bim).toBeUndefined();
  });

  it('shows Failed to modify access with the status, puts the switch back, and disables modules the actor lacks', async () => {
    const guestUid = await uidOf(demoUsers.guest.email);
    const refused = controllableFetch(
      (method, url) => method === 'PUT' && url.pathname.endsWith('/modules/bim'),
      () => new Response(JSON.stringify({ detail: 'Try again later' }), { status: 503, headers: { 'content-type': 'application/json' } }),
    );
    session = await signedInSession(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password, refused.fetch);
    const { container } = render(<UserDetailWidget userId={guestUid} view="accesses" />);
    await found(container, '[data-key="modules:bim"] sl-switch');
    expect(switchOf(container, 'modules:licensing').disabled).toBe(true); // the power user lacks licensing
    expect(switchOf(container, 'modules:bim').disabled).toBe(false);

    flip(container, 'modules:bim');
    await waitFor(() => expect(container.querySelector('[part="failure-dialog"]')?.hasAttribute('open')).toBe(true));
    expect(container.querySelector('[part="failure-dialog"]')?.getAttribute('label')).toBe('Failed to modify access');
    expect(container.querySelector('[part="failure-dialog"] [role="alert"]')?.textContent).toBe('The server answered 503 Service Unavailable: Try again later.');
    await waitFor(() => expect(switchOf(container, 'modules:bim').checked).toBe(false));
  });

  it('changes the role, and ignores choosing the role the user already has', async () => {
    const userUid = await uidOf(demoUsers.user.email);
    const counted = controllableFetch(() => false);
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password, counted.fetch);
    const { container } = render(<UserDetailWidget userId={userUid} view="role" />);
    const group = await found<HTMLElement & { value: string }>(container, '[part="role-group"]');
    expect(group.value).toBe('User');
    const choose = (role: string) =>
      act(() => {
        group.value = role;
        group.dispatchEvent(new Event('sl-change', { bubbles: true, composed: true }));
      });
    choose('User');
    expect(counted.seen.filter((line) => line.startsWith('PATCH'))).toEqual([]);
    choose('Viewer');
    await waitFor(() => expect(counted.seen.filter((line) => line.startsWith('PATCH'))).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('[part="pending"]')).toBeNull());
    expect((await getUser(session.http, userUid)).role).toBe('Viewer');
  });

  it('shows password editing only to a system admin, Admin or PowerUser', async () => {
    session = await signedInSession(cloud, demoUsers.partnerUser.email, demoUsers.partnerUser.password);
    const { container } = render(<UserDetailWidget userId={session.uid!} />);
    await found(container, '[data-row="username"]');
    expect([...container.querySelectorAll('dt')].map((term) => term.textContent)).toEqual([
      'Username', 'Name', 'Phone', 'Sites', 'Accesses', 'Role', 'Licensing partners',
    ]);
    cleanup();
    await session.dispose();

    session = await signedInSession(cloud, demoUsers.powerUser.email, demoUsers.powerUser.password);
    const again = render(<UserDetailWidget userId={session.uid!} />);
    await found(again.container, '[data-row="password"]');
  });

  it('sends `undefined` back to the list, and moves between views with events', async () => {
    session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
    const moves: UserDetailNavigateDetail[] = [];
    const { rerender, container } = render(<UserDetailWidget userId="undefined" onNavigate={(detail) => moves.push(detail)} />);
    await waitFor(() => expect(moves).toEqual([{ userId: 'undefined', view: 'list' }]));
    rerender(<UserDetailWidget userId={session.uid!} onNavigate={(detail) => moves.push(detail)} />);
    fireEvent.click(await found(container, '[part="open-sites-button"]'));
    expect(moves.at(-1)).toEqual({ userId: session.uid, view: 'sites' });
    await found(container, '[part="filter-input"]');
  });
});

describe('licensing partner switches', () => {
  const user = { uid: 'u', username: 'u@x.no', name: 'U', role: 'User', language: 'en', controllers: {}, moduleAccesses: {}, licensingPartners: { p2: true }, systemAdmin: false } as const;

  it('lists only the acting user\'s partners, narrowed by listitems', () => {
    const items = partnerItems(user, ['p1', 'p2', 'p3'], { p1: 'Alfa', p2: 'Beta', p3: 'Gamma' });
    expect(items.map((item) => [item.label, item.checked])).toEqual([['Alfa', false], ['Beta', true], ['Gamma', false]]);
    expect(partnerItems(user, ['p1', 'p2', 'p3'], {}, 'p3, p2,unknown').map((item) => item.key)).toEqual(['licensingPartners:p2', 'licensingPartners:p3']);
  });
});

describe('UserDetailWidget states (issue 26)', { timeout: 20_000 }, () => {
  // The cloud never answers this widget's reads with 403 (a user one does not manage is 404): no refusal here.
  it('the cloud unreachable is a failure in the UI\'s words whose retry recovers; signed out is a sign-in prompt', async () => {
    const viewerUid = await uidOf(demoUsers.viewer.email);
    const proxy = await startOutageProxy(new URL(cloud.url));
    try {
      session = await signedInSession({ url: proxy.url } as Cloud, demoUsers.admin.email, demoUsers.admin.password);
      proxy.cut();
      const { container, unmount } = render(<UserDetailWidget userId={viewerUid} />);
      const failed = await found(container, '[data-state="failed"]');
      expect(failed.textContent).toMatch(/Could not load: Could not reach the cloud at http:\/\/localhost:\d+\./);
      proxy.restore();
      fireEvent.click(container.querySelector('[part="retry"]')!);
      await waitFor(() => expect(container.querySelector('[part="title"]')?.textContent).toBe(demoUsers.viewer.name), { timeout: 10_000 });
      unmount();
      await session.signOut();
      render(<UserDetailWidget userId={viewerUid} />);
      const prompt = await found(document.body, '[part="signed-out"]');
      expect(prompt.textContent).toContain('Sign in to administer users.');
      expect(prompt.querySelector('[part="sign-in-request"]')).not.toBeNull();
    } finally {
      await proxy.close();
    }
  });
});
