export * from './createRealtime.js';
export * from './realtimeTypes.js';
