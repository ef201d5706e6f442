export * from './auditClient.js';
