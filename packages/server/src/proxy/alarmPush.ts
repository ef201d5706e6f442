import type { Socket } from 'socket.io';
import { proxyEvents, type AlarmChanged } from '@varde/core/contract';
import type { CloudContext } from '../context.js';
import { usersWhoSeeSite } from '../controllers/visibleSites.js';
import { AUTH_RECHECK_MS } from '../realtime/wire/server.js';
import type { ProxyReads } from './proxyReads.js';

interface Subscriber {
  socket: Socket;
  uid: string;
  claims: Record<string, unknown>;
}

export interface AlarmPush {
  /** A socket of the site's namespace logged in: it gets the site's alarm changes from now on. */
  add(siteUuid: string, socket: Socket, uid: string, claims: Record<string, unknown>): void;
  remove(siteUuid: string, socket: Socket): void;
  /** Rechecks every listening socket's sign-in now (sessions ended on another node). */
  recheckSignIns(): void;
  close(): void;
}

/**
 * Server push of alarm changes on the controller proxy: every change of an alarm (raised, cleared,
 * acknowledged, commented, shelved) is sent as alarm_changed to the logged-in sockets of its site,
 * so that every open table asks for it at once instead of on its next 3 s poll. Each push checks
 * again that the sign-in lives and the user still sees the site: a socket whose sign-in ended is
 * closed, one that lost the site is dropped, so nothing leaks to a user who may no longer see it.
 * Like the realtime database's connections, listening sockets are also rechecked every few seconds,
 * so a sign-out closes them even when no alarm changes.
 */
export function createAlarmPush(ctx: CloudContext, reads: ProxyReads): AlarmPush {
  const bySite = new Map<string, Map<Socket, Subscriber>>();

  const remove = (siteUuid: string, socket: Socket) => {
    const subscribers = bySite.get(siteUuid);
    subscribers?.delete(socket);
    if (subscribers?.size === 0) bySite.delete(siteUuid);
  };

  /** Closes the subscriber's socket when its sign-in has ended; true when it still lives. */
  const live = async (siteUuid: string, subscriber: Subscriber): Promise<boolean> => {
    const sid = subscriber.claims.sid;
    if (typeof sid === 'string' && (await reads.sessionUid(sid)) === subscriber.uid) return true;
    remove(siteUuid, subscriber.socket);
    subscriber.socket.disconnect(true);
    return false;
  };
  /** Set by close(): work still in flight stops there (the database may be closing). */
  let closed = false;
  /** A recheck still running when the next is due: that next one is skipped, not run beside it. */
  let rechecking = false;
  // Every listening socket at once: their sessions are read in one query (reads.sessionUid).
  const recheckAll = async () => {
    const checks = [...bySite].flatMap(([siteUuid, subscribers]) => [...subscribers.values()].map((subscriber) => (closed ? false : live(siteUuid, subscriber))));
    await Promise.all(checks);
  };
  const recheckSignIns = () => {
    if (rechecking) return;
    rechecking = true;
    recheckAll()
      .catch((error: unknown) => ctx.log.error(error, 'alarm push recheck'))
      .finally(() => (rechecking = false));
  };
  const recheck = setInterval(recheckSignIns, AUTH_RECHECK_MS);
  recheck.unref();

  /** Sends the change to every subscriber of its site that may still see it. */
  const push = async (siteUuid: string, alarmId: string) => {
    const subscribers = bySite.get(siteUuid);
    if (!subscribers) return;
    const viewers = [...subscribers.values()];
    // Every viewer's access to the site at once, not a statement per viewer.
    const [latestTimestamp, seeing] = await Promise.all([
      ctx.alarms.latestChange(siteUuid),
      usersWhoSeeSite(ctx, viewers.map((subscriber) => subscriber.uid), siteUuid),
    ]);
    const payload: AlarmChanged = { siteUuid, alarmId, latestTimestamp };
    // The viewers are checked side by side, so their session reads share one query.
    const send = async (subscriber: Subscriber) => {
      if (closed || !(await live(siteUuid, subscriber))) return;
      if (!seeing.has(subscriber.uid)) {
        remove(siteUuid, subscriber.socket);
        return;
      }
      subscriber.socket.emit(proxyEvents.alarmChanged, payload);
    };
    await Promise.all(viewers.map(send));
  };
  // Told after the change's commit: the pushed latestTimestamp is already what a poll reads.
  const stop = ctx.alarms.onChange(({ siteUuid, alarmId }) => {
    push(siteUuid, alarmId).catch((error: unknown) => ctx.log.error(error, 'alarm push'));
  });

  return {
    add(siteUuid, socket, uid, claims) {
      let subscribers = bySite.get(siteUuid);
      if (!subscribers) bySite.set(siteUuid, (subscribers = new Map()));
      subscribers.set(socket, { socket, uid, claims });
    },
    remove,
    recheckSignIns,
    close() {
      closed = true;
      clearInterval(recheck);
      stop();
      bySite.clear();
    },
  };
}
