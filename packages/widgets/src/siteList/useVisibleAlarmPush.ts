/**
 * The site list's badges follow alarm changes as the alarm table does (issue 37, item 4: a badge lagged up
 * to 30 s behind the table): each online site on screen gets the controller proxy's alarm_changed push
 * (one multiplexed socket.io connection, a namespace per site), and a push asks that site's alarm report
 * again at once. Sites scrolled away are let go; the 30 s refresh stays as the fallback.
 */
import { useEffect, useRef } from 'react';
import type { Session, SitesStore } from '@varde/core';

const loadSocket = () => import('./alarmPushSocket.js');

/** `onlineKey`: the uuids of the online sites on screen, space-separated (settled 200 ms, as the status tags). */
export function useVisibleAlarmPush(session: Session | null, store: SitesStore | null, signedIn: boolean, onlineKey: string): void {
  const listening = useRef(new Map<string, () => void>());

  useEffect(() => {
    if (!session || !store || !signedIn) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      const wanted = new Set(onlineKey.split(' ').filter(Boolean));
      for (const [uuid, close] of listening.current) {
        if (wanted.has(uuid)) continue;
        close();
        listening.current.delete(uuid);
      }
      const fresh = [...wanted].filter((uuid) => !listening.current.has(uuid));
      if (fresh.length === 0) return;
      void loadSocket().then(({ listenForAlarmChanges }) => {
        if (!current) return;
        for (const uuid of fresh) {
          if (listening.current.has(uuid)) continue;
          listening.current.set(uuid, listenForAlarmChanges(session, uuid, () => void store.getState().refreshAlarmReports([uuid])));
        }
      });
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [session, store, signedIn, onlineKey]);

  // Signed out, another session or store, or unmounted: every socket closes.
  useEffect(() => {
    const sockets = listening.current;
    return () => {
      for (const close of sockets.values()) close();
      sockets.clear();
    };
  }, [session, store, signedIn]);
}
