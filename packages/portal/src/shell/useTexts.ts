import { useSyncExternalStore } from 'react';
import { i18n } from '@varde/core';

function subscribe(listener: () => void): () => void {
  i18n.on('languageChanged', listener);
  return () => i18n.off('languageChanged', listener);
}

/** A translate function for the given namespaces that re-renders when the language changes. */
export function useTexts(namespaces: string | string[]) {
  const language = useSyncExternalStore(subscribe, () => i18n.language);
  return i18n.getFixedT(language, namespaces);
}
