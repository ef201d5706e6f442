export * from './createRealtime.js';
export * from './realtimeTypes.js';
export * from './liveTagValues.js';
