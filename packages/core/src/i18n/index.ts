export { i18n, DEFAULT_LANGUAGE, setLanguage, isLanguage, addNamespace, ensureNamespace } from './i18n.js';
export { setUpInstance } from './setUpInstance.js';
export { default as compactI18next } from './compactI18next.js';
// The namespaces' texts are not here but each at its own subpath (`@varde/core/texts/bim`, all of
// them at `@varde/core/texts`): a bundle split across elements assigns a file to every element that
// reaches it through an import, used or not, so a re-export here put every widget's texts on every page.
export { errorMessageKey, describeError } from './describeError.js';
export { loginErrorKey, smsResendErrorKey } from './loginErrors.js';
export { refusedSite, siteAccessRefusal } from './siteAccessRefusal.js';
export type { MessageKey } from './describeError.js';
