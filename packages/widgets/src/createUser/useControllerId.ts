/** The controller id of the form: the attribute, else the page's `chainId` query or `#controller` hash (followed live). */
import { useSyncExternalStore } from 'react';
import { controllerIdFromLocation, pageLocation } from './controllerId.js';

function subscribe(onChange: () => void): () => void {
  const target = globalThis as unknown as Partial<Window>;
  target.addEventListener?.('hashchange', onChange);
  target.addEventListener?.('popstate', onChange);
  return () => {
    target.removeEventListener?.('hashchange', onChange);
    target.removeEventListener?.('popstate', onChange);
  };
}

function fromPage(): string | null {
  const location = pageLocation();
  return location ? controllerIdFromLocation(location) : null;
}

export function useControllerId(attribute: string | undefined): string | null {
  const fromLocation = useSyncExternalStore(subscribe, fromPage, () => null);
  return attribute?.trim() || fromLocation;
}
