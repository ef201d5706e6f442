export * from './types.js';
export * from './brands.js';
export * from './flavors.js';
export * from './localSettings.js';
export * from './serviceUrls.js';
export * from './resolveSettings.js';
