import { servicePathPrefix, type ServiceName } from '@varde/core/contract';
import { usageError } from '../errors.js';
import { ConfigFile, type StoredProfile } from './configFile.js';
import { configFilePath } from './configPaths.js';

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_CLOUD = 'http://localhost:8080';

/** Global options every command accepts (see program.ts). */
export interface GlobalOptions {
  profile?: string;
  cloud?: string;
  json?: boolean;
}

/**
 * Where each setting comes from, strongest first: command-line flag, environment variable,
 * the profile in config.json, the built-in default.
 */
export interface Settings {
  profileName: string;
  cloud: string;
  stored: StoredProfile;
  /** VARDE_TOKEN: credentials for this run only, never written to the config file. */
  environmentToken?: string;
  configFile: ConfigFile;
  /**
   * The cloud that issued the profile's stored credentials, when `cloud` is another origin: they are
   * then not used (not even sent), as gh and kubectl send a credential only to the host it is for.
   */
  credentialsWithheldFrom?: string;
}

export function resolveSettings(options: GlobalOptions, env: NodeJS.ProcessEnv = process.env): Settings {
  const profileName = options.profile ?? nonEmpty(env.VARDE_PROFILE) ?? DEFAULT_PROFILE;
  if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(profileName)) {
    throw usageError(`Invalid profile name "${profileName}": use letters, digits, '.', '_' and '-'.`);
  }
  const configFile = new ConfigFile(configFilePath(env));
  const saved = configFile.read().profiles[profileName] ?? {};
  const cloud = normalizeCloudUrl(options.cloud ?? nonEmpty(env.VARDE_CLOUD) ?? saved.cloud ?? DEFAULT_CLOUD);
  const issuer = saved.cloud ?? DEFAULT_CLOUD;
  const holdsCredentials = saved.accessTokens !== undefined || saved.authCookies !== undefined;
  if (!holdsCredentials || sameOrigin(cloud, issuer)) {
    return { profileName, cloud, stored: saved, environmentToken: nonEmpty(env.VARDE_TOKEN), configFile };
  }
  const { accessTokens: _tokens, authCookies: _cookies, expiresAt: _expiry, uid: _uid, ...stored } = saved;
  return { profileName, cloud, stored, environmentToken: nonEmpty(env.VARDE_TOKEN), configFile, credentialsWithheldFrom: issuer };
}

/** Same scheme, host and port (a `{service}` template compares as its pattern). */
export function sameOrigin(a: string, b: string): boolean {
  const origin = (url: string) => new URL(url.replaceAll('{service}', 'service')).origin + (url.includes('{service}') ? '#template' : '');
  return origin(a) === origin(b);
}

/** Accepts `http(s)://host[:port][/path]`, optionally with `{service}` in the host for one host per service. */
export function normalizeCloudUrl(value: string): string {
  const trimmed = value.trim().replace(/\/+$/, '');
  let url: URL;
  try {
    url = new URL(trimmed.replaceAll('{service}', 'service'));
  } catch {
    throw usageError(`Invalid cloud URL "${value}": expected for example http://localhost:8080`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`Invalid cloud URL "${value}": only http and https are supported`);
  }
  return trimmed;
}

/**
 * Base URL of a service. A plain origin serves every service under `/cloud/<service>` (the
 * reference cloud); a template such as `https://{service}.example.com` gives each its own host.
 */
export function serviceBaseUrl(cloud: string, service: ServiceName | 'outbox'): string {
  if (cloud.includes('{service}')) return cloud.replaceAll('{service}', service);
  const prefix = service === 'outbox' ? '/cloud/outbox' : servicePathPrefix(service);
  return `${cloud}${prefix}`;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}
