import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '../audit/recordAudit.js';
import { accountByUid } from '../auth/accounts.js';
import type { CloudContext } from '../context.js';
import { HttpError } from '../http/HttpError.js';
import { ACTOR_PROFILE_FIELDS, loadActor, type Actor } from '../users/actor.js';
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
   * Reads the admin (account, grants, name: two statements) before a write joins the write batch, where
   * every statement waits its turn behind the others' (users/writeBatcher.ts), as the users service reads
   * its caller first.
   */
  prepare(): Promise<void>;
  origin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'>;
  /** `<publicOrigin>/scim/v2`. */
  baseUrl: string;
}

export function scimCallerOf(ctx: CloudContext, request: FastifyRequest, connection: ScimConnection): ScimCaller {
  // The admin's account, then their grant maps, name and e-mail in one realtime read: the actor's checks
  // and the invitation's "from" line. Through the write's transaction when not prepared: on SQLite a read
  // beside it would wait for ever.
  let admin: Promise<{ actor: Actor; inviterName: string }> | undefined;
  const loadAdmin = (tx?: Tx) =>
    (admin ??= (async () => {
      const base = userPath(connection.createdBy);
      const readProfile = () => ctx.realtime.getMany([...ACTOR_PROFILE_FIELDS, 'name', 'email'].map((field) => `${base}/${field}`), tx);
      const readAccount = () => accountByUid(tx?.db ?? ctx.db, connection.createdBy);
      // Side by side outside a transaction (two round trips at once on PostgreSQL).
      const [account, profile] = tx ? [await readAccount(), await readProfile()] : await Promise.all([readAccount(), readProfile()]);
      if (!account || account.disabled) throw new ScimError(403, `The admin who made the connection "${connection.name}" no longer has an account; make a new connection`);
      const fields = ACTOR_PROFILE_FIELDS.length;
      return {
        actor: await loadActor(ctx, account.uid, tx, { role: account.role, systemAdmin: false, profile: profile.slice(0, fields) }),
        inviterName: displayNameOf(profile[fields], profile[fields + 1]),
      };
    })());
  return {
    connection,
    actor: async (tx) => (await loadAdmin(tx)).actor,
    inviterName: async (tx) => (await loadAdmin(tx)).inviterName,
    async prepare() {
      await loadAdmin();
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
