export { i18n, DEFAULT_LANGUAGE, setLanguage, isLanguage, addNamespace, ensureNamespace } from './i18n.js';
export { setUpInstance } from './setUpInstance.js';
export { default as compactI18next } from './compactI18next.js';
export { coreNamespaces, type CoreNamespace } from './resources/index.js';
// Each namespace straight from its file, not through resources/index.ts: a bundle split across
// several elements then gives an element only the texts it names (not every one another uses).
export { bim as bimTexts } from './resources/bim.js';
export { licenses as licensesTexts } from './resources/licenses.js';
export { ml as mlTexts } from './resources/ml.js';
export { search as searchTexts } from './resources/search.js';
export { sites as sitesTexts } from './resources/sites.js';
export { users as usersTexts } from './resources/users.js';
export { errorMessageKey, describeError } from './describeError.js';
export { loginErrorKey } from './loginErrors.js';
export type { MessageKey } from './describeError.js';
