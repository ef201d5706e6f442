import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type Clock, systemClock } from '../clock.js';
import type { Db } from '../storage/db.js';
import { type CustomTokenVerifier, registerRealtimeAuthRoutes } from './authRoutes.js';
import { type VerifiedIdToken, createIdTokenIssuer } from './idTokens.js';
import { type RealtimeAuth, type RealtimeRules, vardeRules } from './rules.js';
import { type RealtimeStore, createRealtimeStore } from './store.js';
import { createOnDisconnectLedger } from './onDisconnectLedger.js';
import { createWireServer } from './wire/server.js';

export interface RealtimeDatabaseOptions {
  db: Db;
  /** Checks the cloud's custom tokens (FOUNDATION: `(token) => verifyCustomToken(ctx, token)`). */
  verifyCustomToken: CustomTokenVerifier;
  /** The `ns` clients connect with: the subdomain of their databaseURL, or `?ns=` on a ws:// URL. */
  namespace: string;
  clock?: Clock;
  /** `aud` of the ID tokens and `project_id` of refreshes; defaults to the namespace. */
  projectId?: string;
  /** Lifetime of minted ID tokens; 3600 like firebase. */
  idTokenLifetimeSeconds?: number;
  /** Whether a sign-in's tokens are still good (its backend session lives); checked at every verification and refresh. */
  isSignInLive?: (uid: string, claims: Record<string, unknown>) => Promise<boolean>;
  /** Who may read and write what; Varde's rules unless given. */
  rules?: RealtimeRules;
  /** This node's id: connections' onDisconnect writes are kept in the database under it (a crash does not lose them). */
  nodeId?: string;
}

export interface RealtimeDatabase {
  /** Server-side reads and writes (no rules); writes reach subscribed clients. */
  tree: RealtimeStore;
  /** Takes an HTTP upgrade to `/.ws`; false for other paths. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Serves `/.ws` upgrades of an HTTP server; returns the detach function. */
  attach(server: Server): () => void;
  /** Registers the identitytoolkit and securetoken endpoints on a fastify app. */
  registerRoutes(app: FastifyInstance): void;
  /** Verifies an ID token minted here (for other sockets that take a firebase token). */
  verifyIdToken(token: string): Promise<VerifiedIdToken>;
  /** Runs pending onDisconnect writes and closes every connection (the db stays open). */
  close(): Promise<void>;
  /** Rechecks the sign-in of every open connection now (sessions ended on another node). */
  recheckSignIns(): void;
}

/** The realtime database of the reference cloud: store, wire server and sign-in endpoints. */
export async function createRealtimeDatabase(options: RealtimeDatabaseOptions): Promise<RealtimeDatabase> {
  const clock = options.clock ?? systemClock;
  const tree = createRealtimeStore(options.db);
  const issuer = await createIdTokenIssuer({
    db: options.db,
    projectId: options.projectId ?? options.namespace,
    clock,
    lifetimeSeconds: options.idTokenLifetimeSeconds,
    ...(options.isSignInLive ? { isSignInLive: options.isSignInLive } : {}),
  });
  const verifyIdToken = (token: string) => issuer.verifyIdToken(token);
  const { isSignInLive } = options;
  const wire = createWireServer({
    store: tree,
    clock,
    rules: options.rules ?? vardeRules,
    verifyIdToken,
    namespace: options.namespace,
    ...(isSignInLive ? { isAuthLive: (auth: RealtimeAuth) => isSignInLive(auth.uid, auth.claims) } : {}),
    ...(options.nodeId ? { onDisconnectLedger: createOnDisconnectLedger(options.db, options.nodeId) } : {}),
  });
  return {
    tree,
    handleUpgrade: wire.handleUpgrade,
    attach: wire.attach,
    registerRoutes(app) {
      registerRealtimeAuthRoutes(app, { issuer, verifyCustomToken: options.verifyCustomToken, tree });
    },
    verifyIdToken,
    close: wire.close,
    recheckSignIns: wire.recheckSignIns,
  };
}
