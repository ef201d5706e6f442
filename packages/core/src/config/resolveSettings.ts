import { brandFor, BRAND_DOMAIN } from './brands.js';
import { BUILD_FLAVOR, flavorSettings } from './flavors.js';
import { localSettings } from './localSettings.js';
import type { Flavor, Language, Settings } from './types.js';

/** The parts of `window.location` that decide the settings (pass them in; core never reads window). */
export interface PageLocation {
  origin: string;
  hostname: string;
  pathname: string;
  /** `document.cookie`: the reference cloud marks the pages it serves (REFERENCE_CLOUD_COOKIE). */
  cookie?: string;
}

/**
 * The reference cloud sets this cookie with every page it serves, so a page on any of its addresses
 * (a LAN address, the public URL of a deployment, not only loopback) talks to it and not to production.
 * The server's copy of the name is in packages/server/src/http/portalFiles.ts.
 */
export const REFERENCE_CLOUD_COOKIE = 'varde_cloud=reference';

export function servedByReferenceCloud(cookie: string | undefined): boolean {
  return (cookie ?? '').split(/;\s*/).includes(REFERENCE_CLOUD_COOKIE);
}

export interface ResolveSettingsOptions {
  flavor?: Flavor;
  /** 'auto' (default): the reference cloud on loopback hosts and on pages it marked; production elsewhere. */
  cloud?: 'auto' | 'local' | 'production';
  brandDomain?: string;
  /** Applied last, e.g. from a deployment's runtime configuration. */
  overrides?: Partial<Settings>;
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$|\.localhost$/i;

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.test(hostname);
}

/** Swedish on a Swedish (.se) domain for the customer flavor; Norwegian otherwise. */
export function languageFor(hostname: string, flavor: Flavor): Language {
  return flavor === 'customer' && /\.se\.?$/i.test(hostname) ? 'se' : 'no';
}

/** Settings for a page at `location`: flavor, cloud, brand from the path, language from the domain. */
export function resolveSettings(location: PageLocation, options: ResolveSettingsOptions = {}): Settings {
  const flavor = options.flavor ?? BUILD_FLAVOR;
  const cloud = options.cloud ?? 'auto';
  const useLocal =
    cloud === 'local' || (cloud === 'auto' && (isLoopbackHost(location.hostname) || servedByReferenceCloud(location.cookie)));
  const settings = useLocal ? localSettings(location.origin, { flavor }) : flavorSettings(flavor);

  settings.language = languageFor(location.hostname, flavor);
  const brand = brandFor(location.hostname, location.pathname, options.brandDomain ?? BRAND_DOMAIN);
  if (brand) {
    settings.brand = brand.id;
    settings.basePath = `/${brand.id}`;
    settings.theme = brand.theme;
    settings.dashboards = brand.dashboards;
    settings.externalLinks = { ...settings.externalLinks, ...brand.links };
  }
  return { ...settings, ...options.overrides };
}
