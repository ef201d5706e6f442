import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createSession, listAllSites, localSettings, setSharedSession, type Session } from '@varde/core';
import { SitePageWidget } from '../../src/sitePage/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';

/**
 * Issue 37, item 5: the site page asks for the notification rules only when the caller may read them. A
 * user without the notifications or users module sends no request (every visit was a 403 and a console
 * error); the card still says which module it takes. An admin's page asks and shows them.
 */
let cloud: Cloud;

beforeAll(async () => {
  cloud = await startCloud();
}, 30_000);
afterAll(async () => {
  setSharedSession(null);
  await cloud.close();
});

/** A shared session whose requests are recorded (path and status). */
async function recordedSession(user: { email: string; password: string }): Promise<{ session: Session; asked: { url: string; status: number }[] }> {
  const asked: { url: string; status: number }[] = [];
  const fetching: typeof fetch = async (input, init) => {
    const answer = await globalThis.fetch(input, init);
    asked.push({ url: String(input instanceof Request ? input.url : input), status: answer.status });
    return answer;
  };
  const session = createSession({ settings: localSettings(cloud.url), oidc: false, storage: null, fetch: fetching });
  await session.start({ silent: false });
  await session.signInWithPassword(user.email, user.password);
  setSharedSession(session);
  return { session, asked };
}

it('a user without the module: no rules request, no 4xx, and the card names the module', async () => {
  const { session, asked } = await recordedSession(demoUsers.viewer);
  try {
    const [seen] = await listAllSites(session.http);
    const { container } = render(<SitePageWidget siteUuid={seen!.uuid} rulesHref="/notifications?site={uuid}" />);
    await waitFor(() => expect(container.querySelector('[part="rules"]')?.getAttribute('data-access')).toBe('refused'), { timeout: 10_000 });
    expect(container.querySelector('[part="rules"] p')?.textContent).toContain('Varslinger');
    expect(asked.filter((request) => request.url.includes('notificationrules'))).toEqual([]);
    expect(asked.filter((request) => request.status >= 400)).toEqual([]);
  } finally {
    cleanup();
    await session.dispose();
  }
}, 20_000);

it('an admin with the module: the rules are asked for and shown', async () => {
  const { session, asked } = await recordedSession(demoUsers.admin);
  try {
    const [seen] = await listAllSites(session.http);
    const { container } = render(<SitePageWidget siteUuid={seen!.uuid} />);
    await waitFor(() => expect(container.querySelector('[part="rules"]')).not.toBeNull(), { timeout: 10_000 });
    expect(container.querySelector('[part="rules"]')!.getAttribute('data-access')).toBeNull();
    expect(asked.filter((request) => request.url.includes('notificationrules')).map((request) => request.status)).toEqual([200]);
  } finally {
    cleanup();
    await session.dispose();
  }
}, 20_000);
