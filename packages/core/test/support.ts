/** What the tests import: the public API, exactly as other packages see it. */
export * from '../src/index.js';
export * from '../src/contract/index.js';
export { coreNamespaces } from '../src/i18n/resources/index.js'; // @varde/core/texts
export { oidcSettings, createUserManager, CHECK_SESSION_INTERVAL_SECONDS } from '../src/session/oidc.js';
