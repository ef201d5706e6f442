export * from './anomalyClient.js';
export * from './explorerRules.js';
export * from './explorerStore.js';
