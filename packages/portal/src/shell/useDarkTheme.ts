import { useEffect, useState } from 'react';

/**
 * The dark theme, offered in dev mode only (spec). Decision: dev mode is the reference cloud on a
 * loopback host (`settings.local`); the choice lives for the page only (no stored preference).
 */
export function useDarkTheme(devMode: boolean): { on: boolean; toggle: () => void } | null {
  const [on, setOn] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    if (devMode && on) root.dataset.scheme = 'dark';
    else delete root.dataset.scheme;
  }, [devMode, on]);
  return devMode ? { on, toggle: () => setOn((value) => !value) } : null;
}
