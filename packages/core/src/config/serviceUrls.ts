import { SERVICES, servicePathPrefix, type ServiceName } from '../contract/services.js';

/** Production layout: every service on its own host, `https://<service>.<domain>`. */
export function hostServiceUrls(domain: string, protocol = 'https:'): Record<ServiceName, string> {
  return Object.fromEntries(SERVICES.map((service) => [service, `${protocol}//${service}.${domain}`])) as Record<
    ServiceName,
    string
  >;
}

/** Reference-cloud layout: every service under one origin, `${origin}/cloud/<service>`. */
export function pathServiceUrls(origin: string): Record<ServiceName, string> {
  const base = origin.replace(/\/+$/, '');
  return Object.fromEntries(SERVICES.map((service) => [service, `${base}${servicePathPrefix(service)}`])) as Record<
    ServiceName,
    string
  >;
}

/** A service's base URL from settings; an unknown name is a programming error, said plainly. */
export function serviceBaseUrl(services: Record<ServiceName, string>, service: string): string {
  const url = (services as Record<string, string | undefined>)[service];
  if (!url) throw new Error(`Unknown service ${service}`);
  return url;
}
