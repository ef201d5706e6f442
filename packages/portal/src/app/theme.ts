import { colorSchemeStore, type ColorScheme } from '@varde/core';
import { designTokensCss } from '@varde/widgets/shared/designTokens.js';
import { session } from './session.js';
import './themes.css';

function showScheme(scheme: ColorScheme): void {
  const root = document.documentElement;
  root.dataset.scheme = scheme;
  // Shoelace's dark tokens apply under its class; ours under either.
  root.classList.toggle('sl-theme-dark', scheme === 'dark');
}

/**
 * The page's look from the first paint: the design tokens (Shoelace's light and dark, Varde's own), the
 * flavor's or brand's hues (`data-theme`: varde, fjord, nordlys; themes.css), and the light or dark
 * scheme the user chose, or the system's until they do (core's colorSchemeStore, remembered).
 */
export function applyTheme(): void {
  const tokens = document.createElement('style');
  tokens.dataset.vardeTokens = '';
  tokens.textContent = designTokensCss;
  document.head.prepend(tokens);
  document.documentElement.dataset.theme = session.settings.theme;
  const store = colorSchemeStore();
  showScheme(store.getState().scheme);
  store.subscribe((state) => showScheme(state.scheme));
}
