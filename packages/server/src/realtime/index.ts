export type { RealtimeTree } from './tree.js';
export { createRealtimeStore } from './store.js';
export type { RealtimeStore, RealtimeChange, RealtimeChangeListener } from './store.js';
export { InvalidPathError } from './paths.js';
export { InvalidValueError } from './values.js';
