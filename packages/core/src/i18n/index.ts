export { i18n, DEFAULT_LANGUAGE, setLanguage, isLanguage, addNamespace, ensureNamespace } from './i18n.js';
export {
  coreNamespaces,
  bimTexts,
  licensesTexts,
  mlTexts,
  searchTexts,
  sitesTexts,
  usersTexts,
  type CoreNamespace,
} from './resources/index.js';
export { errorMessageKey, describeError } from './describeError.js';
export { loginErrorKey } from './loginErrors.js';
export type { MessageKey } from './describeError.js';
