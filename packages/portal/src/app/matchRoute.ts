import type { PortalRoute } from './routes.js';

export interface RouteMatch {
  route: PortalRoute;
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** The first route whose path matches `pathname` (`:name` takes one segment; trailing slashes ignored). */
export function matchRoute(routes: readonly PortalRoute[], pathname: string): RouteMatch | null {
  const actual = segmentsOf(pathname);
  for (const route of routes) {
    const wanted = segmentsOf(route.path);
    if (wanted.length !== actual.length) continue;
    const params: Record<string, string> = {};
    const matches = wanted.every((segment, index) => {
      const value = actual[index]!;
      if (segment.startsWith(':')) {
        try {
          params[segment.slice(1)] = decodeURIComponent(value);
        } catch {
          return false; // a malformed escape is no match (-> /sites), never an exception
        }
        return true;
      }
      return segment === value;
    });
    if (matches) return { route, params };
  }
  return null;
}
