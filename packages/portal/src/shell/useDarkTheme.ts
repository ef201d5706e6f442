import { colorSchemeStore, type ColorSchemePreference, type ColorSchemeState } from '@varde/core';
import { useSyncExternalStore } from 'react';

const store = () => colorSchemeStore();
const read = () => store().getState();

/** The light/dark choice and what shows now (core's store: the system's until the user chooses, remembered). */
export function useColorScheme(): ColorSchemeState & { choose(preference: ColorSchemePreference): void } {
  const state = useSyncExternalStore((listener) => store().subscribe(listener), read, read);
  return { ...state, choose: (preference) => state.setPreference(preference) };
}

/**
 * The header's dark-theme toggle (spec: dev mode only; dev mode is the reference cloud, `settings.local`).
 * It switches between light and dark and is remembered, like the account menu's choice everyone has.
 */
export function useDarkTheme(devMode: boolean): { on: boolean; toggle: () => void } | null {
  const { scheme, choose } = useColorScheme();
  return devMode ? { on: scheme === 'dark', toggle: () => choose(scheme === 'dark' ? 'light' : 'dark') } : null;
}
