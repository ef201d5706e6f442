// oidc.ts (oidc-client-ts) is loaded on first use (lazyUserManager.ts); re-exporting it here would load it with core.
export * from './createSession.js';
export * from './sessionCore.js';
export * from './oidcFlows.js';
export * from './oidc.js';
export * from './userStorage.js';
export * from './types.js';
export * from './sharedSession.js';
export * from './inactivityMonitor.js';
export * from './userLanguage.js';
