import type { Clock } from './clock.js';
import type { Outbox } from './outbox/outbox.js';
import type { RealtimeTree } from './realtime/tree.js';
import type { Db } from './storage/db.js';

/**
 * The cloud's basic services. A module names the ones it takes (`Pick<CloudServices, 'db' | 'realtime'>`)
 * instead of the whole CloudContext, so that modules the context itself names (rules, sites, users) do
 * not import the context back.
 */
export interface CloudServices {
  db: Db;
  clock: Clock;
  /** Server-side access to the realtime database (user profiles, site tags, status messages). */
  realtime: RealtimeTree;
  outbox: Outbox;
}
