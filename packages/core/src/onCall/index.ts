export * from './onCallClient.js';
