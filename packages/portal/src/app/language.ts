import { chooseUserLanguage, followUserLanguage, isLanguage, setLanguage, type Language } from '@varde/core';
import { session } from './session.js';

/**
 * The device's language (a preference, never a token): the signed-out pages' language (sign-in, reset),
 * kept across sessions and sign-outs. Signed in, the account's stored language wins and is written here,
 * so the next sign-in page speaks it too.
 */
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

/** Remembers the language on this device (the account page's widget has applied and stored it already). */
export function rememberLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
}

async function show(language: Language): Promise<void> {
  await setLanguage(language);
  document.documentElement.lang = HTML_LANG[language];
}

async function apply(language: Language): Promise<void> {
  rememberLanguage(language);
  await show(language);
}

/**
 * At startup: the device's language, else the domain's (Swedish on the Swedish domain, else Norwegian);
 * then, for as long as a user is known, the language stored on their account.
 */
export async function initLanguage(): Promise<void> {
  await show(storedChoice() ?? session.settings.language);
  followUserLanguage(session, apply);
}

/** The user picks a language in the account menu: shown now, stored on the account (as the account page does) and remembered. */
export async function chooseLanguage(language: Language): Promise<void> {
  try {
    await chooseUserLanguage(session, language, apply);
  } catch {
    // Not stored (network, session ended): the stored language is back on screen, so both still agree.
  }
}
