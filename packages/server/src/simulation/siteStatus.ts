import { realtimePaths } from '@varde/core/contract';
import { setSiteReady } from '../controllers/sites.js';
import type { RealtimeTree } from '../realtime/tree.js';
import type { Db } from '../storage/db.js';
import { withinTransaction, type Tx } from '../storage/transaction.js';

/** The portal status tags (controllers/{uuid}/tags/portalStatusText|Color/v) the demo uses. */
export const PORTAL_STATUS = {
  normal: { text: 'Normal drift', color: '#2e7d32' },
  maintenance: { text: 'Vedlikehold', color: '#ef6c00' },
  offline: { text: 'Ikke tilkoblet', color: '#757575' },
  unavailable: { text: 'Utilgjengelig', color: '#9e9e9e' },
} as const;
/** A controller writes any text and colour; the demo uses the ones above. */
export interface PortalStatus {
  text: string;
  color: string;
}

export async function writePortalStatus(realtime: RealtimeTree, siteUuid: string, status: PortalStatus, tx?: Tx): Promise<void> {
  await realtime.update(
    '/controllers',
    {
      [`${siteUuid}/tags/portalStatusText/v`]: status.text,
      [`${siteUuid}/tags/portalStatusColor/v`]: status.color,
    },
    tx,
  );
}

/**
 * A site connects (true), drops off (false) or becomes unavailable (null): webpmpReady in the
 * sites table and the status tags the portal shows change together, in one transaction (the
 * caller's when given).
 */
export function setSiteConnection(
  deps: { db: Db; realtime: RealtimeTree },
  siteUuid: string,
  webpmpReady: boolean | null,
  tx?: Tx,
): Promise<void> {
  const status =
    webpmpReady === null ? PORTAL_STATUS.unavailable : webpmpReady ? PORTAL_STATUS.normal : PORTAL_STATUS.offline;
  return withinTransaction(deps.db, tx, async (inside) => {
    await setSiteReady(inside.db, siteUuid, webpmpReady);
    await writePortalStatus(deps.realtime, siteUuid, status, inside);
  });
}
