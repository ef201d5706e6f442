import type { i18n as I18n, Resource } from 'i18next';
import { LANGUAGES } from '../config/types.js';
import { DEFAULT_LANGUAGE } from './defaultLanguage.js';

/**
 * Varde's options for an i18next instance (i18next itself, or compactI18next in the host-page
 * build), so both are set up the same way; the catalogue parity test sets up one of each with it.
 */
export function setUpInstance(instance: I18n, resources: Resource): I18n {
  void instance.init({
    resources,
    lng: DEFAULT_LANGUAGE,
    fallbackLng: ['en'],
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
    defaultNS: 'errors',
    initAsync: false,
    // React (and Lit) escape text themselves; escaping here would show &quot; to users.
    interpolation: { escapeValue: false },
    returnNull: false,
    // A key no catalogue has is a bug: say so on the console (the browser suites fail on it).
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => console.warn(`[varde i18n] missing ${namespace}:${key}`),
  });
  // The portal's code for Swedish is `se`, which Intl.PluralRules reads as Northern Sami (with a
  // "two" form): plurals of Swedish texts are resolved with Swedish rules instead.
  const pluralResolver = instance.services.pluralResolver as { getRule(code: string, options?: object): unknown };
  const pluralRuleOf = pluralResolver.getRule.bind(pluralResolver);
  pluralResolver.getRule = (code, options) => pluralRuleOf(code === 'se' ? 'sv' : code, options);
  return instance;
}
