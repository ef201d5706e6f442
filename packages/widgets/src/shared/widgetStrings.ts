/**
 * A widget's own i18n namespace, added to core's i18next instance on first use (not at import:
 * importing a widget has no side effects).
 */
import { addNamespace, ensureNamespace, type Language } from '@varde/core';

type Texts = Record<Language, Record<string, unknown>>;

export interface WidgetStrings {
  readonly namespace: string;
  /** The texts per language (the catalogue test compares their keys). */
  readonly texts: Readonly<Record<Language, Record<string, unknown>>>;
  /** Adds the texts once; useWidgetTranslation calls it. */
  ensure(): void;
}

/**
 * `coreTexts`: the core namespaces the widget's texts reach with a prefix (`t('users:userCreated')`),
 * e.g. `{ users: usersTexts }`; they are added with the widget's own, so an element carries only those.
 */
export function widgetStrings(namespace: string, texts: Texts, coreTexts: Readonly<Record<string, Texts>> = {}): WidgetStrings {
  let added = false;
  return {
    namespace,
    texts,
    ensure() {
      if (added) return;
      for (const [name, core] of Object.entries(coreTexts)) ensureNamespace(name, core);
      addNamespace(namespace, texts);
      added = true;
    },
  };
}
