import type { FastifyRequest } from 'fastify';
import type { Role } from '@varde/core/contract';
import { HttpError } from './HttpError.js';

/** Who is calling, from a verified access token. */
export interface Caller {
  uid: string;
  /** The role the token was minted with. */
  role: Role;
  /** The account's role when the token was checked (read with the session; a role can change). */
  accountRole: Role;
  /** The session the token belongs to. */
  sid: string;
  /** The token's refresh generation (see auth/sessions.ts). */
  generation: number;
}

/** The caller of a token-protected route (the bearer hook has verified the token already). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new HttpError(401, 'Not signed in');
  return request.caller;
}
