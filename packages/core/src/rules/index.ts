export * from './rulesClient.js';
export * from './ruleDraft.js';
export * from './ruleDiff.js';
