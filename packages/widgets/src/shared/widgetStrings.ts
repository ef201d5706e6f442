/**
 * A widget's own i18n namespace, added to core's i18next instance on first use (not at import:
 * importing a widget has no side effects).
 */
import { addNamespace, type Language } from '@varde/core';

export interface WidgetStrings {
  readonly namespace: string;
  /** The texts per language (the catalogue test compares their keys). */
  readonly texts: Readonly<Record<Language, Record<string, unknown>>>;
  /** Adds the texts once; useWidgetTranslation calls it. */
  ensure(): void;
}

export function widgetStrings(namespace: string, texts: Record<Language, Record<string, unknown>>): WidgetStrings {
  let added = false;
  return {
    namespace,
    texts,
    ensure() {
      if (added) return;
      addNamespace(namespace, texts);
      added = true;
    },
  };
}
