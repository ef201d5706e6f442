export { createRealtime } from './createRealtime.js';
export type { Realtime, SubscribeOptions } from './realtimeTypes.js';
