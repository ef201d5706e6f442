/**
 * What a widget shows while the page's session is signed out (a host page before anyone signed in, or
 * after a sign-out): what the user must do, and a button that opens the sign-in form of the page's
 * <varde-session> (its `sign-in-button` part; a host without one hears `varde-sign-in-request`, bubbling
 * and composed), instead of a spinner that never ends. Kept here, not in <varde-session>, whose page
 * weight (create-user with the session, 45 KB) has no room.
 */
import type { RefObject } from 'react';
import { emitVardeEvent } from './events.js';
import type {} from './signInRequestEvent.js';

function requestSignIn(from: HTMLElement | null): void {
  if (!emitVardeEvent(from, 'varde-sign-in-request', {}, { cancelable: true })) return;
  const session = document.querySelector('varde-session')?.shadowRoot;
  const button = session?.querySelector<HTMLElement>('[part="sign-in-button"]');
  if (button) button.click();
  else session?.querySelector<HTMLElement>('[part="username-input"]')?.focus();
}

export function SignedOutPrompt(props: { text: string; buttonText: string; className: string; rootRef: RefObject<HTMLElement | null> }) {
  return (
    <div className={props.className} part="signed-out" role="status" data-state="signed-out">
      <span>{props.text}</span>{' '}
      <button type="button" className="varde-state__retry" part="sign-in-request" onClick={() => requestSignIn(props.rootRef.current)}>
        {props.buttonText}
      </button>
    </div>
  );
}
