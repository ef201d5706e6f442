import type { FastifyRequest } from 'fastify';
import type { Role, TokenScope } from '@varde/core/contract';
import { HttpError } from './HttpError.js';

/**
 * Who is calling, resolved once when the request comes in (http/bearerAuth.ts), from a session's
 * access token or a personal access token; routes read it with callerOf and never look it up again.
 */
export interface Caller {
  uid: string;
  /** The role the token was minted with. */
  role: Role;
  /** The account's role when the token was checked (read with the session; a role can change). */
  accountRole: Role;
  /** The session the token belongs to; `token:<id>` for a personal access token, which has none. */
  sid: string;
  /** The token's refresh generation (see auth/sessions.ts). */
  generation: number;
  /** How the caller proved who they are. */
  credential: 'session' | 'personal-token';
  /** 'read' for a read-only personal access token (every write is refused); else 'write'. */
  scope: TokenScope;
  /** The personal access token's id; null for a session. */
  tokenId: string | null;
  /** A person, or a partner's service account (which has only tokens). */
  accountKind: 'person' | 'service';
}

/** The caller of a token-protected route (the bearer hook has verified the token already). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'Not signed in');
  return request.caller;
}
