export * from './mappingsClient.js';
export * from './tagMappingRules.js';
export * from './cloudAppsStore.js';
export * from './parameterText.js';
