import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { LANGUAGES, type Language } from '../config/types.js';
import { DEFAULT_LANGUAGE } from './defaultLanguage.js';
import { baseNamespaces } from './resources/base.js';
import { setUpInstance } from './setUpInstance.js';

export { DEFAULT_LANGUAGE };

function buildResources(): Resource {
  const resources: Resource = {};
  for (const language of LANGUAGES) {
    resources[language] = {};
    for (const [namespace, texts] of Object.entries(baseNamespaces)) {
      resources[language][namespace] = texts[language];
    }
  }
  return resources;
}

/**
 * The one i18next instance of Varde (its own instance, so a host page's global i18next is left
 * alone). Initialised synchronously on import: resources are bundled, nothing is fetched and no
 * DOM is touched, so `t` works at once in the browser and in Node.
 */
export const i18n: I18n = setUpInstance(i18next.createInstance(), buildResources());

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Switch the UI language; unknown codes fall back to the default. */
export async function setLanguage(language: string): Promise<Language> {
  const chosen = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  await i18n.changeLanguage(chosen);
  return chosen;
}

/** For widgets: add a namespace's texts for every language at once. */
export function addNamespace(namespace: string, texts: Record<Language, Record<string, unknown>>): void {
  for (const language of LANGUAGES) {
    i18n.addResourceBundle(language, namespace, texts[language], true, true);
  }
}

const added = new Set<string>(Object.keys(baseNamespaces));

/** Adds a namespace's texts unless they are there already (core's namespaces beyond the base ones). */
export function ensureNamespace(namespace: string, texts: Record<Language, Record<string, unknown>>): void {
  if (added.has(namespace)) return;
  addNamespace(namespace, texts);
  added.add(namespace);
}
