import type { Server as HttpServer } from 'node:http';
import { Server as SocketServer, type Socket } from 'socket.io';
import {
  CONTROLLER_PROXY_SOCKET_PATH,
  alarmUpdateRequest,
  describeIssues,
  loginFirebase,
  proxyEvents,
  servicePathPrefix,
  tagUserSearchRequest,
  searchText,
  SEARCH_RESULT_LIMIT,
} from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { canSeeSite } from '../controllers/visibleSites.js';
import { searchSiteTags } from '../search/siteTags.js';
import { portalIdsOf, type PortalIds } from './portalIds.js';
import { createProxyReads } from './proxyReads.js';
import { siteAlarmUpdate } from './siteAlarmUpdate.js';
import { createAlarmPush } from './alarmPush.js';

/** socket.io path of the proxy on the cloud's origin. */
export const CONTROLLER_PROXY_PATH = `${servicePathPrefix('controller-proxy')}${CONTROLLER_PROXY_SOCKET_PATH}`;

export interface ControllerProxy {
  portalIds: PortalIds;
  /** Rechecks the sign-in of every logged-in socket now (sessions ended on another node). */
  recheckSignIns(): void;
  close(): Promise<void>;
}

type VerifyFirebaseToken = (token: string) => Promise<{ uid: string; claims: Record<string, unknown> }>;
type Ack = ((answer: unknown) => void) | undefined;

interface SocketState {
  uid: string | null;
  /** The ID token's claims: they name the session, which must still live for every request. */
  claims: Record<string, unknown>;
}

/** Where an answer goes: the acknowledgement callback when the client sent one, and the event. */
/**
 * Answers by the ack callback when the client gave one, by the event otherwise: never both (an
 * answer of 100 alarm rows is 37 KB, and a table asks 90 sites at once).
 */
function answer(socket: Socket, event: string, payload: unknown, ack: Ack): void {
  if (typeof ack === 'function') ack(payload);
  else socket.emit(event, payload);
}

function lastArgumentAck(args: unknown[]): Ack {
  const last = args[args.length - 1];
  return typeof last === 'function' ? (last as (answer: unknown) => void) : undefined;
}

/**
 * The controller proxy: one socket.io namespace per site (`/sites/{uuid}`) at
 * CONTROLLER_PROXY_PATH. A socket logs in with the user's firebase ID token (login_firebase) and
 * may then ask for a portal id (loginToken_get), the site's alarms (alarm_getUpdate) and a tag
 * search in the site (tag_userSearch). Only sites the user may see, and only while connected.
 * Logged-in sockets also get alarm_changed pushed when an alarm of the site changes (alarmPush.ts).
 */
export function attachControllerProxy(server: HttpServer, ctx: CloudContext, verifyFirebaseToken: VerifyFirebaseToken): ControllerProxy {
  const io = new SocketServer(server, {
    path: CONTROLLER_PROXY_PATH,
    // The realtime database and the search socket take other upgrades on this server.
    destroyUpgrade: false,
    // Host pages of controllers embed widgets: any origin, never cookies (the token is in the message).
    cors: { origin: '*', credentials: false },
    maxHttpBufferSize: 64 * 1024,
    serveClient: false,
  });
  const portalIds = portalIdsOf(ctx);
  const reads = createProxyReads(ctx);
  const alarmPush = createAlarmPush(ctx, reads);
  const sites = io.of(/^\/sites\/[A-Za-z0-9-]{1,100}$/);

  sites.on('connection', (socket) => {
    const siteUuid = socket.nsp.name.slice('/sites/'.length);
    const state: SocketState = { uid: null, claims: {} };

    /**
     * Why the user may not use this site now, or null when they may: the sign-in must still live
     * (`end`: it has ended, so the socket is closed), the site be theirs and connected.
     */
    async function refusal(uid: string, claims: Record<string, unknown>): Promise<{ message: string; end?: true } | null> {
      // Logout, a password change, a lower role or deletion ended the sign-in: the socket is closed.
      const sid = claims.sid;
      if (typeof sid !== 'string' || (await reads.sessionUid(sid)) !== uid) return { message: 'The sign-in has ended: sign in again', end: true };
      const site = await reads.site(siteUuid);
      if (!site || !(await canSeeSite(ctx, uid, siteUuid))) return { message: 'You do not have access to this site' };
      if (site.webpmpReady !== true) return { message: 'The site is not connected to the cloud' };
      return null;
    }

    /** Answers the refusal on errorEvent (and closes the socket when the sign-in has ended). */
    function refuse(refused: { message: string; end?: true }, errorEvent: string, ack: Ack): void {
      if (refused.end) state.uid = null;
      answer(socket, errorEvent, { message: refused.message }, ack);
      if (refused.end) socket.disconnect(true);
    }

    /** The logged-in user when the site may still be reached by them; otherwise says why. */
    async function allowed(errorEvent: string, ack: Ack): Promise<string | null> {
      const { uid, claims } = state;
      if (uid === null) {
        answer(socket, errorEvent, { message: 'Not logged in: send login_firebase first' }, ack);
        return null;
      }
      const refused = await refusal(uid, claims);
      if (refused) {
        refuse(refused, errorEvent, ack);
        return null;
      }
      return uid;
    }

    /**
     * Handles an event: a failure (the database, say) is logged and answered on errorEvent, so that
     * no rejection goes unhandled and the client is not left waiting.
     */
    function on(event: string, errorEvent: string, handler: (args: unknown[], ack: Ack) => Promise<void>): void {
      socket.on(event, (...args: unknown[]) => {
        const ack = lastArgumentAck(args);
        handler(args, ack).catch((error: unknown) => {
          ctx.log.error(error, `controller proxy ${event}`);
          answer(socket, errorEvent, { message: 'The request failed' }, ack);
        });
      });
    }

    on(proxyEvents.loginFirebase, proxyEvents.loginError, async (args, ack) => {
      const parsed = loginFirebase.safeParse(args[0]);
      if (!parsed.success) {
        answer(socket, proxyEvents.loginError, { message: `Bad login: ${describeIssues(parsed.error)}` }, ack);
        return;
      }
      let uid: string;
      let claims: Record<string, unknown>;
      try {
        ({ uid, claims } = await verifyFirebaseToken(parsed.data.firebaseToken));
      } catch {
        answer(socket, proxyEvents.loginError, { message: 'The firebase token is invalid or has expired' }, ack);
        return;
      }
      // The socket is logged in only once every check has passed: no request is served on a half-checked login.
      const refused = await refusal(uid, claims);
      if (refused) {
        state.uid = null;
        alarmPush.remove(siteUuid, socket);
        refuse(refused, proxyEvents.loginError, ack);
        return;
      }
      state.uid = uid;
      state.claims = claims;
      alarmPush.add(siteUuid, socket, uid, claims);
      answer(socket, proxyEvents.loggedIn, { uid, siteUuid }, ack);
    });

    socket.on('disconnect', () => alarmPush.remove(siteUuid, socket));

    on(proxyEvents.loginTokenGet, proxyEvents.loginError, async (_args, ack) => {
      const uid = await allowed(proxyEvents.loginError, ack);
      if (uid === null) return;
      answer(socket, proxyEvents.loginToken, await portalIds.issue(uid, siteUuid), ack);
    });

    on(proxyEvents.alarmGetUpdate, proxyEvents.alarmError, async (args, ack) => {
      if ((await allowed(proxyEvents.alarmError, ack)) === null) return;
      const parsed = alarmUpdateRequest.safeParse(typeof args[0] === 'function' || args[0] === undefined ? {} : args[0]);
      if (!parsed.success) {
        answer(socket, proxyEvents.alarmError, { message: `Bad alarm_getUpdate: ${describeIssues(parsed.error)}` }, ack);
        return;
      }
      answer(socket, proxyEvents.alarmUpdate, await siteAlarmUpdate(reads.alarms, siteUuid, parsed.data, ctx.clock.now()), ack);
    });

    on(proxyEvents.tagUserSearch, proxyEvents.alarmError, async (args, ack) => {
      if ((await allowed(proxyEvents.alarmError, ack)) === null) return;
      const request = tagUserSearchRequest.safeParse(args[0]);
      const text = searchText.safeParse(request.success ? (typeof request.data === 'string' ? request.data : request.data.search) : undefined);
      if (!text.success) {
        answer(socket, proxyEvents.tagUserSearchResult, { search: '', rows: [], detail: 'Send the search text (1-200 characters)' }, ack);
        return;
      }
      const rows = await searchSiteTags(ctx.db, [siteUuid], text.data, SEARCH_RESULT_LIMIT);
      answer(socket, proxyEvents.tagUserSearchResult, { search: text.data, rows }, ack);
    });
  });

  return {
    portalIds,
    recheckSignIns: () => alarmPush.recheckSignIns(),
    async close() {
      alarmPush.close();
      io.disconnectSockets(true);
      // Not io.close(): that would close the HTTP server, which the cloud closes itself.
      io.engine.close();
    },
  };
}
