/**
 * Texts for a widget's own i18n namespace from core's one i18next instance; re-renders when the
 * language changes (setLanguage from core, or the `language` attribute of a widget).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { i18n } from '@varde/core';
import type { WidgetStrings } from './widgetStrings.js';

function subscribeToLanguage(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const currentLanguage = () => i18n.language;

export type WidgetTranslate = (key: string, values?: Record<string, unknown>) => string;

/**
 * `strings` is the widget's own namespace (strings.ts); keys of core namespaces are reached with a
 * prefix, e.g. t('login:password').
 */
export function useWidgetTranslation(strings: WidgetStrings): { t: WidgetTranslate; language: string } {
  strings.ensure();
  const namespace = strings.namespace;
  const language = useSyncExternalStore(subscribeToLanguage, currentLanguage, currentLanguage);
  // language is a dependency on purpose: a new t makes memoised children re-render.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useCallback<WidgetTranslate>((key, values) => String(i18n.t(key, { ns: namespace, ...values })), [namespace, language]);
  return { t, language };
}
