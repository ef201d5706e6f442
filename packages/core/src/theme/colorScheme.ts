import { createStore, type StoreApi } from 'zustand/vanilla';

/** The user's choice: follow the system (default), or always light or dark. */
export type ColorSchemePreference = 'system' | 'light' | 'dark';
export type ColorScheme = 'light' | 'dark';

export const COLOR_SCHEME_PREFERENCES: readonly ColorSchemePreference[] = ['system', 'light', 'dark'];
/** Where the choice is remembered: a preference, never a token (like the language). */
export const COLOR_SCHEME_STORAGE_KEY = 'varde.colorScheme';

export interface ColorSchemeState {
  preference: ColorSchemePreference;
  /** What the system (prefers-color-scheme) asks for now. */
  systemDark: boolean;
  /** What to show: the preference, or the system's when the preference is 'system'. */
  scheme: ColorScheme;
  setPreference(preference: ColorSchemePreference): void;
}

export interface ColorSchemeEnvironment {
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** `window.matchMedia('(prefers-color-scheme: dark)')`, or null where there is none (Node). */
  systemQuery?: Pick<MediaQueryList, 'matches' | 'addEventListener'> | null;
}

export function isColorSchemePreference(value: unknown): value is ColorSchemePreference {
  return (COLOR_SCHEME_PREFERENCES as readonly unknown[]).includes(value);
}

const schemeOf = (preference: ColorSchemePreference, systemDark: boolean): ColorScheme =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference;

function browserEnvironment(): ColorSchemeEnvironment {
  const g = globalThis as { localStorage?: Storage; matchMedia?: (query: string) => MediaQueryList };
  let storage: Storage | null = null;
  try {
    storage = g.localStorage ?? null;
  } catch {
    storage = null; // storage blocked: the choice lasts for the page
  }
  return { storage, systemQuery: g.matchMedia ? g.matchMedia('(prefers-color-scheme: dark)') : null };
}

/**
 * The page's light or dark theme: follows the system until the user chooses, and remembers the choice.
 * The portal shows it on <html data-scheme>, every widget on its root (WidgetRoot), so one choice
 * themes the whole page.
 */
export function createColorSchemeStore(environment: ColorSchemeEnvironment = browserEnvironment()): StoreApi<ColorSchemeState> {
  const { storage = null, systemQuery = null } = environment;
  let stored: string | null = null;
  try {
    stored = storage?.getItem(COLOR_SCHEME_STORAGE_KEY) ?? null;
  } catch {
    stored = null;
  }
  const preference = isColorSchemePreference(stored) ? stored : 'system';
  const systemDark = Boolean(systemQuery?.matches);
  const store = createStore<ColorSchemeState>()((set, get) => ({
    preference,
    systemDark,
    scheme: schemeOf(preference, systemDark),
    setPreference(next) {
      try {
        storage?.setItem(COLOR_SCHEME_STORAGE_KEY, next);
      } catch {
        // storage blocked: the choice lasts for the page
      }
      set({ preference: next, scheme: schemeOf(next, get().systemDark) });
    },
  }));
  systemQuery?.addEventListener('change', (event) => {
    const dark = (event as MediaQueryListEvent).matches;
    store.setState({ systemDark: dark, scheme: schemeOf(store.getState().preference, dark) });
  });
  return store;
}

let pageStore: StoreApi<ColorSchemeState> | null = null;

/** The page's one colour-scheme store, made on first use (never at import: core loads in Node too). */
export function colorSchemeStore(): StoreApi<ColorSchemeState> {
  pageStore ??= createColorSchemeStore();
  return pageStore;
}
