/** Shared steps of the users widgets' DOM tests: a signed-in shared session, Shoelace fields. */
import { act, waitFor } from '@testing-library/react';
import { createSession, localSettings, setSharedSession, type Session } from '@varde/core';
import type { Cloud } from '../helpers/cloud.js';

/** A shared session signed in as `email` against the cloud (Node's fetch, no realtime). */
export async function signedInSession(cloud: Cloud, email: string, password: string, fetch: typeof globalThis.fetch = globalThis.fetch): Promise<Session> {
  const session = createSession({ settings: localSettings(cloud.url), oidc: false, realtime: false, storage: null, fetch });
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

/**
 * A fetch that holds the requests `matches` picks until `release()` (or answers them itself), so a
 * test can look at a widget while its request is in flight. Counts every request by method and path.
 */
export function controllableFetch(matches: (method: string, url: URL) => boolean, answer?: () => Response) {
  let release!: () => void;
  let gate = new Promise<void>((resolve) => (release = resolve));
  const seen: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    seen.push(`${request.method} ${url.pathname}`);
    if (matches(request.method, url)) {
      if (answer) return answer();
      await gate;
    }
    return globalThis.fetch(request);
  };
  return {
    fetch,
    seen,
    release: () => {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    },
  };
}

/**
 * Shoelace dialogs animate; happy-dom rejects a cancelled animation's `finished` promise, which
 * nobody awaits (an unhandled rejection). The users' DOM tests use animations that finish at once.
 */
export function instantAnimations(): void {
  const proto = Element.prototype as unknown as { animate: unknown; getAnimations: unknown };
  proto.animate = function animate() {
    const animation = Object.assign(new EventTarget(), {
      finished: Promise.resolve(),
      playState: 'finished',
      cancel() {
        animation.dispatchEvent(new Event('cancel'));
      },
      finish() {},
    });
    setTimeout(() => animation.dispatchEvent(new Event('finish')), 0);
    return animation;
  };
  proto.getAnimations = () => [];
}
