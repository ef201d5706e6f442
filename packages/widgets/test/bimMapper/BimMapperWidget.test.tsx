import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { loadEdges, saveEdges, setLanguage, setSharedSession, type Session } from '@varde/core';
import { makeEdge } from '@varde/core/contract';
import { BimMapperWidget } from '../../src/bimMapper/Component.js';
import { demoBimSite } from '../../../server/src/seed/demoBim.js';
import { DEMO_BUILDING_NAME, demoBuilding, demoEquipment } from '../../../server/src/bim/ifc/demoBuilding.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { found, instantAnimations, signedInSession } from '../createUser/helpers.js';
import { recordingViewers } from './recordingViewer.js';
import { startOutageProxy } from '../helpers/outageProxy.js';

// happy-dom has no WebGL: the viewers are the recording ones, passed through the viewerFactory prop.

let cloud: Cloud;
let session: Session;
const site = demoBimSite();
const equipment = demoEquipment();
const [ahu] = equipment;
const fresh = demoBuilding().storeys[2]!.equipment[0]!; // not connected by the seed

beforeAll(async () => {
  setLanguage('en');
  instantAnimations();
  cloud = await startCloud({ simulation: 'paused' });
  session = await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
}, 60_000);
afterEach(() => {
  cleanup();
  setLanguage('en');
});
afterAll(async () => {
  setSharedSession(null);
  await cloud.close();
});

const click = (element: Element) => act(() => void fireEvent.click(element));
const type = (root: ParentNode, field: string, value: string) =>
  act(() => void fireEvent.change(root.querySelector(`[data-field="${field}"]`)!, { target: { value } }));
const rows = (root: ParentNode) => [...root.querySelectorAll('[data-connection]')];
const disabled = (element: Element | null) => (element as HTMLElement & { disabled: boolean }).disabled;

function renderMapper(building?: string) {
  const objects = equipment.map(({ globalId, name, description, ifcClass }) => ({ globalId, name, description, ifcType: ifcClass }));
  const viewers = recordingViewers(objects, 'VVS Fjordheim');
  const view = render(<BimMapperWidget viewerFactory={viewers.load} building={building} />);
  return { view, viewers };
}

async function chooseDemoBuilding(root: HTMLElement) {
  click(await found(root, `[data-building="${DEMO_BUILDING_NAME}"]`));
  await waitFor(() => expect(rows(root).length).toBeGreaterThan(0));
}

describe('BimMapperWidget (Administrer)', { timeout: 30_000 }, () => {
  it('lists the buildings; choosing one loads its connections', async () => {
    const { view } = renderMapper();
    const root = view.container;
    await found(root, `[data-building="${DEMO_BUILDING_NAME}"]`);
    expect(root.textContent).toContain('Choose a building to see its connections.');
    await chooseDemoBuilding(root);
    const stored = await loadEdges(session.http, { building: DEMO_BUILDING_NAME });
    expect(rows(root).map((row) => row.getAttribute('data-guid')).sort()).toEqual(stored.map((edge) => edge.from_node.obj.type === 'bim' && edge.from_node.obj['BIM GUID']).sort());
    const ahuRow = root.querySelector(`[data-guid="${ahu!.globalId}"]`)!;
    expect(ahuRow.textContent).toContain('LA01');
    expect(ahuRow.textContent).toContain(site.name); // the controller column names the site
    expect(ahuRow.textContent).toContain(ahu!.tag);
    expect(root.querySelector('[aria-current="true"]')?.getAttribute('data-building')).toBe(DEMO_BUILDING_NAME);
  });

  it('makes both viewers from the viewer token urls (cached), and picking fills the model node and highlights in the other', async () => {
    localStorage.clear();
    const { view, viewers } = renderMapper();
    const root = view.container;
    await chooseDemoBuilding(root);
    await waitFor(() => expect(viewers.made.map((viewer) => viewer.kind).sort()).toEqual(['viewer2d', 'viewer3d']));
    const cached = Object.keys(localStorage).filter((key) => key.startsWith('varde.bim.viewerUrl.'));
    expect(cached).toHaveLength(2);
    const viewer3d = viewers.made.find((viewer) => viewer.kind === 'viewer3d')!;
    const viewer2d = viewers.made.find((viewer) => viewer.kind === 'viewer2d')!;
    expect(JSON.parse(localStorage.getItem(cached.find((key) => key.includes('viewer3d'))!)!).url).toBe(viewer3d.source.url);

    const models = await found(root, '[data-model]');
    expect(models.getAttribute('data-visibility')).toBe('UNLOADED');
    // Nothing loaded yet: each viewer says so instead of staying blank.
    await waitFor(() => expect(root.querySelectorAll('[data-viewer-empty]')).toHaveLength(2));
    expect(root.querySelector('[data-viewer-empty]')!.textContent).toBe('No model shown. Load a model above, or Load all.');
    click(root.querySelector('[data-action="load-all"]')!);
    await waitFor(() => expect([...root.querySelectorAll('[data-model]')].every((model) => model.getAttribute('data-visibility') === 'VISIBLE')).toBe(true));
    expect(root.querySelectorAll('[data-viewer-empty]')).toHaveLength(0);
    expect(viewer3d.calls).toContain('loadAll');
    expect(viewer2d.calls).toContain('loadAll');
    click(root.querySelector('[data-model] [data-action="toggle-model"]')!);
    await waitFor(() => expect(root.querySelector('[data-model]')!.getAttribute('data-visibility')).toBe('HIDDEN'));

    act(() => viewer3d.userPicks(fresh.globalId));
    expect((root.querySelector('[data-field="bim-guid"]') as HTMLInputElement).value).toBe(fresh.globalId);
    expect((root.querySelector('[data-field="bim-name"]') as HTMLInputElement).value).toBe(fresh.name);
    expect((root.querySelector('[data-field="bim-description"]') as HTMLInputElement).value).toBe(fresh.description);
    expect(viewer2d.calls).toContain(`highlight ${fresh.globalId}`);
    view.unmount();
    expect(viewer3d.calls).toContain('dispose');
  });

  it('a cached viewer URL that no longer answers is dropped and a fresh token fetched', async () => {
    localStorage.clear();
    const first = renderMapper();
    await waitFor(() => expect(first.viewers.made).toHaveLength(2));
    const key = Object.keys(localStorage).find((item) => item.startsWith('varde.bim.viewerUrl.') && item.includes('viewer3d'))!;
    const good = JSON.parse(localStorage.getItem(key)!) as { url: string; expiresAt: number };
    first.view.unmount();
    // Still "fresh" by the clock, but its token is unknown to the service (as after a restart).
    const dead = `${good.url.replace(/[^/]+$/, '')}not-a-token`;
    expect((await fetch(dead)).status).toBeGreaterThanOrEqual(400);
    localStorage.setItem(key, JSON.stringify({ url: dead, expiresAt: good.expiresAt }));
    const again = renderMapper();
    await waitFor(() => expect(again.viewers.made.map((viewer) => viewer.kind).sort()).toEqual(['viewer2d', 'viewer3d']));
    const stored = JSON.parse(localStorage.getItem(key)!) as { url: string };
    expect(stored.url).not.toBe(dead);
    expect(again.viewers.made.find((viewer) => viewer.kind === 'viewer3d')!.source.url).toBe(stored.url);
    expect(again.view.container.querySelector('[data-viewer="viewer3d"]')?.getAttribute('data-status')).toBe('ready');
  });

  it('zoom to an object outside the loaded models shows the Norwegian alert in the widget', async () => {
    setLanguage('no');
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { view, viewers } = renderMapper();
    const root = view.container;
    await waitFor(() => expect(viewers.made).toHaveLength(2));
    await type(root, 'zoom-global-id', ahu!.globalId);
    click(root.querySelector('[data-action="zoom"]')!);
    const shown = await found(root, '[data-alert="object-not-found"]');
    expect(shown.getAttribute('role')).toBe('alert');
    expect(shown.textContent).toContain('Objektet ble ikke funnet i de innlastede modellene. Last inn flere lag og prøv igjen.');
    expect(alert).not.toHaveBeenCalled();
    click(shown.querySelector('button')!);
    expect(root.querySelector('[data-alert]')).toBeNull();
    // Loaded, the same object is found: no alert.
    click(root.querySelector('[data-action="load-all"]')!);
    await waitFor(() => expect(root.querySelector('[data-model]')!.getAttribute('data-visibility')).toBe('VISIBLE'));
    click(root.querySelector('[data-action="zoom"]')!);
    expect(root.querySelector('[data-alert]')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('adds a pair only when both nodes exist, flags unsaved, saves all, and a reload shows the connection', async () => {
    const { view, viewers } = renderMapper();
    const root = view.container;
    const changes: unknown[] = [];
    root.addEventListener('varde-bim-unsaved-change', (event) => changes.push((event as CustomEvent).detail));
    await chooseDemoBuilding(root);
    const before = rows(root).length;
    const add = root.querySelector('[data-action="add-pair"]')!;
    expect(disabled(add)).toBe(true);
    await waitFor(() => expect(viewers.made).toHaveLength(2));
    act(() => viewers.made[0]!.userPicks(fresh.globalId));
    expect(disabled(root.querySelector('[data-action="add-pair"]'))).toBe(true); // the tag node is still missing
    expect(root.querySelector('[data-unsaved]')?.textContent).toBe('You have unsaved changes.');
    expect(changes).toEqual([{ unsaved: true, leaveNeedsConfirm: true }]);

    expect((root.querySelector('[data-field="building"]') as HTMLInputElement).value).toBe(DEMO_BUILDING_NAME);
    await type(root, 'controller-id', `  ${site.uuid} `);
    expect(disabled(root.querySelector('[data-action="add-pair"]'))).toBe(true);
    await type(root, 'tag', '  360.031-JV01  ');
    await type(root, 'description', 'Tilluft 301');
    await type(root, 'substation', '360');
    expect(disabled(root.querySelector('[data-action="add-pair"]'))).toBe(false);
    click(root.querySelector('[data-action="add-pair"]')!);
    expect(rows(root)).toHaveLength(before + 1);
    const added = root.querySelector(`[data-guid="${fresh.globalId}"]`)!;
    expect(added.getAttribute('data-saved')).toBe('false');
    expect(added.querySelector('[data-cell="tag"]')?.textContent).toBe('360.031-JV01not saved'); // trimmed
    expect((root.querySelector('[data-field="bim-guid"]') as HTMLInputElement).value).toBe(''); // editors cleared

    click(root.querySelector('[data-action="save-all"]')!);
    await waitFor(() => expect(root.querySelector('[data-unsaved]')).toBeNull());
    expect(changes.at(-1)).toEqual({ unsaved: false, leaveNeedsConfirm: false });
    view.unmount();

    const again = renderMapper();
    await chooseDemoBuilding(again.view.container);
    const saved = again.view.container.querySelector(`[data-guid="${fresh.globalId}"]`)!;
    expect(saved.getAttribute('data-saved')).toBe('true');
    const stored = await loadEdges(session.http, { guid: fresh.globalId });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.to_node.obj).toMatchObject({ controllerId: site.uuid, tag: '360.031-JV01', building: DEMO_BUILDING_NAME });
  });

  it('edit loads both nodes with the GUID locked; remove asks in a dialog, cancel keeps, yes deletes', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const { view } = renderMapper();
    const root = view.container;
    await chooseDemoBuilding(root);
    const row = root.querySelector(`[data-guid="${ahu!.globalId}"]`)!;
    click(row.querySelector('[data-action="edit"]')!);
    const guid = root.querySelector('[data-field="bim-guid"]') as HTMLInputElement;
    expect(guid.value).toBe(ahu!.globalId);
    expect(guid.disabled).toBe(true);
    expect((root.querySelector('[data-field="tag"]') as HTMLInputElement).value).toBe(ahu!.tag);
    expect(root.querySelector('[data-guid-locked]')).not.toBeNull();

    click(row.querySelector('[data-action="remove"]')!);
    const dialog = root.querySelector('[data-dialog="remove"]') as HTMLElement & { open: boolean };
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('[data-dialog-text]')?.textContent).toBe('Are you sure you want to delete this connection?');
    click(root.querySelector('[data-action="remove-cancel"]')!);
    expect(dialog.open).toBe(false);
    expect(root.querySelector(`[data-guid="${ahu!.globalId}"]`)).not.toBeNull();

    click(root.querySelector(`[data-guid="${ahu!.globalId}"] [data-action="remove"]`)!);
    click(root.querySelector('[data-action="remove-confirm"]')!);
    await waitFor(() => expect(root.querySelector(`[data-guid="${ahu!.globalId}"]`)).toBeNull());
    expect(await loadEdges(session.http, { guid: ahu!.globalId })).toEqual([]);
    expect(confirm).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('asks before switching building with unsaved changes', async () => {
    const spare = demoBuilding().storeys[2]!.equipment[1]!;
    await saveEdges(session.http, [
      makeEdge(
        { type: 'bim', 'BIM GUID': spare.globalId, 'BIM Navn': spare.name, 'BIM beskrivelse': '' },
        { type: 'tag', controllerId: site.uuid, building: 'Annekset', tag: 'A-1', description: '', substation: '' },
      ),
    ]);
    const { view } = renderMapper();
    const root = view.container;
    await chooseDemoBuilding(root);
    await type(root, 'bim-name', 'changed');
    click(root.querySelector('[data-building="Annekset"]')!);
    const dialog = root.querySelector('[data-dialog="leave"]') as HTMLElement & { open: boolean };
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector('[data-dialog-text]')?.textContent).toBe('Do you really want to leave? You have unsaved changes!');
    click(root.querySelector('[data-action="leave-cancel"]')!);
    expect(root.querySelector('[aria-current="true"][data-building]')?.getAttribute('data-building')).toBe(DEMO_BUILDING_NAME);
    click(root.querySelector('[data-building="Annekset"]')!);
    click(root.querySelector('[data-action="leave-confirm"]')!);
    await waitFor(() => expect(rows(root).map((row) => row.getAttribute('data-guid'))).toEqual([spare.globalId]));
    expect(root.querySelector('[data-unsaved]')).toBeNull();
    expect((root.querySelector('[data-field="bim-name"]') as HTMLInputElement).value).toBe(''); // nodes cleared
  });
});

describe('BimMapperWidget states (issue 26)', { timeout: 30_000 }, () => {
  it('the cloud unreachable is a failure in the UI\'s words whose retry recovers; signed out is a sign-in prompt', async () => {
    const proxy = await startOutageProxy(new URL(cloud.url));
    const own = await signedInSession({ url: proxy.url } as Cloud, demoUsers.admin.email, demoUsers.admin.password);
    try {
      proxy.cut();
      const { view } = renderMapper();
      const failed = await found(view.container, '[data-state="failed"]');
      expect(failed.textContent).toMatch(/Could not load: Could not reach the cloud at http:\/\/localhost:\d+\./);
      expect(view.container.querySelector('[part="tabs"]')).toBeNull();
      proxy.restore();
      click(view.container.querySelector('[part="retry"]')!);
      await found(view.container, `[data-building="${DEMO_BUILDING_NAME}"]`);
      view.unmount();
      await own.signOut();
      const signedOut = render(<BimMapperWidget />);
      const prompt = await found(signedOut.container, '[part="signed-out"]');
      expect(prompt.textContent).toContain('Sign in to link building models to tags.');
      expect(prompt.querySelector('[part="sign-in-request"]')).not.toBeNull();
    } finally {
      await own.dispose();
      await proxy.close();
      setSharedSession(session);
    }
  });

  it('a building asked for by its attribute whose first load failed is selected again by the retry', async () => {
    const proxy = await startOutageProxy(new URL(cloud.url));
    const own = await signedInSession({ url: proxy.url } as Cloud, demoUsers.admin.email, demoUsers.admin.password);
    try {
      proxy.cut();
      const { view } = renderMapper(DEMO_BUILDING_NAME);
      await found(view.container, '[data-state="failed"]');
      proxy.restore();
      click(view.container.querySelector('[part="retry"]')!);
      await waitFor(() => expect(rows(view.container).length).toBeGreaterThan(0));
      expect(view.container.querySelector('[aria-current="true"]')?.getAttribute('data-building')).toBe(DEMO_BUILDING_NAME);
    } finally {
      await own.dispose();
      await proxy.close();
      setSharedSession(session);
    }
  });

  it('a user without the BIM module is told which access is missing, and gets no tabs', async () => {
    const user = await signedInSession(cloud, demoUsers.user.email, demoUsers.user.password);
    try {
      const { view } = renderMapper();
      const refused = await found(view.container, '[data-state="refused"]');
      expect(refused.textContent).toBe('You do not have access: the BIM tool (the BIM module).');
      expect(view.container.querySelector('[part="tabs"]')).toBeNull();
    } finally {
      await user.dispose();
      setSharedSession(session);
    }
  });
});
