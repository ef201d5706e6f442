export * from './constants.js';
export * from './sitesClient.js';
export * from './siteDisplay.js';
export * from './siteLoginLink.js';
export * from './sitesStore.js';
