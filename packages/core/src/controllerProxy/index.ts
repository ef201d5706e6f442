export * from './proxyTarget.js';
export * from './siteProxyConnection.js';
export * from './controllerKey.js';
