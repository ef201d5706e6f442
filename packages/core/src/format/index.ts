export * from './formatting.js';
