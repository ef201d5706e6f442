/**
 * Shoelace in widgets. Parts are imported one by one (never the barrel), and lazily: a Shoelace
 * module defines its custom element when imported, and widget modules must stay free of side
 * effects (they are imported in Node and by the portal). A widget lists its parts in its own
 * `shoelace.ts` as a loader of dynamic imports and calls `useShoelaceParts(loader)`; the element
 * upgrades as soon as its part has loaded.
 *
 * Offline: Shoelace's own (system) icons are inline SVG. The default icon library would fetch
 * `<basePath>/assets/icons/<name>.svg`, which a host page does not serve, so it is replaced by
 * inline SVGs from ./icons.ts (add the icons you use there). No base path is needed.
 */
import { useEffect, useState } from 'react';
import { iconDataUrl } from './icons.js';
import { createSmallStore } from './smallStore.js';
import { useStoreState } from './useStoreState.js';

export type ShoelaceLoader = () => Promise<unknown>;

const loading = new Map<ShoelaceLoader, Promise<void>>();
let iconsRegistered: Promise<void> | null = null;

function registerIcons(): Promise<void> {
  iconsRegistered ??= Promise.all([
    import('@shoelace-style/shoelace/dist/utilities/icon-library.js'),
    // Shoelace's own texts in Norwegian and Swedish (issue 37, item 6); a module with that one effect.
    import('./shoelaceTranslations.js'),
  ]).then(([{ registerIconLibrary }]) => {
    registerIconLibrary('default', { resolver: (name) => iconDataUrl(name) });
  });
  return iconsRegistered;
}

/**
 * The design tokens come with Shoelace's parts (light and dark, ~6 KiB brotli): an element that has not
 * loaded a part yet has nothing they style. WidgetRoot puts them in the shadow root once here, and with
 * them follows the page's light or dark scheme (core's colorSchemeStore, loaded in the same lazy chunk:
 * before the tokens are there, a dark class would change nothing).
 */
type ColorScheme = 'light' | 'dark';
const theme = createSmallStore<{ css: string; scheme: ColorScheme }>({ css: '', scheme: 'light' });
let themeLoading: Promise<void> | null = null;

function loadTheme(): Promise<void> {
  themeLoading ??= import('./shoelaceTheme.js').then(({ shoelaceThemeCss, followColorScheme }) => {
    theme.setState({ css: shoelaceThemeCss });
    followColorScheme((scheme) => theme.setState({ scheme }));
  });
  return themeLoading;
}

const themeCssOf = (state: { css: string }) => state.css;
const schemeOf = (state: { scheme: ColorScheme }) => state.scheme;

/** The tokens as CSS text once a widget of the page has loaded its parts, else ''. */
export function useShoelaceThemeCss(): string {
  return useStoreState(theme, themeCssOf, '');
}

/** The page's scheme (light until the tokens have loaded). */
export function useColorScheme(): ColorScheme {
  return useStoreState(theme, schemeOf, 'light');
}

/** Loads a widget's Shoelace parts (and the tokens) once per page; resolves when they are defined. */
export function loadShoelaceParts(loader: ShoelaceLoader): Promise<void> {
  let promise = loading.get(loader);
  if (!promise) {
    promise = Promise.all([registerIcons(), loadTheme(), loader()]).then(() => undefined);
    loading.set(loader, promise);
  }
  return promise;
}

/** Starts loading the parts after the first render; true once they are defined. */
export function useShoelaceParts(loader: ShoelaceLoader): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let active = true;
    loadShoelaceParts(loader).then(
      () => active && setReady(true),
      // A failed chunk load leaves the native fallbacks (elements stay undefined); say why once.
      (error: unknown) => console.error('Varde: loading Shoelace parts failed', error),
    );
    return () => {
      active = false;
    };
  }, [loader]);
  return ready;
}
