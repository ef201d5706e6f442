import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { WebSocket } from 'ws';
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, getAuth, signInWithCustomToken } from 'firebase/auth';
import { type Database, connectDatabaseEmulator, getDatabase } from 'firebase/database';
import type { Clock } from '../src/clock.js';
import {
  type RealtimeDatabase,
  type RealtimeIdentity,
  type RealtimeRules,
  createRealtimeDatabase,
  vardeRules,
} from '../src/realtime/index.js';
import { type Db, openDatabase } from '../src/storage/db.js';
import { openTestDatabase } from './helpers/startCloud.js';

/**
 * A realtime database behind a fastify server of its own on an ephemeral port, with custom tokens
 * this harness hands out (`customTokenFor`), and real firebase SDK clients connected to it.
 */
export const NAMESPACE = 'varde-test';

export interface RealtimeTestServer {
  port: number;
  url: string;
  db: Db;
  realtime: RealtimeDatabase;
  customTokenFor(uid: string, claims?: Record<string, unknown>): string;
  close(): Promise<void>;
}

/** Varde's rules plus a `/scratch` area any signed-in user reads and writes, for protocol tests. */
export const rulesWithScratch: RealtimeRules = {
  canRead: (auth, keys, data) => (auth !== null && keys[0] === 'scratch') || vardeRules.canRead(auth, keys, data),
  canWrite: (auth, keys, value, data) =>
    (auth !== null && keys[0] === 'scratch') || vardeRules.canWrite(auth, keys, value, data),
  grantSourcesOf: (auth) => vardeRules.grantSourcesOf(auth),
};

async function openFolderDatabase(dir: string): Promise<{ db: Db; close(): Promise<void> }> {
  const db = await openDatabase({ kind: 'directory', dir });
  return { db, close: () => db.destroy() };
}

export async function startRealtimeServer(
  options: { dir?: string; rules?: RealtimeRules; clock?: Clock } = {},
): Promise<RealtimeTestServer> {
  // A folder when the test restarts on it; else this run's engine (PostgreSQL in the server-postgres pass).
  const database: { db: Db; close(): Promise<void> } = options.dir ? await openFolderDatabase(options.dir) : await openTestDatabase();
  const { db } = database;
  const issued = new Map<string, RealtimeIdentity>();
  const realtime = await createRealtimeDatabase({
    db,
    namespace: NAMESPACE,
    clock: options.clock,
    rules: options.rules,
    verifyCustomToken: async (token) => {
      const identity = issued.get(token);
      if (!identity) throw new Error('Unknown custom token');
      return identity;
    },
  });
  const app = Fastify({ bodyLimit: 1_048_576 });
  realtime.registerRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const detach = realtime.attach(app.server);
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    db,
    realtime,
    customTokenFor(uid, claims = {}) {
      const token = randomUUID();
      issued.set(token, { uid, claims });
      return token;
    },
    async close() {
      await realtime.close();
      detach();
      await app.close();
      await database.close();
    },
  };
}

export interface TestClient {
  app: FirebaseApp;
  auth: Auth;
  db: Database;
  close(): Promise<void>;
}

let clientCount = 0;

/**
 * A firebase app in emulator mode pointed at the server, signed in as `uid` when given. `wsUrl`
 * configures the database by `databaseURL: ws://host:port?ns=NAME` instead of connectDatabaseEmulator.
 */
export async function connectClient(
  server: RealtimeTestServer,
  uid?: string,
  options: { wsUrl?: boolean } = {},
): Promise<TestClient> {
  clientCount += 1;
  const databaseURL = options.wsUrl
    ? `ws://127.0.0.1:${server.port}?ns=${NAMESPACE}`
    : `https://${NAMESPACE}.firebaseio.com`;
  const app = initializeApp({ apiKey: 'test-api-key', projectId: NAMESPACE, databaseURL }, `client-${clientCount}`);
  const auth = getAuth(app);
  connectAuthEmulator(auth, server.url, { disableWarnings: true });
  const db = getDatabase(app);
  if (!options.wsUrl) connectDatabaseEmulator(db, '127.0.0.1', server.port);
  if (uid !== undefined) await signInWithCustomToken(auth, server.customTokenFor(uid));
  return { app, auth, db, close: () => deleteApp(app) };
}

/** Resolves with the first value an onValue-style subscription reports that satisfies `accept`. */
export function nextValue<T>(
  subscribe: (onValue: (value: unknown) => void, onCancel: (error: Error) => void) => () => void,
  accept: (value: unknown) => boolean = () => true,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let unsubscribe: (() => void) | undefined;
    let done = false;
    unsubscribe = subscribe(
      (value) => {
        if (done || !accept(value)) return;
        done = true;
        unsubscribe?.();
        resolve(value as T);
      },
      (error) => {
        done = true;
        reject(error);
      },
    );
    if (done) unsubscribe();
  });
}

/** A bare wire-protocol connection (the `ws` package), for what the SDK would never send. */
export interface RawConnection {
  hello: Promise<Record<string, unknown>>;
  /** Sends a request and resolves with the reply body `{s, d}`. */
  request(action: string, body: Record<string, unknown>): Promise<{ s: string; d: unknown }>;
  /** Every non-reply message received so far. */
  received: Array<Record<string, unknown>>;
  sendText(text: string): void;
  closed: Promise<{ code: number }>;
  close(): void;
}

export function rawConnection(server: Pick<RealtimeTestServer, 'port'>, namespace = NAMESPACE): RawConnection {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/.ws?v=5&ns=${namespace}`);
  const pending = new Map<number, (body: { s: string; d: unknown }) => void>();
  const received: Array<Record<string, unknown>> = [];
  let nextRequest = 0;
  let resolveHello: (hello: Record<string, unknown>) => void = () => {};
  const hello = new Promise<Record<string, unknown>>((resolve) => (resolveHello = resolve));
  const closed = new Promise<{ code: number }>((resolve) => socket.on('close', (code) => resolve({ code })));
  const opened = new Promise<void>((resolve) => socket.on('open', () => resolve()));
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as { t: string; d: Record<string, unknown> };
    if (message.t === 'c' && message.d.t === 'h') resolveHello(message.d.d as Record<string, unknown>);
    if (message.t === 'd' && typeof message.d.r === 'number') {
      pending.get(message.d.r)?.(message.d.b as { s: string; d: unknown });
      pending.delete(message.d.r);
      return;
    }
    received.push(message);
  });
  return {
    hello,
    received,
    closed,
    async request(action, body) {
      await opened;
      nextRequest += 1;
      const r = nextRequest;
      const reply = new Promise<{ s: string; d: unknown }>((resolve) => pending.set(r, resolve));
      socket.send(JSON.stringify({ t: 'd', d: { r, a: action, b: body } }));
      return reply;
    },
    sendText(text) {
      void opened.then(() => socket.send(text));
    },
    close: () => socket.close(),
  };
}
