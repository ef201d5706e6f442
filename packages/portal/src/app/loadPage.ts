import { matchRoute } from './matchRoute.js';
import { routes, type LazyPage } from './routes.js';

/** Loads the page an app path (query and hash allowed) opens, when it is a page of its own chunk. */
export function loadPageOf(to: string): Promise<unknown> {
  const page = matchRoute(routes, new URL(to, 'http://portal.invalid').pathname)?.route.component;
  return page && 'preload' in page ? (page as LazyPage).preload() : Promise.resolve();
}
