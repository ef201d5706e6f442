import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../audit/recordAudit.js';
import { accountByUid } from '../auth/accounts.js';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { loadActor, type Actor } from '../users/actor.js';
import { displayNameOf, userPath } from '../users/profiles.js';
import type { ScimConnection } from './connectionStore.js';
import type { Tx } from '../storage/transaction.js';
import { ScimError } from './scimError.js';

/** Who a SCIM request acts as: the connection, and through it its partner admin's grants. */
export interface ScimCaller {
  connection: ScimConnection;
  /** The connection's admin as an actor, never as a system admin (a connection acts for its partner only). */
  actor(tx: Tx): Promise<Actor>;
  /** Who the invitation e-mails say gave the account: the connection's admin. */
  inviterName(tx: Tx): Promise<string>;
  /**
   * Reads the admin (account, grants, name) before a write joins the write batch, where every statement
   * waits its turn behind the others' (users/writeBatcher.ts), as the users service reads its caller first.
   */
  prepare(): Promise<void>;
  origin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'>;
  /** `<publicOrigin>/scim/v2`. */
  baseUrl: string;
}

export function scimCallerOf(ctx: CloudContext, request: FastifyRequest, connection: ScimConnection): ScimCaller {
  let actor: Promise<Actor> | undefined;
  let inviter: Promise<string> | undefined;
  // Through the write's transaction when not prepared: on SQLite a read beside it would wait for ever.
  const adminActor = (tx?: Tx) =>
    (actor ??= (async () => {
      const admin = await accountByUid(tx?.db ?? ctx.db, connection.createdBy);
      if (!admin || admin.disabled) throw new ScimError(403, `The admin who made the connection "${connection.name}" no longer has an account; make a new connection`);
      return loadActor(ctx, admin.uid, tx, { role: admin.role, systemAdmin: false });
    })());
  const inviterName = (tx?: Tx) =>
    (inviter ??= (async () => {
      const [name, email] = await ctx.realtime.getMany([`${userPath(connection.createdBy)}/name`, `${userPath(connection.createdBy)}/email`], tx);
      return displayNameOf(name, email);
    })());
  return {
    connection,
    actor: (tx) => adminActor(tx),
    inviterName: (tx) => inviterName(tx),
    async prepare() {
      // mainPartner reads the grant maps along with it (users/actor.ts), so the batch asks for none.
      await Promise.all([adminActor().then((admin) => admin.mainPartner()), inviterName()]);
    },
    origin: {
      actor: { kind: 'directory', id: connection.id, tokenId: null },
      address: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 200) : null,
    },
    baseUrl: `${ctx.config.publicOrigin}/scim/v2`,
  };
}

/** The users service's refusals (HttpError) as SCIM errors with the RFC's scimType. */
export function scimErrorFrom(error: HttpError): ScimError {
  const scimType = error.status === 409 ? 'uniqueness' : error.status === 400 ? 'invalidValue' : undefined;
  const detail = error.status === 409 && error.detail === 'User already exists' ? 'The userName is taken by another account' : error.detail;
  return new ScimError(error.status, detail, scimType, error.headers);
}
