/**
 * What <varde-session>'s attributes say about the cloud, turned into core Settings.
 *
 * - `cloud="http://localhost:8080"`: the reference cloud at that origin (every service under
 *   /cloud/<service>, its realtime database and auth emulator).
 * - otherwise production settings for this build's flavor, with `auth-server`, `login-server`,
 *   `client-id`, `domain` and `service-hosts` ("controllers-api=https://… alarms=https://…",
 *   separated by spaces, commas or new lines) laid over them.
 * - no attribute at all: settings for the page's own location (the reference cloud on localhost).
 */
import { localSettings, resolveSettings, hostServiceUrls, type Settings } from '@varde/core';
import { isServiceName, type ServiceName } from '@varde/core/contract';

export interface SessionConfig {
  /** The reference cloud at this origin (URL): every service under `/cloud/<service>`. */
  cloud?: string | undefined;
  /** The auth server (URL, `POST /login`); default: the `auth` service. */
  authServer?: string | undefined;
  /** The identity provider (URL; the authority is this + `/v2`). */
  loginServer?: string | undefined;
  /** The OIDC client id (default `portal`). */
  clientId?: string | undefined;
  /** Service host names are `<service>.<domain>` (production: `https://<service>.<domain>`). */
  domain?: string | undefined;
  /** A base URL per service: `controllers-api=https://… alarms=https://…` (spaces, commas or new lines). */
  serviceHosts?: string | undefined;
}

/** A configuration the widget cannot use; its message is shown in the widget. */
export class SessionConfigError extends Error {
  override name = 'SessionConfigError';
}

function httpUrl(value: string, attribute: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new SessionConfigError(`${attribute} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SessionConfigError(`${attribute} must be an http(s) URL, not "${value}"`);
  }
  return value.replace(/\/+$/, '');
}

export function parseServiceHosts(text: string): Partial<Record<ServiceName, string>> {
  const hosts: Partial<Record<ServiceName, string>> = {};
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const [name, url, ...rest] = pair.split('=');
    if (!name || !url || rest.length > 0) throw new SessionConfigError(`service-hosts: expected name=url, not "${pair}"`);
    if (!isServiceName(name)) throw new SessionConfigError(`service-hosts: unknown service "${name}"`);
    hosts[name] = httpUrl(url, `service-hosts ${name}`);
  }
  return hosts;
}

/** True when the attributes say anything about the cloud (else an existing session is used as is). */
export function hasSessionConfig(config: SessionConfig): boolean {
  return Boolean(config.cloud || config.authServer || config.loginServer || config.clientId || config.domain || config.serviceHosts);
}

/** A stable key: the same attributes make the same session. */
export function sessionConfigKey(config: SessionConfig): string {
  const { cloud, authServer, loginServer, clientId, domain, serviceHosts } = config;
  return JSON.stringify([cloud, authServer, loginServer, clientId, domain, serviceHosts]);
}

export function settingsFromConfig(config: SessionConfig, page: { origin: string; hostname: string; pathname: string; cookie?: string }): Settings {
  let settings: Settings = config.cloud
    ? localSettings(httpUrl(config.cloud, 'cloud'), config.domain ? { domain: config.domain } : {})
    : resolveSettings(page);
  if (config.domain && !config.cloud) {
    settings = { ...settings, domain: config.domain, services: hostServiceUrls(config.domain) };
  }
  const services = { ...settings.services, ...(config.serviceHosts ? parseServiceHosts(config.serviceHosts) : {}) };
  return {
    ...settings,
    services,
    authServerUrl: config.authServer ? httpUrl(config.authServer, 'auth-server') : services.auth,
    loginServerUrl: config.loginServer ? httpUrl(config.loginServer, 'login-server') : services.login,
    clientId: config.clientId || settings.clientId,
  };
}
