import { isLanguage, setLanguage, type Language } from '@varde/core';
import { session } from './session.js';

/** The UI language the user chose (a preference, never a token): kept across sessions and sign-outs. */
export const LANGUAGE_STORAGE_KEY = 'varde.language';

/** The product's `se` is Swedish; BCP 47 `se` would be Northern Sami, so the page says `sv`. */
const HTML_LANG: Record<Language, string> = { no: 'no', en: 'en', se: 'sv' };

function storedChoice(): Language | null {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null; // storage blocked: the domain's default
  }
}

async function apply(language: Language): Promise<void> {
  await setLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

/** At startup: the user's choice, else the domain's language (Swedish on the Swedish domain, else Norwegian). */
export function initLanguage(): Promise<void> {
  return apply(storedChoice() ?? session.settings.language);
}

/** The user picks a language: applied now and remembered. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  await apply(language);
}
