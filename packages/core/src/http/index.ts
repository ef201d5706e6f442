export * from './HttpError.js';
export * from './accessTokens.js';
export * from './createHttpClient.js';
export type * from './networkFailure.js';
