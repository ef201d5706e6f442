import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { setLanguage, setSharedSession, type Session } from '@varde/core';
import { TagSearchWidget } from '../../src/tagSearch/Component.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { signedInSharedSession } from '../helpers/signedIn.js';

/** The search page widget against the reference cloud: tag_userSearch on every connected site. */
let cloud: Cloud;
let session: Session;

beforeAll(async () => {
  cloud = await startCloud();
  session = await signedInSharedSession(cloud, demoUsers.user);
}, 30_000);
afterEach(() => cleanup());
afterAll(async () => {
  setSharedSession(null);
  await session.dispose();
  await cloud.close();
});

async function connected(container: HTMLElement): Promise<void> {
  await waitFor(() => expect(Number(container.querySelector<HTMLElement>('[data-testid="connected-sites"]')!.dataset.count)).toBeGreaterThan(0), { timeout: 10_000 });
}

function searchFor(container: HTMLElement, text: string): void {
  const input = container.querySelector<HTMLInputElement>('[part="search-input"]')!;
  input.value = text;
  fireEvent.submit(container.querySelector('form')!);
}

const resultRows = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[part="result-row"]')];

it('finds a seeded tag on the connected sites; a row expands to its details and links to its site', async () => {
  const { container } = render(<TagSearchWidget />);
  await connected(container);
  searchFor(container, 'JP401');
  await waitFor(() => expect(resultRows(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  const row = resultRows(container)[0]!;
  const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent);
  expect(cells.slice(2, 4)).toEqual(['JP401', 'Sirkulasjonspumpe varme']);
  expect(row.querySelector<HTMLAnchorElement>('[part="open-link"]')!.href).toMatch(/\/dashboards\?site=[0-9a-f-]{36}$/);

  fireEvent.click(row.querySelector('button[aria-expanded]')!);
  const details = container.querySelector('[part="result-details"]')!;
  expect([...details.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Anlegg', 'Verdi', 'Sekv.nr.', 'Navn', 'Sist endret', 'Endret av']);
  expect(details.querySelector('dd')!.textContent).toBe(cells[1]);
}, 20_000);

it('shows the empty text with the user\'s text as text', async () => {
  const { container } = render(<TagSearchWidget />);
  await connected(container);
  searchFor(container, '<img src=x onerror=alert(1)>');
  await waitFor(() => expect(container.querySelector('[part="empty"]')).not.toBeNull(), { timeout: 10_000 });
  expect(container.querySelector('[part="empty"]')!.textContent).toBe('Søket ditt etter «<img src=x onerror=alert(1)>» ga ingen treff.');
  expect(container.querySelector('img')).toBeNull();
}, 20_000);

it('example queries filter, run one by click, or run several together', async () => {
  const { container } = render(<TagSearchWidget examples={['Utetemperatur', 'Sirkulasjonspumpe', 'Kjølemaskin']} />);
  await connected(container);
  const filter = container.querySelector<HTMLInputElement>('[part="example-filter"]')!;
  fireEvent.change(filter, { target: { value: 'temp' } });
  expect([...container.querySelectorAll<HTMLElement>('[part="example"]')].map((b) => b.dataset.example)).toEqual(['Utetemperatur']);
  fireEvent.click(container.querySelector('[part="example"]')!);
  await waitFor(() => expect(resultRows(container).length).toBeGreaterThan(0), { timeout: 10_000 });
  expect(resultRows(container).every((row) => row.dataset.name === 'RT901')).toBe(true);

  fireEvent.change(filter, { target: { value: '' } });
  fireEvent.click(container.querySelector('[part="multi-select"]')!);
  fireEvent.click(container.querySelector('[data-example="Sirkulasjonspumpe"]')!);
  fireEvent.click(container.querySelector('[data-example="Kjølemaskin"]')!);
  fireEvent.click(container.querySelector('[part="search-selected"]')!);
  await waitFor(() => {
    const names = new Set(resultRows(container).map((row) => row.dataset.name));
    expect(names).toEqual(new Set(['JP401', 'KA801']));
  }, { timeout: 15_000 });
}, 30_000);

it("the default examples speak the UI language and find the sites' tags in theirs (issue 37, item 6)", async () => {
  await setLanguage('en');
  try {
    const { container } = render(<TagSearchWidget />);
    await connected(container);
    const labels = () => [...container.querySelectorAll<HTMLElement>('[part="example"]')].map((button) => button.textContent);
    expect(labels()).toContain('Room temperature');
    expect(labels()).not.toContain('Romtemperatur');
    // The demo sites' tags are Norwegian: the English example searches the Norwegian word too.
    fireEvent.click(container.querySelector('[data-example="Room temperature"]')!);
    expect(container.querySelector<HTMLInputElement>('[part="search-input"]')!.value).toBe('Room temperature, Romtemperatur, Rumstemperatur');
    await waitFor(() => expect(resultRows(container).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(resultRows(container).some((row) => row.dataset.name === 'RT401')).toBe(true);
    await act(() => setLanguage('se'));
    expect(labels()).toContain('Rumstemperatur');
    expect(labels()).toContain('Kylmaskin');
  } finally {
    await setLanguage('no');
  }
}, 30_000);
