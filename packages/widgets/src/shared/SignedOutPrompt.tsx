/**
 * What a widget shows while the page's session is signed out (a host page before anyone signed in, or
 * after a sign-out): what the user must do, and a button that opens the sign-in form of the page's
 * <varde-session> (its `sign-in-button` part; a host without one hears `varde-sign-in-request`, bubbling
 * and composed), instead of a spinner that never ends. Kept here, not in <varde-session>, whose page
 * weight (create-user with the session, 45 KB) has no room.
 */
import type { RefObject } from 'react';
import { i18n } from '@varde/core';
import { emitVardeEvent } from './events.js';
import type {} from './signInRequestEvent.js';
import { useSessionSnapshot } from './useSharedSession.js';

function requestSignIn(from: HTMLElement | null): void {
  if (!emitVardeEvent(from, 'varde-sign-in-request', {}, { cancelable: true })) return;
  const session = document.querySelector('varde-session')?.shadowRoot;
  const button = session?.querySelector<HTMLElement>('[part="sign-in-button"]');
  if (button) button.click();
  else session?.querySelector<HTMLElement>('[part="username-input"]')?.focus();
}

/** A session the cloud ended (its renewal was refused) says so, rather than asking as if nobody had signed in. */
export function SignedOutPrompt(props: { text: string; buttonText: string; className: string; rootRef: RefObject<HTMLElement | null> }) {
  const expired = useSessionSnapshot()?.signOutReason === 'session-expired';
  return (
    <div className={props.className} part="signed-out" role="status" data-state="signed-out" data-reason={expired ? 'session-expired' : undefined}>
      <span>{expired ? i18n.t('session:sessionExpired') : props.text}</span>{' '}
      <button type="button" className="varde-state__retry" part="sign-in-request" onClick={() => requestSignIn(props.rootRef.current)}>
        {props.buttonText}
      </button>
    </div>
  );
}
