export { controllerProxyTarget, controllerFrameUrl } from './proxyTarget.js';
export {
  connectSiteProxy,
  ControllerProxyError,
  CONTROLLER_PROXY_TIMEOUT_MS,
  PROXY_LOGIN_FAILED,
  type ProxyConnectionState,
  type SiteProxyConnection,
  type SiteProxyOptions,
} from './siteProxyConnection.js';
export { waitForControllerKey, CONTROLLER_KEY_POLL_MS, CONTROLLER_KEY_TIMEOUT_MS, CONTROLLER_KEY_ERROR } from './controllerKey.js';
