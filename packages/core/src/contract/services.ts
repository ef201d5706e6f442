/**
 * The cloud's services. A service's host name is `<service>.<domain>`; the `accessTokens` map that
 * the auth server hands out is keyed by those host names, and a client finds a service's token by
 * the one key that starts with the service name (see docs/contract.md).
 */
export const SERVICES = [
  'auth',
  'login',
  'controllers-api',
  'alarms',
  'users',
  'faas-manager',
  'mappings-manager',
  'anomaly',
  'historian',
  'api',
  'licensing',
  'bim',
  'csv2edges',
  'graph',
  'search',
  'controller-proxy',
  // The cloud metadata service (tags by controller), a cloud function's CLOUD_META_DATA_HOST.
  'metadata',
  // The audit log's read API (issue 36): who changed what.
  'audit',
] as const;

export type ServiceName = (typeof SERVICES)[number];

/** Services reached with a bearer token from `accessTokens` (auth and login use their own credentials). */
export const TOKEN_SERVICES = SERVICES.filter(
  (service): service is Exclude<ServiceName, 'login' | 'bim'> => service !== 'login' && service !== 'bim',
);
export type TokenServiceName = (typeof TOKEN_SERVICES)[number];

export function isServiceName(value: string): value is ServiceName {
  return (SERVICES as readonly string[]).includes(value);
}

/** `controllers-api` + `localhost` -> `controllers-api.localhost`. */
export function serviceHostName(service: ServiceName, domain: string): string {
  return `${service}.${domain}`;
}

/** Path prefix under which one origin serves a service (the reference cloud's default layout). */
export function servicePathPrefix(service: ServiceName): string {
  return `/cloud/${service}`;
}
