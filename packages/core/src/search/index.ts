export {
  searchTags,
  searchSocketUrl,
  openSearchSocket,
  SEARCH_RECONNECT_MS,
  type SearchSocket,
  type SearchSocketOptions,
  type WebSocketLike,
  type WebSocketConstructor,
} from './searchClient.js';
export { createSearchStore, type SearchState, type SearchStore, type SearchStoreOptions } from './searchStore.js';
