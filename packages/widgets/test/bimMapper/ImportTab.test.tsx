import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { createSession, loadEdges, localSettings, setLanguage, setSharedSession, type Session } from '@varde/core';
import { BimMapperWidget } from '../../src/bimMapper/Component.js';
import { demoBimSite } from '../../../server/src/seed/demoBim.js';
import { demoBuilding } from '../../../server/src/bim/ifc/demoBuilding.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, instantAnimations, signedInSession } from '../createUser/helpers.js';

// This file is about the Import tab: the Administrer tab's viewers stay off (happy-dom has no WebGL).
vi.mock('../../src/bimMapper/viewerLoader.js', () => ({
  loadBimViewerFactory: () => Promise.reject(new Error('no WebGL in happy-dom')),
}));

let cloud: Cloud;
let session: Session;
const site = demoBimSite().uuid;
const [a, b] = demoBuilding().storeys[1]!.equipment;
const HEADER = 'bim_guid,bim_name,bim_description,controller_id,building,tag,description,substation';

beforeAll(async () => {
  setLanguage('en');
  instantAnimations();
  cloud = await startCloud({ simulation: 'paused' });
  session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
}, 60_000);
afterEach(() => {
  cleanup();
  setSharedSession(session);
});
afterAll(async () => {
  setSharedSession(null);
  await cloud.close();
});

const click = (element: Element) => act(() => void fireEvent.click(element));

async function importTab() {
  const view = render(<BimMapperWidget />);
  const root = view.container;
  click(await found(root, '[data-tab="import"]'));
  return root;
}

/** What choosing a file in the file picker does. */
async function chooseCsv(root: HTMLElement, text: string) {
  const input = root.querySelector('[data-field="csv-file"]') as HTMLInputElement;
  const file = new File([text], 'connections.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await act(async () => {
    fireEvent.change(input);
  });
  await waitFor(() => expect((root.querySelector('[data-action="convert"]') as HTMLElement & { disabled: boolean }).disabled).toBe(false));
}

describe('BimMapperWidget (Import)', { timeout: 30_000 }, () => {
  it('converts a one-building CSV, shows it, saves all and says Done; overwrite for the building too', async () => {
    const root = await importTab();
    await chooseCsv(root, `${HEADER}\n${a!.globalId},${a!.name},,${site},Hus Import,T1,"Rom, 201",360\n${b!.globalId},${b!.name},,${site},Hus Import,T2,,360\n`);
    click(root.querySelector('[data-action="convert"]')!);
    await waitFor(() => expect(root.querySelectorAll('[data-import-row]')).toHaveLength(2));
    expect(root.querySelector('[data-import-table]')?.textContent).toContain('Rom, 201');
    click(root.querySelector('[data-action="import-save-all"]')!);
    expect((await found(root, '[data-import-notice="done"]')).textContent).toBe('Done');
    expect((await loadEdges(session.http, { building: 'Hus Import' })).map((edge) => edge.to_node.obj.type === 'tag' && edge.to_node.obj.tag).sort()).toEqual(['T1', 'T2']);

    // Overwrite with only T1: T2 goes.
    await chooseCsv(root, `${HEADER}\n${a!.globalId},${a!.name},,${site},Hus Import,T1,"Rom, 201",360\n`);
    click(root.querySelector('[data-action="convert"]')!);
    await waitFor(() => expect(root.querySelectorAll('[data-import-row]')).toHaveLength(1));
    click(root.querySelector('[data-action="overwrite-building"]')!);
    expect((await found(root, '[data-import-notice="done"]')).textContent).toBe('Done');
    expect((await loadEdges(session.http, { building: 'Hus Import' })).map((edge) => edge.to_node.obj.type === 'tag' && edge.to_node.obj.tag)).toEqual(['T1']);
  });

  it('a refusal for a site the user lacks names the site and what to ask for, in the UI language (issue 26, item 5)', async () => {
    for (const [language, words] of [['en', 'No access to the site bergen-skole: ask your administrator'], ['no', 'Ingen tilgang til anlegget bergen-skole: be administratoren'], ['se', 'Ingen åtkomst till anläggningen bergen-skole: be din administratör']] as const) {
      await act(() => setLanguage(language));
      const root = await importTab();
      await chooseCsv(root, `${HEADER}\n${a!.globalId},${a!.name},,bergen-skole,Hus Fremmed,T1,,\n`);
      click(root.querySelector('[data-action="convert"]')!);
      await waitFor(() => expect(root.querySelectorAll('[data-import-row]')).toHaveLength(1));
      click(root.querySelector('[data-action="import-save-all"]')!);
      const notice = await found(root, '[data-import-notice="error"]');
      expect(notice.textContent).toContain(words);
      expect(notice.textContent).not.toContain('controller bergen-skole');
      cleanup();
    }
    await act(() => setLanguage('en'));
  });

  it('refuses to overwrite with two buildings, or with no data, with the exact texts', async () => {
    const root = await importTab();
    await chooseCsv(root, `${HEADER}\n${a!.globalId},,,${site},Hus Y,T1,,\n${b!.globalId},,,${site},Hus Z,T2,,\n`);
    click(root.querySelector('[data-action="convert"]')!);
    await waitFor(() => expect(root.querySelectorAll('[data-import-row]')).toHaveLength(2));
    click(root.querySelector('[data-action="overwrite-building"]')!);
    expect((await found(root, '[data-import-notice="refused"]')).textContent).toBe('Data set spans more than one building - aborting.');
    expect(await loadEdges(session.http, { building: 'Hus Y' })).toEqual([]);

    await chooseCsv(root, `${HEADER}\n`);
    click(root.querySelector('[data-action="convert"]')!);
    await waitFor(() => expect((root.querySelector('[data-action="convert"]') as HTMLElement & { disabled: boolean }).disabled).toBe(false));
    click(root.querySelector('[data-action="overwrite-building"]')!);
    expect((await found(root, '[data-import-notice="refused"]')).textContent).toBe('No data set to save');
  });

  it('reports each bad line', async () => {
    const root = await importTab();
    await chooseCsv(root, `${HEADER}\n${a!.globalId},,,${site},Hus X,T1,,\nnope,,,${site},Hus X,T2,,\n${b!.globalId},,,,Hus X,,,\n`);
    click(root.querySelector('[data-action="convert"]')!);
    const notice = await found(root, '[data-import-notice="bad-lines"]');
    const lines = [...notice.querySelectorAll('[data-bad-line]')];
    expect(lines.map((line) => line.getAttribute('data-bad-line'))).toEqual(['3', '4']);
    expect(lines[0]!.textContent).toMatch(/^Line 3: bim_guid must be/);
    expect(lines[1]!.textContent).toBe('Line 4: controller_id is required; tag is required');
    expect(root.querySelector('[data-import-row]')).toBeNull();
  });

  it('says "Unable to reach backend service" when the conversion cannot reach it', async () => {
    // The same user, through a fetch whose csv2edges requests fail as an unreachable host does.
    const cut: typeof fetch = (input, init) => {
      const url = new Request(input, init).url;
      return url.includes('/csv2edges') ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(input, init);
    };
    const offline = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: cut });
    await offline.start({ silent: false });
    await offline.signInWithPassword(demoUsers.admin.email, demoUsers.admin.password);
    setSharedSession(offline);
    const root = await importTab();
    await chooseCsv(root, `${HEADER}\n${a!.globalId},,,${site},Hus V,T1,,\n`);
    click(root.querySelector('[data-action="convert"]')!);
    expect((await found(root, '[data-import-notice="unreachable"]')).textContent).toBe('Unable to reach backend service');
  });
});
