import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY, createColorSchemeStore } from '../src/theme/colorScheme.js';

function fakeSystem(dark: boolean) {
  const listeners: ((event: { matches: boolean }) => void)[] = [];
  return {
    matches: dark,
    addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.push(listener),
    change(next: boolean) {
      this.matches = next;
      for (const listener of listeners) listener({ matches: next });
    },
  };
}

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

describe('the light or dark theme (issue 26, item 1)', () => {
  it('follows the system until the user chooses, live', () => {
    const system = fakeSystem(true);
    const store = createColorSchemeStore({ storage: memoryStorage(), systemQuery: system as never });
    expect(store.getState()).toMatchObject({ preference: 'system', scheme: 'dark' });
    system.change(false);
    expect(store.getState().scheme).toBe('light');
  });

  it('remembers a choice, which then wins over the system', () => {
    const storage = memoryStorage();
    const system = fakeSystem(false);
    createColorSchemeStore({ storage, systemQuery: system as never }).getState().setPreference('dark');
    expect(storage.values.get(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    const reloaded = createColorSchemeStore({ storage, systemQuery: system as never });
    expect(reloaded.getState()).toMatchObject({ preference: 'dark', scheme: 'dark' });
    system.change(true);
    reloaded.getState().setPreference('light');
    expect(reloaded.getState().scheme).toBe('light');
    reloaded.getState().setPreference('system');
    expect(reloaded.getState().scheme).toBe('dark');
  });

  it('ignores a stored value it does not know, and works without storage or a system (Node)', () => {
    expect(createColorSchemeStore({ storage: memoryStorage({ [COLOR_SCHEME_STORAGE_KEY]: 'purple' }) }).getState().preference).toBe('system');
    const bare = createColorSchemeStore({ storage: null, systemQuery: null });
    expect(bare.getState().scheme).toBe('light');
    bare.getState().setPreference('dark');
    expect(bare.getState().scheme).toBe('dark');
  });
});
