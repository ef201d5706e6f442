/**
 * The design tokens (Shoelace's light and dark, Varde's own) as CSS text for a widget's shadow root. Its
 * selectors include `:host`, so inside a shadow root the tokens are set on the <varde-*> element and
 * inherit into the Shoelace parts; loaded with the Shoelace parts (shoelace.ts), not at import.
 */
import { colorSchemeStore } from '@varde/core';

export { designTokensCss as shoelaceThemeCss } from './designTokens.js';

/** Calls `listener` with the page's scheme now and on every change (core's store: the system's, or the user's choice). */
export function followColorScheme(listener: (scheme: 'light' | 'dark') => void): void {
  const store = colorSchemeStore();
  listener(store.getState().scheme);
  store.subscribe((state) => listener(state.scheme));
}
