export * from './accessTokensClient.js';
