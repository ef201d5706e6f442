import { REALTIME_NAMESPACE } from '../contract/realtime.js';
import { pathServiceUrls } from './serviceUrls.js';
import { BUILD_FLAVOR, FLAVOR_THEMES } from './flavors.js';
import type { Flavor, Settings } from './types.js';

export interface LocalSettingsOptions {
  /** The reference cloud's domain for service host names (its default: localhost). */
  domain?: string;
  flavor?: Flavor;
}

/**
 * Settings for the reference cloud at `origin` (e.g. `http://localhost:8080`): every service under
 * `${origin}/cloud/<service>`, the realtime database on the same port over a websocket, and the
 * firebase auth endpoints on the origin (connectAuthEmulator).
 */
export function localSettings(origin: string, options: LocalSettingsOptions = {}): Settings {
  const url = new URL(origin);
  const base = url.origin;
  const services = pathServiceUrls(base);
  const wsProtocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const flavor = options.flavor ?? BUILD_FLAVOR;
  return {
    flavor,
    brand: null,
    basePath: '',
    language: 'no',
    theme: FLAVOR_THEMES[flavor],
    domain: options.domain ?? 'localhost',
    authServerUrl: services.auth,
    loginServerUrl: services.login,
    clientId: 'portal',
    services,
    firebase: {
      options: {
        apiKey: 'varde-local',
        projectId: 'varde',
        // A ws:// URL makes the SDK use the websocket directly (no long-polling fallback).
        databaseURL: `${wsProtocol}//${url.host}?ns=${REALTIME_NAMESPACE}`,
      },
      authEmulatorUrl: base,
    },
    externalLinks: {},
    dashboards: false,
    controllerLinks: 'proxy',
    local: true,
  };
}
