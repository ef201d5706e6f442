import type { Role } from '@varde/core/contract';
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
   * Reads the admin (account, grants, name: two statements, none while the node keeps them) before a
   * write joins the write batch, where every statement waits its turn behind the others'
   * (users/writeBatcher.ts), as the users service reads its caller first.
   */
  prepare(): Promise<void>;
  origin: Pick<AuditEntry, 'actor' | 'address' | 'userAgent'>;
  /** `<publicOrigin>/scim/v2`. */
  baseUrl: string;
}

/** What a connection's requests read of its admin: the account, then their grant maps, name and e-mail. */
interface AdminRecord {
  uid: string;
  role: Role;
  disabled: boolean;
  /** ACTOR_PROFILE_FIELDS' values, then the name and the e-mail. */
  profile: unknown[];
}

/**
 * The connection's admin. Outside a transaction it is kept on this node beside the callers
 * (http/callerCache.ts): a change to their account clears it, and so does one to their grants, name or
 * e-mail; the directory's own writes (new users, the admin's list of them) leave it kept. Inside one it
 * is read through it: on SQLite a read beside it would wait for ever.
 */
async function adminRecord(ctx: CloudContext, connection: ScimConnection, tx?: Tx): Promise<AdminRecord | null> {
  const uid = connection.createdBy;
  const read = async (): Promise<AdminRecord | null> => {
    const readProfile = () => ctx.realtime.getMany([...ACTOR_PROFILE_FIELDS, 'name', 'email'].map((field) => `${userPath(uid)}/${field}`), tx);
    const readAccount = () => accountByUid(tx?.db ?? ctx.db, uid);
    // Side by side outside a transaction (two round trips at once on PostgreSQL).
    const [account, profile] = tx ? [await readAccount(), await readProfile()] : await Promise.all([readAccount(), readProfile()]);
    return account ? { uid: account.uid, role: account.role, disabled: account.disabled, profile } : null;
  };
  const cache = ctx.callerCache;
  if (tx || !cache) return read();
  const key = `scim-admin:${connection.id}`;
  const kept = cache.get<AdminRecord>(key, ctx.clock.now());
  if (kept) return kept;
  const ticket = cache.begin(uid);
  const found = await read();
  if (found) cache.put(key, found, ticket, ctx.clock.now());
  return found;
}

export function scimCallerOf(ctx: CloudContext, request: FastifyRequest, connection: ScimConnection): ScimCaller {
  // The actor's checks and the invitation's "from" line, from one read of the admin (adminRecord).
  let admin: Promise<{ actor: Actor; inviterName: string }> | undefined;
  const loadAdmin = (tx?: Tx) =>
    (admin ??= (async () => {
      const record = await adminRecord(ctx, connection, tx);
      if (!record || record.disabled) throw new ScimError(403, `The admin who made the connection "${connection.name}" no longer has an account; make a new connection`);
      const fields = ACTOR_PROFILE_FIELDS.length;
      return {
        actor: await loadActor(ctx, record.uid, tx, { role: record.role, systemAdmin: false, profile: record.profile.slice(0, fields) }),
        inviterName: displayNameOf(record.profile[fields], record.profile[fields + 1]),
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
