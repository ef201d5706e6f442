export * from './historianClient.js';
