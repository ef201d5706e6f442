export * from './graphClient.js';
export * from './importRules.js';
export * from './overwriteBuilding.js';
export * from './bimServiceClient.js';
export * from './viewerUrlCache.js';
export * from './referenceBim.js';
