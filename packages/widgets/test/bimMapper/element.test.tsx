import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { setLanguage, setSharedSession } from '@varde/core';
import { defineVardeBimMapper } from '../../src/bimMapper/element.js';
import { DEMO_BUILDING_NAME, demoEquipment } from '../../../server/src/bim/ifc/demoBuilding.js';
import { demoUsers, startCloud, type Cloud } from '../helpers/cloud.js';
import { instantAnimations, signedInSession } from '../createUser/helpers.js';
import { recordingViewers } from './recordingViewer.js';

// happy-dom has no WebGL: the viewers are the recording ones, passed through the viewerFactory property.

let cloud: Cloud;
beforeAll(async () => {
  setLanguage('en');
  instantAnimations();
  cloud = await startCloud({ simulation: 'paused' });
  await signedInSession(cloud, demoUsers.admin.email, demoUsers.admin.password);
}, 60_000);
afterAll(async () => {
  setSharedSession(null);
  await cloud.close();
});

function inShadow<T extends Element = HTMLElement>(element: HTMLElement, selector: string): Promise<T> {
  return waitFor(() => {
    const found = element.shadowRoot?.querySelector<T & Element>(selector);
    if (!found) throw new Error(`no ${selector} yet`);
    return found as T;
  });
}

describe('<varde-bim-mapper>', { timeout: 30_000 }, () => {
  it('takes the building attribute and the viewerFactory property; exposes the unsaved state as property, attribute and event', async () => {
    defineVardeBimMapper();
    expect(defineVardeBimMapper()).toBe(customElements.get('varde-bim-mapper'));
    const objects = demoEquipment().map(({ globalId, name, description, ifcClass }) => ({ globalId, name, description, ifcType: ifcClass }));
    const viewers = recordingViewers(objects, 'VVS Fjordheim');
    const element = document.createElement('varde-bim-mapper');
    element.viewerFactory = viewers.load;
    element.setAttribute('building', DEMO_BUILDING_NAME);
    const events: { detail: unknown; bubbles: boolean; composed: boolean }[] = [];
    const picks: unknown[] = [];
    document.addEventListener('varde-bim-unsaved-change', (event) => events.push({ detail: event.detail, bubbles: event.bubbles, composed: event.composed }));
    document.addEventListener('varde-bim-pick', (event) => picks.push(event.detail));
    document.body.append(element);

    await inShadow(element, '[data-connection]');
    expect(element.building).toBe(DEMO_BUILDING_NAME);
    expect(element.unsaved).toBe(false);
    expect(element.hasAttribute('unsaved')).toBe(false);
    await waitFor(() => expect(viewers.made).toHaveLength(2));
    expect(element.shadowRoot!.querySelector('[data-viewer-host="viewer3d"] canvas')).not.toBeNull();

    const sensor = objects.find((object) => object.ifcType === 'IFCSENSOR')!;
    act(() => viewers.made.find((viewer) => viewer.kind === 'viewer2d')!.userPicks(sensor.globalId));
    expect(picks).toEqual([{ globalId: sensor.globalId, name: sensor.name, viewer: 'viewer2d' }]);
    expect((element.shadowRoot!.querySelector('[data-field="bim-guid"]') as HTMLInputElement).value).toBe(sensor.globalId);
    expect(element.unsaved).toBe(true);
    expect(element.leaveNeedsConfirm).toBe(true);
    expect(element.hasAttribute('unsaved')).toBe(true);
    expect(events).toEqual([{ detail: { unsaved: true, leaveNeedsConfirm: true }, bubbles: true, composed: true }]);

    // The page's beforeunload asks while there is something to lose.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    element.remove(); // unmounted: the guard goes with it
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(false);
  });
});
