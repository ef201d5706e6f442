/**
 * @varde/core: auth, service clients, realtime, i18n, config and stores. Loads in a browser and in
 * Node: nothing here touches window, document or storage at module top level.
 */
export * from './http/index.js';
export * from './auth/index.js';
export * from './config/index.js';
export * from './i18n/index.js';
export * from './realtime/index.js';
export * from './session/index.js';
export * from './controllerFrame/index.js';
export * from './users/index.js';
export * from './accessTokens/index.js';
export * from './sites/index.js';
export * from './alarms/index.js';
export * from './search/index.js';
export * from './controllerProxy/index.js';
export * from './anomaly/index.js';
export * from './rules/index.js';
export * from './licensing/index.js';
export * from './faas/index.js';
export * from './mappings/index.js';
export * from './historian/index.js';
export * from './bim/index.js';
export * from './theme/index.js';
export * from './format/index.js';
export * from './onCall/index.js';
export * from './audit/index.js';
