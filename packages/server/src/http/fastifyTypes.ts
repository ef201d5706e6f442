/** What the cloud adds to fastify's types. Imported for its side effect by src/cloud.ts. */
import type { Caller } from './caller.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Set on routes that need no bearer token. Every route under /cloud/<service>/ is
     * token-protected unless it says so here; say why in a comment next to it.
     */
    public?: boolean;
  }
  interface FastifyRequest {
    /** The verified bearer token's subject, set on token-protected routes. */
    caller: Caller | null;
  }
}

export {};
