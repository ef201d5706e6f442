import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createSession, localSettings, setSharedSession, type Session } from '@varde/core';
import { RuleEditorWidget } from '../../src/ruleEditor/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';

/** Issue 37, item 2 on /notifications: a site filter that hides every site names itself, in the alarm table's words. */
let cloud: Cloud;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud();
  session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  setSharedSession(session);
  await session.start({ silent: false });
  await session.signInWithPassword(demoUsers.admin.email, demoUsers.admin.password);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

it('a filter matching no site says which filter and how many sites it hides, and clears', async () => {
  const { container } = render(<RuleEditorWidget />);
  await waitFor(() => expect(container.querySelectorAll('[data-site]').length).toBeGreaterThan(0), { timeout: 10_000 });
  const count = container.querySelectorAll('[data-site]').length;
  fireEvent.change(container.querySelector('[part="filter"]')!, { target: { value: 'zzqx' } });
  const empty = await waitFor(() => container.querySelector('[data-testid="filtered-empty"]')!);
  expect(empty.textContent).toContain(`Ingen anlegg passer «zzqx» — ${count} anlegg er skjult av søket.`);
  expect([...container.querySelectorAll('p')].some((p) => p.textContent === 'Ingen anlegg')).toBe(false);
  fireEvent.click(container.querySelector('[part="clear-filter"]')!);
  await waitFor(() => expect(container.querySelectorAll('[data-site]').length).toBe(count));
  expect(container.querySelector('[data-testid="filtered-empty"]')).toBeNull();
}, 30_000);
