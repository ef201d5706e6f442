import type { WebSocket } from 'ws';
import type { Clock } from '../../clock.js';
import type { VerifiedIdToken } from '../idTokens.js';
import { InvalidPathError, isAtOrBelow, joinKeys, parsePath } from '../paths.js';
import type { RealtimeAuth, RealtimeRules } from '../rules.js';
import { resolveServerValues } from '../serverValues.js';
import type { RealtimeChange, RealtimeStore } from '../store.js';
import { valueHash } from '../valueHash.js';
import { InvalidValueError, normalizeValue } from '../values.js';
import { FrameAssembler, FrameError } from './frames.js';
import { type DataPush, pushForListen, wirePath } from './pushes.js';
import { filterByQuery, isFilteringQuery } from './queryFilter.js';
import { type Body, BadRequestError, childrenOf, isBody, listenKey, pathOf, tagOf, touches } from './requestBody.js';

export interface SessionContext {
  store: RealtimeStore;
  clock: Clock;
  rules: RealtimeRules;
  verifyIdToken(token: string): Promise<VerifiedIdToken>;
  /** Whether a connection's sign-in still lives (its backend session has not ended); absent: always. */
  isAuthLive?(auth: RealtimeAuth): boolean;
}

interface Listen {
  path: string;
  keys: string[];
  tag?: number;
  query?: unknown;
}

interface OnDisconnectOp {
  kind: 'set' | 'merge';
  path: string;
  value: unknown;
}

/** A request's answer: `s` is 'ok' or an error status the SDK turns into `error.code`. */
interface Reply {
  s: string;
  d: unknown;
}

const ok = (d: unknown = ''): Reply => ({ s: 'ok', d });
const PERMISSION_DENIED: Reply = { s: 'permission_denied', d: 'Permission denied' };

/**
 * One client connection speaking the firebase wire protocol (v5). Requests run one at a time in
 * arrival order (an `auth` must finish before the listen after it is judged); data pushes for a
 * change are sent before the writer's acknowledgement, as the SDK expects.
 */
export class RealtimeSession {
  private auth: (RealtimeAuth & { expiresAt: number }) | null = null;
  private readonly listens = new Map<string, Listen>();
  private onDisconnectOps: OnDisconnectOp[] = [];
  private readonly frames = new FrameAssembler();
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
    this.queue = this.queue
      .then(() => this.dispatch(envelope))
      .catch((error: unknown) => console.error('realtime session request failed', error));
  }

  /** Fans a committed change out to this connection's listens. */
  onStoreChange(change: RealtimeChange): void {
    this.expireAuthIfDue();
    const auth = this.auth;
    if (auth && this.ctx.rules.grantSourcesOf(auth).some((source) => touches(change.path, source))) this.recheckListens();
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
  runOnDisconnect(): void {
    const ops = this.onDisconnectOps;
    this.onDisconnectOps = [];
    for (const op of ops) {
      try {
        if (op.kind === 'set') this.ctx.store.set(op.path, this.resolve(op.value, op.path));
        else this.ctx.store.update(op.path, this.resolveChildren(op.path, op.value as Body));
      } catch (error) {
        console.error(`realtime onDisconnect write at ${op.path || '/'} failed`, error);
      }
    }
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
    this.revokeAuthIfEnded();
    let reply: Reply;
    try {
      reply = await this.perform(message.a, body);
    } catch (error) {
      if (!(error instanceof BadRequestError || error instanceof InvalidPathError || error instanceof InvalidValueError)) {
        throw error;
      }
      reply = { s: 'invalid_request', d: error.message };
    }
    this.send({ t: 'd', d: { r: message.r, b: reply } });
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
        this.auth = null;
        this.recheckListens();
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
      this.auth = { uid: token.uid, claims: token.claims, expiresAt: token.expiresAt };
      this.recheckListens();
      return ok({ auth: token.claims, expires: Math.floor(token.expiresAt / 1000) });
    } catch (error) {
      this.auth = null;
      this.recheckListens();
      return { s: 'invalid_token', d: error instanceof Error ? error.message : 'Invalid token' };
    }
  }

  private listen(body: Body): Reply {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const tag = tagOf(body);
    if (!this.ctx.rules.canRead(this.auth, keys, this.ctx.store)) return PERMISSION_DENIED;
    this.listens.set(listenKey(path, tag), { path, keys, tag, query: body.q });
    // The data must arrive before the 'ok': the SDK takes an 'ok' without data as "nothing here".
    const push: DataPush = { a: 'd', b: { p: wirePath(path), d: this.ctx.store.get(path) } };
    if (tag !== undefined) push.b.t = tag;
    this.send({ t: 'd', d: push });
    return ok({});
  }

  private get(body: Body): Reply {
    const keys = parsePath(pathOf(body));
    if (!this.ctx.rules.canRead(this.auth, keys, this.ctx.store)) return PERMISSION_DENIED;
    const value = this.ctx.store.get(joinKeys(keys));
    return ok(isFilteringQuery(body.q) ? filterByQuery(value, body.q) : value);
  }

  private put(body: Body): Reply {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const value = this.resolve(body.d, path);
    if (!this.ctx.rules.canWrite(this.auth, keys, value, this.ctx.store)) return PERMISSION_DENIED;
    // A transaction's put carries the hash of the value it started from: refuse if that changed.
    if (typeof body.h === 'string' && valueHash(this.ctx.store.get(path)) !== body.h) {
      return { s: 'datastale', d: 'Transaction hash does not match' };
    }
    this.ctx.store.set(path, value);
    return ok();
  }

  private merge(body: Body): Reply {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    const children = this.resolveChildren(path, childrenOf(body));
    for (const [key, value] of Object.entries(children)) {
      if (!this.ctx.rules.canWrite(this.auth, [...keys, ...parsePath(key)], value, this.ctx.store)) return PERMISSION_DENIED;
    }
    this.ctx.store.update(path, children);
    return ok();
  }

  private onDisconnect(action: 'o' | 'om' | 'oc', body: Body): Reply {
    const keys = parsePath(pathOf(body));
    const path = joinKeys(keys);
    if (action === 'oc') {
      this.onDisconnectOps = this.onDisconnectOps.filter((op) => !isAtOrBelow(op.path, path));
      return ok();
    }
    // Checked now with today's values, written later with the values of that moment.
    if (action === 'o') {
      if (!this.ctx.rules.canWrite(this.auth, keys, this.resolve(body.d, path), this.ctx.store)) return PERMISSION_DENIED;
      this.onDisconnectOps.push({ kind: 'set', path, value: body.d });
    } else {
      const children = childrenOf(body);
      for (const [key, value] of Object.entries(this.resolveChildren(path, children))) {
        if (!this.ctx.rules.canWrite(this.auth, [...keys, ...parsePath(key)], value, this.ctx.store)) return PERMISSION_DENIED;
      }
      this.onDisconnectOps.push({ kind: 'merge', path, value: children });
    }
    return ok();
  }

  private resolve(value: unknown, path: string): unknown {
    const store = this.ctx.store;
    return normalizeValue(resolveServerValues(value, path, (at) => store.get(at), this.ctx.clock.now()), path);
  }

  private resolveChildren(path: string, children: Body): Body {
    return Object.fromEntries(
      Object.entries(children).map(([key, value]) => [key, this.resolve(value, path + joinKeys(parsePath(key)))]),
    );
  }

  /** Drops listens the current auth may no longer read; the SDK fires their cancel callbacks. */
  private recheckListens(): void {
    for (const [key, listen] of this.listens) {
      if (this.ctx.rules.canRead(this.auth, listen.keys, this.ctx.store)) continue;
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
    this.listens.clear();
    this.send({ t: 'd', d: { a: 'ac', b: { s: 'expired_token', d: 'Auth token is expired.' } } });
  }

  /**
   * A sign-in that has ended (logout, password change, lower role, deletion) loses its rights on an open
   * connection too. The SDK is told as for an expired token: it reconnects and must refresh, which fails.
   */
  revokeAuthIfEnded(): void {
    const auth = this.auth;
    if (auth === null || !this.ctx.isAuthLive || this.ctx.isAuthLive(auth)) return;
    this.auth = null;
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
