import type { FastifyRequest } from 'fastify';
import { anonymousOriginOf, personOriginOf, recordAudit } from '../audit/recordAudit.js';
import type { CloudServices } from '../services.js';
import { auditPartnerOfUser } from '../audit/auditPartner.js';
import { inTransaction, type Tx } from '../storage/transaction.js';
import { accountByEmail } from './accounts.js';

type Ctx = Pick<CloudServices, 'db' | 'realtime' | 'clock'>;

/** How a person got in, for the record's summary. */
export type SignInWay = 'password' | 'sms-code' | 'id-token';

/** A sign-in, in the transaction that starts its session. */
export async function recordSignIn(ctx: Ctx, tx: Tx, request: FastifyRequest, uid: string, way: SignInWay): Promise<void> {
  await recordAudit(tx, {
    partnerId: await auditPartnerOfUser(ctx, uid, tx),
    ...personOriginOf(request, uid),
    action: 'session.sign-in',
    objectKind: 'user',
    objectId: uid,
    summary: `Signed in (${way})`,
  });
}

/**
 * A refused sign-in (a wrong password or SMS code, a throttled client): its own record, since nothing
 * else is written. The account is named when the name is one; the password never is.
 */
export async function recordFailedSignIn(ctx: Ctx, request: FastifyRequest, who: { email?: string; uid?: string }, why: string): Promise<void> {
  const uid = who.uid ?? (who.email ? (await accountByEmail(ctx.db, who.email))?.uid : undefined);
  const partnerId = uid ? await auditPartnerOfUser(ctx, uid) : null;
  await inTransaction(ctx.db, (tx) =>
    recordAudit(tx, {
      partnerId,
      ...(uid ? personOriginOf(request, uid) : anonymousOriginOf(request)),
      action: 'session.sign-in-failed',
      objectKind: 'user',
      objectId: uid ?? null,
      // A name that is no account is not repeated: people type passwords into the name field.
      summary: `Sign-in refused${uid && who.email ? ` as ${who.email.slice(0, 254)}` : ''}: ${why}`,
    }),
  );
}

/** A sign-out, in the transaction that ends the session. */
export async function recordSignOut(ctx: Ctx, tx: Tx, request: FastifyRequest, uid: string): Promise<void> {
  await recordAudit(tx, {
    partnerId: await auditPartnerOfUser(ctx, uid, tx),
    ...personOriginOf(request, uid),
    action: 'session.sign-out',
    objectKind: 'user',
    objectId: uid,
    summary: 'Signed out',
  });
}
