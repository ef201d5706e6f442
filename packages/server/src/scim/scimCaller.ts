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
  origin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'>;
  /** `<publicOrigin>/scim/v2`. */
  baseUrl: string;
}

export function scimCallerOf(ctx: CloudContext, request: FastifyRequest, connection: ScimConnection): ScimCaller {
  let actor: Promise<Actor> | undefined;
  return {
    connection,
    // Read through the write's transaction: on SQLite a read beside it would wait for ever.
    actor: (tx) =>
      (actor ??= (async () => {
        const admin = await accountByUid(tx.db, connection.createdBy);
        if (!admin || admin.disabled) throw new ScimError(403, `The admin who made the connection "${connection.name}" no longer has an account; make a new connection`);
        return loadActor(ctx, admin.uid, tx, { role: admin.role, systemAdmin: false });
      })()),
    inviterName: async (tx) => {
      const [name, email] = await ctx.realtime.getMany([`${userPath(connection.createdBy)}/name`, `${userPath(connection.createdBy)}/email`], tx);
      return displayNameOf(name, email);
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
