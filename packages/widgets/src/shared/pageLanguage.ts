import { i18n, setLanguage, sharedSession, type Language } from '@varde/core';

// BCP 47 primary subtags we speak; `se` is Northern Sami there (the portal's own code for Swedish is not).
const BY_SUBTAG: Record<string, Language> = { no: 'no', nb: 'no', nn: 'no', en: 'en', sv: 'se' };

/** Our language for an HTML `lang` value (`nb-NO`, `en-GB`, `sv`), or null for one we do not speak. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  return BY_SUBTAG[(tag ?? '').trim().toLowerCase().split('-')[0]!] ?? null;
}

/**
 * A widget speaks its page's language: its own `lang` or its nearest ancestor's (the page's
 * `<html lang>`), as HTML inherits it, read when it connects before anyone is signed in. The host page
 * knows its reader's language; a page may also call core's setLanguage.
 */
export function speakPageLanguage(element: Element): void {
  if (sharedSession()?.store.getState().user) return;
  const language = languageOfTag(element.closest('[lang]')?.getAttribute('lang'));
  if (language && language !== i18n.language) void setLanguage(language);
}
