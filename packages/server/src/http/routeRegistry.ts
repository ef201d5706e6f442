import type { FastifyInstance, RouteOptions } from 'fastify';
import { routeAccessOf, type RouteAccess } from './routeAccess.js';

/** One registered route, as tests and tools see it. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** The `<service>` of a `/cloud/<service>/...` route, null for routes outside /cloud. */
  service: string | null;
  public: boolean;
  /** Who may call it and what it touches (routeAccess.ts); undefined for public routes and undeclared ones. */
  access?: RouteAccess;
}

const cloudRoute = /^\/cloud\/([^/]+)(?:\/|$)/;

/** `/cloud/controllers-api/controllers` -> `controllers-api`. */
export function serviceOfPath(path: string): string | null {
  return cloudRoute.exec(path)?.[1] ?? null;
}

/**
 * Records every route as it is added (fastify's onRoute hook), so that tests can walk all of them,
 * including routes that later issues add. Must be installed before any route is registered.
 */
export function trackRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const access = routeAccessOf(method, route.url);
      routes.push({
        method,
        url: route.url,
        service: serviceOfPath(route.url),
        public: route.config?.public === true,
        ...(access ? { access } : {}),
      });
    }
  });
  return routes;
}
