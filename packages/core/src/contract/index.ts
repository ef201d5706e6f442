export * from './services.js';
export * from './common.js';
export * from './user.js';
export * from './auth.js';
export * from './controllers.js';
export * from './outbox.js';
export * from './realtime.js';
export * from './users.js';
