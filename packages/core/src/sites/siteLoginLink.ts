import type { Site } from '../contract/controllers.js';

export interface SiteLoginLinkOptions {
  /** The login server (settings.loginServerUrl), for sites older than 4.0. */
  loginServerUrl: string;
  /** Mobile mode (window width <= 960 px, or the mobile app). */
  mobile: boolean;
}

/** `host` or `https://host` -> `https://host` (a site's hostname may come with or without a scheme). */
function siteOrigin(hostname: string): string {
  const trimmed = hostname.trim().replace(/\/+$/, '');
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/**
 * Where opening a site goes (core-shell §2): version 4.0 -> `{hostname}/auth/authorize`, with
 * `redir=/mpmp` on mobile; older -> `{login server}/legacy/legacy-ws-login?chainId={uuid}`, with
 * `mobile=true` on mobile. Versions above 4.0 are treated as 4.0 (decision: newer controllers keep
 * the 4.0 login).
 */
export function siteLoginLink(site: Pick<Site, 'uuid' | 'hostname' | 'version'>, options: SiteLoginLinkOptions): string {
  if (isVersion4OrNewer(site.version)) {
    const url = new URL(`${siteOrigin(site.hostname)}/auth/authorize`);
    if (options.mobile) url.searchParams.set('redir', '/mpmp');
    return url.toString();
  }
  const url = new URL(`${options.loginServerUrl.replace(/\/+$/, '')}/legacy/legacy-ws-login`);
  url.searchParams.set('chainId', site.uuid);
  if (options.mobile) url.searchParams.set('mobile', 'true');
  return url.toString();
}

function isVersion4OrNewer(version: string): boolean {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isFinite(major) && major >= 4;
}

/** How a site opens: a new tab in a browser, the same window inside the mobile app. */
export function siteOpenTarget(insideMobileApp: boolean): '_blank' | '_self' {
  return insideMobileApp ? '_self' : '_blank';
}

/**
 * Where a site's name leads: on the reference cloud (`controllerLinks: 'proxy'`) the controller through
 * the cloud's path proxy, as the portal's controller view shows it (`/dashboards?site=…` on the cloud's
 * origin: the sites' own host names do not resolve there); in production the controller's login at its
 * host name (siteLoginLink).
 */
export function siteOpenLink(
  site: Pick<Site, 'uuid' | 'hostname' | 'version'>,
  settings: { controllerLinks: 'proxy' | 'hostname'; authServerUrl: string; loginServerUrl: string; basePath?: string },
  options: { mobile: boolean },
): string {
  if (settings.controllerLinks === 'proxy') {
    return `${new URL(settings.authServerUrl).origin}${settings.basePath ?? ''}/dashboards?site=${encodeURIComponent(site.uuid)}`;
  }
  return siteLoginLink(site, { loginServerUrl: settings.loginServerUrl, mobile: options.mobile });
}
