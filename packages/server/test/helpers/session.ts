import { createSession } from '../../src/auth/sessions.js';
import type { Cloud } from './startCloud.js';

const sessions = new WeakMap<Cloud, Map<string, string>>();

/** A live session of `uid` in `cloud` (one per user and cloud), for tests that sign tokens themselves. */
export async function sessionOf(cloud: Cloud, uid: string): Promise<string> {
  let byUser = sessions.get(cloud);
  if (!byUser) sessions.set(cloud, (byUser = new Map()));
  let sid = byUser.get(uid);
  if (!sid) byUser.set(uid, (sid = (await createSession(cloud.context.db, uid, cloud.context.clock.now())).sid));
  return sid;
}
