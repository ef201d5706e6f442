/** Shared steps of the users widgets' DOM tests: a signed-in shared session, Shoelace fields. */
import { act, waitFor } from '@testing-library/react';
import { createSession, localSettings, setSharedSession, type Session } from '@varde/core';
import type { Cloud } from '../helpers/cloud.js';

/** A shared session signed in as `email` against the cloud (Node's fetch, no realtime). */
export async function signedInSession(cloud: Cloud, email: string, password: string): Promise<Session> {
  const session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch: globalThis.fetch });
  setSharedSession(session);
  await session.start({ silent: false });
  await session.signInWithPassword(email, password);
  return session;
}

/** Waits for an element (waitFor retries only when the callback throws). */
export function found<T extends Element = HTMLElement>(root: ParentNode, selector: string): Promise<T> {
  return waitFor(() => {
    const element = root.querySelector<T & Element>(selector);
    if (!element) throw new Error(`no ${selector} yet`);
    return element as T;
  });
}

/** Types into a Shoelace control the way a user does: the value, then its sl-input / sl-change event. */
export function setField(root: ParentNode, selector: string, value: string | string[]): void {
  const control = root.querySelector(selector) as (HTMLElement & { value?: unknown }) | null;
  if (!control) throw new Error(`no ${selector}`);
  act(() => {
    control.value = value;
    control.dispatchEvent(new Event(Array.isArray(value) || control.localName === 'sl-select' ? 'sl-change' : 'sl-input', { bubbles: true, composed: true }));
  });
}

/** The help text (where errors show) of a control. */
export function helpText(root: ParentNode, selector: string): string {
  return root.querySelector(selector)?.getAttribute('help-text') ?? '';
}
