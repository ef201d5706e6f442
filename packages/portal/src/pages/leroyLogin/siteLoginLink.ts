import type { Site } from '@varde/core/contract';

/**
 * How a browser opens a site (core-shell §2, Sites screen): version 4.0 sites at
 * https://{hostname}/auth/authorize (redir=/mpmp on mobile); older sites through the login server's
 * legacy login with chainId={uuid} (mobile=true on mobile).
 */
export function siteLoginLink(site: Pick<Site, 'uuid' | 'hostname' | 'version'>, loginServerUrl: string, mobile: boolean): string {
  if (site.version === '4.0') {
    const url = new URL(`https://${site.hostname}/auth/authorize`);
    if (mobile) url.searchParams.set('redir', '/mpmp');
    return url.toString();
  }
  const url = new URL(`${loginServerUrl.replace(/\/+$/, '')}/legacy/legacy-ws-login`);
  url.searchParams.set('chainId', site.uuid);
  if (mobile) url.searchParams.set('mobile', 'true');
  return url.toString();
}

/** Mobile layout: window width 960 px or less (core-shell §9). */
export function isMobileWidth(width: number): boolean {
  return width <= 960;
}
