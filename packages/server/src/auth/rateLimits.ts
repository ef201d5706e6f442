import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import { HttpError } from '../http/HttpError.js';
import type { Db } from '../storage/db.js';
import { databaseRateLimitStore } from './databaseRateLimitStore.js';

/**
 * Per-client limits on what an attacker repeats (sign-in, SMS codes, reset e-mails), by client address,
 * with @fastify/rate-limit, counted in the database for all nodes together. Generous for people and for the test suites that sign in from one address;
 * tight for a script. Beyond them: 429 with Retry-After and a detail.
 */
export const RATE_LIMITS = {
  signIn: { max: 60, timeWindow: 60_000 },
  smsVerification: { max: 20, timeWindow: 60_000 },
  resetRequests: { max: 10, timeWindow: 60_000 },
  /** Reset e-mails to one address, from anywhere: a mailbox is not flooded. */
  resetEmailsPerAddress: { max: 5, timeWindow: 60 * 60_000 },
} as const;

type Limit = { max: number; timeWindow: number };

/**
 * Route config that limits a route per client address. `unless`: requests it accepts are not counted
 * (read after the body is parsed, so it may look at the body).
 */
export function perClient(limit: Limit, unless?: (request: FastifyRequest) => boolean) {
  const keyGenerator = (request: FastifyRequest) => request.ip ?? 'local';
  return { rateLimit: unless ? { ...limit, keyGenerator, hook: 'preHandler' as const, allowList: unless } : { ...limit, keyGenerator } };
}

/**
 * Before any route: the plugin's onRoute hook must see the routes that ask for a limit. Counted in the
 * database (databaseRateLimitStore.ts), so that the nodes of a cluster share each limit.
 */
export function registerRateLimiting(app: FastifyInstance, db: Db, clock: Clock): void {
  void app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db, clock),
    errorResponseBuilder: (_request, context) =>
      new HttpError(context.statusCode, `Too many attempts; try again in ${context.after}`),
  });
}

/** A check inside a handler, for limits keyed by what the body names (an e-mail address); `name` keeps its counts apart. */
export function limiterFor(app: FastifyInstance, name: string, limit: Limit, keyOf: (request: FastifyRequest) => string) {
  const check = app.createRateLimit({ ...limit, keyGenerator: keyOf, limitName: name } as Parameters<FastifyInstance['createRateLimit']>[0]);
  return async (request: FastifyRequest): Promise<void> => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new HttpError(429, `Too many requests for this address; try again in ${Math.ceil(result.ttl / 60_000)} minutes`, {
        'retry-after': String(Math.ceil(result.ttl / 1000)),
      });
    }
  };
}
