import * as z from 'zod/mini';
import './zodLocale.js';
import { tagSearchRow } from './search.js';

/**
 * The controller proxy (socket.io). One socket per site: namespace `/sites/{uuid}` on the proxy
 * host, socket.io path `{proxy base path}/socket.io` (`/cloud/controller-proxy/socket.io` on the
 * reference cloud, `/socket.io` on a host of its own). Every site socket logs in by itself.
 */

/** socket.io path below the controller-proxy service's base path. */
export const CONTROLLER_PROXY_SOCKET_PATH = '/socket.io';

export function controllerProxyNamespace(siteUuid: string): string {
  return `/sites/${siteUuid}`;
}

/** Event names, client -> proxy and proxy -> client. */
export const proxyEvents = {
  loginFirebase: 'login_firebase',
  loggedIn: 'login_loggedIn',
  loginError: 'login_error',
  loginTokenGet: 'loginToken_get',
  loginToken: 'loginToken_loginToken',
  alarmGetUpdate: 'alarm_getUpdate',
  alarmUpdate: 'alarm_update',
  alarmError: 'alarm_error',
  /** proxy -> client, pushed: an alarm of the site changed (ask alarm_getUpdate now). */
  alarmChanged: 'alarm_changed',
  tagUserSearch: 'tag_userSearch',
  tagUserSearchResult: 'tag_userSearchResult',
} as const;

/** login_firebase: the realtime database's (firebase) ID token. */
export const loginFirebase = z.object({
  firebaseToken: z.string().check(z.minLength(1), z.maxLength(8192)),
  type: z.literal('portal'),
});
export type LoginFirebase = z.infer<typeof loginFirebase>;

export const loggedIn = z.object({ uid: z.string(), siteUuid: z.string() });
export type LoggedIn = z.infer<typeof loggedIn>;

/** login_error and alarm_error: what went wrong (never the token). */
export const proxyError = z.object({ message: z.string() });
export type ProxyError = z.infer<typeof proxyError>;

/** tag_userSearch: the text (a bare string or `{search}`). */
export const tagUserSearchRequest = z.union([z.string(), z.object({ search: z.string() })]);

/** Portal ids (loginToken_loginToken, a string) are valid for one site and expire after this. */
export const PORTAL_ID_LIFETIME_MS = 5 * 60_000;

/** The frame link a portal id forms: `{proxy base}/sites/{uuid}/?portalId={id}`. */
export function controllerFramePath(siteUuid: string, portalId: string): string {
  return `/sites/${siteUuid}/?portalId=${encodeURIComponent(portalId)}`;
}

/** tag_userSearchResult: the site's tags matching the text (`detail` when the text was unusable). */
export const tagUserSearchResult = z.object({
  search: z.string(),
  rows: z.array(tagSearchRow),
  detail: z.optional(z.string()),
});
export type TagUserSearchResult = z.infer<typeof tagUserSearchResult>;

/** alarm_changed (pushed to every logged-in socket of the site): which alarm, and the site's latest change. */
export const alarmChanged = z.object({ siteUuid: z.string(), alarmId: z.string(), latestTimestamp: z.number().check(z.int(), z.minimum(0)) });
export type AlarmChanged = z.infer<typeof alarmChanged>;
