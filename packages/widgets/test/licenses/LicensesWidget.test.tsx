import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/react';
import { createSession, decodeLicenseFile, localSettings, setLanguage, setSharedSession, type Session } from '@varde/core';
import { LicensesWidget } from '../../src/licenses/Component.js';
import type { LicenseChangeDetail } from '../../src/licenses/events.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** LicensesWidget in a DOM against the reference cloud (real HTTP, realtime subscriptions, real signatures). */
let cloud: Cloud;
let session: Session;
const downloads: Array<{ name: string; text: Promise<string> }> = [];

beforeAll(async () => {
  cloud = await startCloud();
  session = await signedInSharedSession(cloud, demoUsers.admin);
  setLanguage('en');
  // Capture the files the widget saves (happy-dom does not download).
  let last: Blob | undefined;
  URL.createObjectURL = (blob: Blob) => ((last = blob), 'blob:licence');
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, text: last!.text() });
  });
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-testid="license-row"]')];
const part = (container: HTMLElement, name: string) => container.querySelector<HTMLElement>(`[part="${name}"]`)!;
const field = (container: HTMLElement, key: string) => container.querySelector<HTMLInputElement>(`[data-field="${key}"]`)!;

it('offers only the user\'s partners and lists their licences with dates in the language\'s format (one formatter in core)', async () => {
  const { container, getByTestId } = render(<LicensesWidget />);
  await waitFor(() => expect(rows(container).length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
  const options = [...getByTestId('partner-select').querySelectorAll('option')].map((option) => option.textContent);
  expect(options).toEqual(['Fjordvarme AS']);
  expect(container.textContent).not.toContain('Tromsø Rådhus');
  const bergen = rows(container).find((row) => row.textContent?.includes('Bergen Skole'))!;
  // English dates are en-GB's day/month/year, as core's formatter gives them.
  expect(bergen.textContent).toMatch(/\d{2}\/\d{2}\/\d{4}.*\d{2}\/\d{2}\/\d{4}/);
  // Expanding shows the chain of previous licences and the actions.
  fireEvent.click(within(bergen).getByRole('button'));
  await waitFor(() => expect(container.querySelectorAll('[data-testid="license-chain"] li')).toHaveLength(2));
  expect(part(container, 'renew-button')).not.toBeNull();
});

it('generates from the dialog (every field required, checked by type), downloads the file and emits the change', async () => {
  const changes: LicenseChangeDetail[] = [];
  const { container, findByText } = render(<LicensesWidget onLicenseChange={(detail) => changes.push(detail)} />);
  await waitFor(() => expect(rows(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  fireEvent.click(part(container, 'add-button'));
  fireEvent.change(field(container, 'type'), { target: { value: 'webpanel' } });
  fireEvent.click(part(container, 'save-button'));
  await waitFor(() => expect(within(part(container, 'dialog')).getAllByText('Field is required').length).toBe(6));

  for (const [key, value] of Object.entries({ name: 'Widget Panel', issuedTo: 'Kunde AS', administrator: 'it@kunde.test', hardwareId: 'WP-42', macAddress: 'zz' })) {
    fireEvent.change(field(container, key), { target: { value } });
  }
  fireEvent.change(field(container, 'supportLevel'), { target: { value: 'silver' } });
  fireEvent.click(part(container, 'save-button'));
  await findByText(/Must be hexadecimal/);
  fireEvent.change(field(container, 'macAddress'), { target: { value: '00A0C914C829' } });
  fireEvent.click(part(container, 'save-button'));

  await findByText('License generated!', undefined, { timeout: 10_000 });
  expect(changes).toEqual([expect.objectContaining({ action: 'generated', partner: 'fjordvarme' })]);
  const saved = downloads.at(-1)!;
  expect(saved.name).toBe('widgetpanellicense.bin');
  const { license } = decodeLicenseFile(await saved.text);
  expect(license.licenseInfo).toMatchObject({ name: 'Widget Panel', macAddress: '00a0c914c829', supportLevel: 'silver', id: changes[0]!.id });
  // The new licence arrives through the realtime subscription.
  await waitFor(() => expect(rows(container).some((row) => row.textContent?.includes('Widget Panel'))).toBe(true), { timeout: 10_000 });
}, 20_000);

it('delete asks first and moves the licence to the archive', async () => {
  const { container, findByText, getByRole } = render(<LicensesWidget />);
  await waitFor(() => expect(rows(container).some((row) => row.textContent?.includes('Voss Idrettshall'))).toBe(true), { timeout: 10_000 });
  const voss = rows(container).find((row) => row.textContent?.includes('Voss Idrettshall'))!;
  fireEvent.click(within(voss).getByRole('button'));
  fireEvent.click(part(container, 'delete-button'));
  expect(getByRole('alertdialog').textContent).toContain('You sure you want to delete license?');
  fireEvent.click(part(container, 'confirm-delete-button'));
  await findByText('License archived', undefined, { timeout: 10_000 });
  await waitFor(() => expect(rows(container).some((row) => row.textContent?.includes('Voss Idrettshall'))).toBe(false));
  fireEvent.click(getByRole('switch', { name: 'Archived' }));
  await waitFor(() => expect(rows(container).some((row) => row.textContent?.includes('Voss Idrettshall'))).toBe(true));
  expect(part(container, 'toolbar')).not.toBeNull();
}, 20_000);

it('signed out, a sign-in prompt instead of loading for ever (issue 26)', async () => {
  const signedOut = createSession({ settings: localSettings(cloud.url), oidc: false, storage: null, fetch: globalThis.fetch });
  await signedOut.start({ silent: false });
  setSharedSession(signedOut);
  try {
    const { container } = render(<LicensesWidget />);
    await waitFor(() => expect(container.querySelector('[part="signed-out"] [part="sign-in-request"]')).not.toBeNull());
    expect(container.querySelector('[data-state="loading"]')).toBeNull();
  } finally {
    setSharedSession(session);
    await signedOut.dispose();
  }
}, 20_000);
