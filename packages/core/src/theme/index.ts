export * from './colorScheme.js';
