export * from './searchClient.js';
export * from './searchStore.js';
