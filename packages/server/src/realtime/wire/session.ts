import type { WebSocket } from 'ws';
import type { Clock } from '../../clock.js';
import type { VerifiedIdToken } from '../idTokens.js';
import { InvalidPathError, isAtOrBelow, joinKeys, parsePath } from '../paths.js';
import { GrantData } from '../grantData.js';
import type { RealtimeAuth, RealtimeRules, RulesData } from '../rules.js';
import { resolveServerValues } from '../serverValues.js';
import { applyOnDisconnectOp, type OnDisconnectLedger, type OnDisconnectOp } from '../onDisconnectLedger.js';
import type { RealtimeChange, RealtimeStore } from '../store.js';
import type { Tx } from '../../storage/transaction.js';
import { valueHash } from '../valueHash.js';
import { InvalidValueError, normalizeValue } from '../values.js';
import { FrameAssembler, FrameError } from './frames.js';
import { type DataPush, pushForListen, wirePath } from './pushes.js';
import { filterByQuery, isFilteringQuery } from './queryFilter.js';
import { type Body, BadRequestError, childrenOf, isBody, listenKey, pathOf, tagOf } from './requestBody.js';
import { takeWriteRun } from './writeRun.js';

export interface SessionContext {
  store: RealtimeStore;
  clock: Clock;
  rules: RealtimeRules;
  verifyIdToken(token: string): Promise<VerifiedIdToken>;
  /** Whether a connection's sign-in still lives (its backend session has not ended); absent: always. */
  isAuthLive?(auth: RealtimeAuth): Promise<boolean>;
  /** Keeps queued onDisconnect writes in the database, so the leader applies them if this node crashes. */
  onDisconnectLedger?: OnDisconnectLedger;
}

interface Listen {
  path: string;
  keys: string[];
  tag?: number;
  query?: unknown;
}

/** A request's answer: `s` is 'ok' or an error status the SDK turns into `error.code`. */
interface Reply {
  s: string;
  d: unknown;
}

const ok = (d: unknown = ''): Reply => ({ s: 'ok', d });
const PERMISSION_DENIED: Reply = { s: 'permission_denied', d: 'Permission denied' };
/** Rules see nothing for a connection that is not signed in (they deny it anyway). */
const NO_DATA: RulesData = { get: () => undefined };

/** A request the session understood: `r` is the number its reply carries. */
interface Request {
  r: number;
  a: string;
  b: Body;
}

const isRequestError = (error: unknown) => error instanceof BadRequestError || error instanceof InvalidPathError || error instanceof InvalidValueError;

/**
 * One client connection speaking the firebase wire protocol (v5). Requests run one at a time in
 * arrival order (an `auth` must finish before the listen after it is judged); data pushes for a
 * change are sent before the writer's acknowledgement, as the SDK expects. Writes that queue up
 * behind one another share a transaction (see runWrites).
 */
export class RealtimeSession {
  private auth: (RealtimeAuth & { expiresAt: number }) | null = null;
  /** What the rules consult for `auth`, kept current from the changes this connection hears. */
  private grants: GrantData | null = null;
  /** Changes heard while `grants` is being read, applied to it once read (none is missed). */
  private changesWhileLoadingGrants: RealtimeChange[] | null = null;
  private readonly listens = new Map<string, Listen>();
  private onDisconnectOps: OnDisconnectOp[] = [];
  private readonly frames = new FrameAssembler();
  /** Requests received and not yet handled, in arrival order; `queue` ends when they are done. */
  private readonly inbox: unknown[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly socket: WebSocket,
    private readonly ctx: SessionContext,
    readonly id: string,
  ) {}

  hello(host: string): void {
    this.send({ t: 'c', d: { t: 'h', d: { ts: this.ctx.clock.now(), v: '5', h: host, s: this.id } } });
  }

  /** Tells the SDK to stop reconnecting (it logs the reason), then closes. */
  shutdown(reason: string): void {
    this.send({ t: 'c', d: { t: 's', d: reason } });
    this.socket.close(1000);
  }

  receiveFrame(frame: string): void {
    let text: string | null;
    try {
      text = this.frames.push(frame);
    } catch (error) {
      this.fail(error instanceof FrameError ? error.message : 'Bad frame');
      return;
    }
    if (text === null) return;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      this.fail('Malformed JSON message');
      return;
    }
    this.inbox.push(envelope);
    // A drain already scheduled takes this request too.
    if (this.inbox.length === 1) this.queue = this.queue.then(() => this.drain());
  }

  /** Handles the inbox in order: a run of queued writes together, anything else alone. */
  private async drain(): Promise<void> {
    while (this.inbox.length > 0) {
      const writes = takeWriteRun(this.inbox);
      if (writes.length > 1) await this.runWrites(writes as Array<{ d: Request }>);
      else await this.handleAlone(writes[0] ?? this.inbox.shift());
    }
  }

  private async handleAlone(envelope: unknown): Promise<void> {
    try {
      await this.dispatch(envelope);
    } catch (error) {
      console.error('realtime session request failed', error);
    }
  }

  /** Fans a committed change out to this connection's listens. */
  onStoreChange(change: RealtimeChange): void {
    this.expireAuthIfDue();
    this.changesWhileLoadingGrants?.push(change);
    if (this.grants?.apply(change)) this.recheckListens();
    const sent = new Set<string>();
    for (const listen of this.listens.values()) {
      const push = pushForListen(listen.path, listen.tag, change);
      if (push === null) continue;
      const text = JSON.stringify({ t: 'd', d: push });
      if (sent.has(text)) continue; // nested listens would otherwise get the same push twice
      sent.add(text);
      this.sendText(text);
    }
  }

  /** Applies the queued onDisconnect writes (rules were checked when they were queued). */
  async runOnDisconnect(): Promise<void> {
    const ops = this.onDisconnectOps;
    this.onDisconnectOps = [];
    // After the requests already queued, so a write the client sent before leaving lands first.
    await this.queue;
    for (const op of ops) {
      try {
        await this.ctx.store.atomically((tx) => applyOnDisconnectOp(this.ctx.store, this.ctx.clock, op, tx));
      } catch (error) {
        console.error(`realtime onDisconnect write at ${op.path || '/'} failed`, error);
      }
    }
    if (ops.length > 0) await this.ctx.onDisconnectLedger?.forget(this.id).catch((error: unknown) => console.error('realtime onDisconnect ledger', error));
  }

  private async dispatch(envelope: unknown): Promise<void> {
    if (!isBody(envelope) || !isBody(envelope.d)) return this.fail('Message without t and d');
    const message = envelope.d;
    if (envelope.t === 'c') {
      if (message.t === 'p') this.send({ t: 'c', d: { t: 'o', d: {} } }); // ping -> pong
      return;
    }
    if (envelope.t !== 'd' || typeof message.r !== 'number' || typeof message.a !== 'string') {
      return this.fail('Request without r and a');
    }
    const body = isBody(message.b) ? message.b : {};
    this.expireAuthIfDue();
    await this.revokeAuthIfEnded();
    let reply: Reply;
    try {
      reply = await this.perform(message.a, body);
    } catch (error) {
      if (!isRequestError(error)) throw error;
      reply = { s: 'invalid_request', d: (error as Error).message };
    }
    this.send({ t: 'd', d: { r: message.r, b: reply } });
  }

  /**
   * Writes the client sent one after another, in one transaction: one sign-in check, one commit (on
   * PostgreSQL one lock) for the run instead of one per write, which is what bounds a client that
   * writes in a stream. Each write is judged as if the ones before it had committed (their changes
   * applied to a copy of the grants), the listeners hear each change and then the writer gets each
   * acknowledgement, as if they had run one by one. If the transaction fails, nothing of it is
   * written and the writes run one by one (each answered as alone).
   */
  private async runWrites(envelopes: Array<{ d: Request }>): Promise<void> {
    this.expireAuthIfDue();
    await this.revokeAuthIfEnded();
    const requests = envelopes.map((envelope) => ({ ...envelope.d, b: isBody(envelope.d.b) ? envelope.d.b : {} }));
    let replies: Array<{ r: number; b: Reply }>;
    try {
      replies = await this.ctx.store.atomically(async (tx) => {
        const grants = this.grants?.copy() ?? null;
        const done: Array<{ r: number; b: Reply }> = [];
        for (const request of requests) done.push({ r: request.r, b: await this.writeIn(tx, request, grants) });
        return done;
      }, { coalesceWrites: true });
    } catch (error) {
      console.error('realtime write run failed; its writes run one by one', error);
      for (const envelope of envelopes) await this.handleAlone(envelope);
      return;
    }
    for (const reply of replies) this.send({ t: 'd', d: reply });
  }

  /** One write of a run, in the run's transaction; a malformed one is answered and writes nothing. */
  private async writeIn(tx: Tx, request: Request, grants: GrantData | null): Promise<Reply> {
    try {
      return request.a === 'p' ? await this.putIn(tx, request.b, grants) : await this.mergeIn(tx, request.b, grants);
    } catch (error) {
      if (!isRequestError(error)) throw error;
      return { s: 'invalid_request', d: (error as Error).message };
    }
  }

  private async perform(action: string, body: Body): Promise<Reply> {
    switch (action) {
      case 's': // stats
      case 'appcheck':
      case 'unappeck':
        return ok();
      case 'auth':
      case 'gauth':
        return this.authenticate(body);
      case 'unauth':
        this.setAuth(null, null);
        return ok();
      case 'q':
        return this.listen(body);
      case 'n':
        this.listens.delete(listenKey(joinKeys(parsePath(pathOf(body))), tagOf(body)));
        return ok();
      case 'g':
        return this.get(body);
      case 'p':
        return this.put(body);
      case 'm':
        return this.merge(body);
      case 'o':
      case 'om':
      case 'oc':
        return this.onDisconnect(action, body);
      default:
        return { s: 'invalid_request', d: `Unknown action "${action}"` };
    }
  }

  private async authenticate(body: Body): Promise<Reply> {
    if (typeof body.cred !== 'string' || body.cred === '') throw new BadRequestError('auth needs cred');
    try {
      const token = await this.ctx.verifyIdToken(body.cred);
      const auth = { uid: token.uid, claims: token.claims, expiresAt: token.expiresAt };
      this.setAuth(auth, await this.loadGrants(auth));
      return ok({ auth: token.claims, expires: Math.floor(token.expiresAt / 1000) });
    } catch (error) {
      this.setAuth(null, null);
      return { s: 'invalid_token', d: error instanceof Error ? error.message : 'Invalid token' };
    }
  }

  private async listen(body: Body): Promise<Reply> {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const tag = tagOf(body);
    if (!this.canRead(keys)) return PERMISSION_DENIED;
    // Listening before the read: a change committed meanwhile is pushed after the data (and wins).
    const key = listenKey(path, tag);
    this.listens.set(key, { path, keys, tag, query: body.q });
    const value = await this.ctx.store.get(path);
    if (!this.listens.has(key)) return PERMISSION_DENIED; // revoked while reading
    // The data must arrive before the 'ok': the SDK takes an 'ok' without data as "nothing here".
    const push: DataPush = { a: 'd', b: { p: wirePath(path), d: value } };
    if (tag !== undefined) push.b.t = tag;
    this.send({ t: 'd', d: push });
    return ok({});
  }

  private async get(body: Body): Promise<Reply> {
    const keys = parsePath(pathOf(body));
    if (!this.canRead(keys)) return PERMISSION_DENIED;
    const value = await this.ctx.store.get(joinKeys(keys));
    return ok(isFilteringQuery(body.q) ? filterByQuery(value, body.q) : value);
  }

  private put(body: Body): Promise<Reply> {
    return this.ctx.store.atomically((tx) => this.putIn(tx, body, this.grants?.copy() ?? null));
  }

  /**
   * In `tx`: the value read for an increment or a transaction's hash is the one replaced. `grants` is a
   * copy of what the rules consult, for this transaction: a write it allows is applied to it, so the
   * next write of a run is judged after it. The connection's own grants hear it once committed.
   */
  private async putIn(tx: Tx, body: Body, grants: GrantData | null): Promise<Reply> {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const { store } = this.ctx;
    const value = await this.resolve(body.d, path, tx);
    if (!this.canWrite(keys, value, grants)) return PERMISSION_DENIED;
    // A transaction's put carries the hash of the value it started from: refuse if that changed.
    if (typeof body.h === 'string' && valueHash(await store.get(path, tx)) !== body.h) {
      return { s: 'datastale', d: 'Transaction hash does not match' };
    }
    await store.set(path, value, tx);
    grants?.apply({ kind: 'set', path, value });
    return ok();
  }

  private merge(body: Body): Promise<Reply> {
    return this.ctx.store.atomically((tx) => this.mergeIn(tx, body, this.grants?.copy() ?? null));
  }

  private async mergeIn(tx: Tx, body: Body, grants: GrantData | null): Promise<Reply> {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const children = await this.resolveChildren(path, childrenOf(body), tx);
    for (const [key, value] of Object.entries(children)) {
      if (!this.canWrite([...keys, ...parsePath(key)], value, grants)) return PERMISSION_DENIED;
    }
    await this.ctx.store.update(path, children, tx);
    grants?.apply({ kind: 'merge', path, children });
    return ok();
  }

  private async onDisconnect(action: 'o' | 'om' | 'oc', body: Body): Promise<Reply> {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    if (action === 'oc') {
      this.onDisconnectOps = this.onDisconnectOps.filter((op) => !isAtOrBelow(op.path, path));
      await this.ctx.onDisconnectLedger?.keep(this.id, this.onDisconnectOps);
      return ok();
    }
    // Checked now with today's values, written later with the values of that moment.
    if (action === 'o') {
      if (!this.canWrite(keys, await this.resolve(body.d, path))) return PERMISSION_DENIED;
      this.onDisconnectOps.push({ kind: 'set', path, value: body.d });
    } else {
      const children = childrenOf(body);
      for (const [key, value] of Object.entries(await this.resolveChildren(path, children))) {
        if (!this.canWrite([...keys, ...parsePath(key)], value)) return PERMISSION_DENIED;
      }
      this.onDisconnectOps.push({ kind: 'merge', path, value: children });
    }
    // Acknowledged only once kept: the write happens even if this node dies before the connection closes.
    await this.ctx.onDisconnectLedger?.keep(this.id, this.onDisconnectOps);
    return ok();
  }

  private async resolve(value: unknown, path: string, tx?: Tx): Promise<unknown> {
    const store = this.ctx.store;
    return normalizeValue(await resolveServerValues(value, path, (at) => store.get(at, tx), this.ctx.clock.now()), path);
  }

  private async resolveChildren(path: string, children: Body, tx?: Tx): Promise<Body> {
    const resolved: Body = {};
    for (const [key, value] of Object.entries(children)) resolved[key] = await this.resolve(value, path + joinKeys(parsePath(key)), tx);
    return resolved;
  }

  private canRead(keys: readonly string[]): boolean {
    return this.ctx.rules.canRead(this.auth, keys, this.grants ?? NO_DATA);
  }

  private canWrite(keys: readonly string[], value: unknown, grants: GrantData | null = this.grants): boolean {
    return this.ctx.rules.canWrite(this.auth, keys, value, grants ?? NO_DATA);
  }

  /** Reads what the rules consult for `auth`; changes committed meanwhile are applied to it too. */
  private async loadGrants(auth: RealtimeAuth): Promise<GrantData> {
    const heard: RealtimeChange[] = [];
    this.changesWhileLoadingGrants = heard;
    try {
      const grants = await GrantData.load(this.ctx.rules.grantSourcesOf(auth), this.ctx.store);
      for (const change of heard) grants.apply(change);
      return grants;
    } finally {
      if (this.changesWhileLoadingGrants === heard) this.changesWhileLoadingGrants = null;
    }
  }

  private setAuth(auth: (RealtimeAuth & { expiresAt: number }) | null, grants: GrantData | null): void {
    this.auth = auth;
    this.grants = grants;
    this.recheckListens();
  }

  /** Drops listens the current auth may no longer read; the SDK fires their cancel callbacks. */
  private recheckListens(): void {
    for (const [key, listen] of this.listens) {
      if (this.canRead(listen.keys)) continue;
      this.listens.delete(key);
      const revoked: Body = { p: wirePath(listen.path) };
      if (listen.tag !== undefined) revoked.q = [listen.query];
      this.send({ t: 'd', d: { a: 'c', b: revoked } });
    }
  }

  /** An expired ID token: tell the SDK, which reconnects with a fresh one and listens again. */
  private expireAuthIfDue(): void {
    if (this.auth === null || this.auth.expiresAt > this.ctx.clock.now()) return;
    this.auth = null;
    this.grants = null;
    this.listens.clear();
    this.send({ t: 'd', d: { a: 'ac', b: { s: 'expired_token', d: 'Auth token is expired.' } } });
  }

  /**
   * A sign-in that has ended (logout, password change, lower role, deletion) loses its rights on an open
   * connection too. The SDK is told as for an expired token: it reconnects and must refresh, which fails.
   */
  async revokeAuthIfEnded(): Promise<void> {
    const auth = this.auth;
    if (auth === null || !this.ctx.isAuthLive || (await this.ctx.isAuthLive(auth))) return;
    if (this.auth !== auth) return; // signed in again meanwhile
    this.auth = null;
    this.grants = null;
    this.listens.clear();
    this.send({ t: 'd', d: { a: 'ac', b: { s: 'invalid_token', d: 'The sign-in has ended.' } } });
  }

  private fail(reason: string): void {
    this.send({ t: 'c', d: { t: 'e', d: reason } });
    this.socket.close(1008, reason.slice(0, 120));
  }

  private send(message: unknown): void {
    this.sendText(JSON.stringify(message));
  }

  private sendText(text: string): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(text);
  }
}
