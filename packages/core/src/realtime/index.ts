export { createRealtime, type Realtime, type SubscribeOptions } from './createRealtime.js';
