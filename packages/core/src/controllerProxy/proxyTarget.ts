import { CONTROLLER_PROXY_SOCKET_PATH, controllerFramePath, controllerProxyNamespace } from '../contract/controllerProxy.js';

/**
 * Where socket.io connects for one site, from the controller-proxy service's base URL
 * (`settings.services['controller-proxy']`): the namespace `/sites/{uuid}` on the base's origin,
 * and the socket.io path under the base's path (`/cloud/controller-proxy/socket.io` on the
 * reference cloud, `/socket.io` on a proxy host of its own).
 */
export function controllerProxyTarget(baseUrl: string, siteUuid: string): { url: string; path: string } {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  return { url: `${base.origin}${controllerProxyNamespace(siteUuid)}`, path: `${basePath}${CONTROLLER_PROXY_SOCKET_PATH}` };
}


/** The frame link a portal id forms: `{proxy base}/sites/{uuid}/?portalId={id}`. */
export function controllerFrameUrl(baseUrl: string, siteUuid: string, portalId: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${controllerFramePath(siteUuid, portalId)}`;
}
