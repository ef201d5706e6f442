import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { servicePathPrefix } from '@varde/core/contract';
import { parseWith } from '../http/parseWith.js';
import type { Clock } from '../clock.js';
import type { SharedTestClock } from './testClock.js';

/** At most a week per call: enough for any escalation or rule, small enough that a typo is not a year. */
export const MAX_ADVANCE_MINUTES = 10_080;

const advanceBody = z.object({
  minutes: z.number().check(z.int(), z.minimum(1, `must be 1 to ${MAX_ADVANCE_MINUTES}`), z.maximum(MAX_ADVANCE_MINUTES, `must be 1 to ${MAX_ADVANCE_MINUTES}`)),
});

/**
 * `POST /cloud/alarms/test-clock/advance {"minutes": N}` (system admins; registered only with
 * `--test-clock`, so without it the route is 404): moves the cloud's clock forward, as Stripe's test clocks
 * do, then runs the work that became due (the rule engine, escalation steps) before answering the new time.
 * The clock is the cluster's (testClock.ts): the other nodes hear the move within a moment; the due work
 * runs here, claimed as on the leader, so nothing is done twice. `GET /cloud/alarms/test-clock` answers
 * this node's time, so a test can see that every node has the move.
 */
export function registerTestClockRoute(app: FastifyInstance, clock: Clock, shared: SharedTestClock, runDueWork: () => Promise<unknown>): void {
  void app.register(
    async (api) => {
      api.get('/test-clock', async () => ({ now: new Date(clock.now()).toISOString() }));
      api.post('/test-clock/advance', async (request) => {
        const { minutes } = parseWith(advanceBody, request.body ?? {});
        await shared.advance(minutes * 60_000);
        await runDueWork();
        return { now: new Date(clock.now()).toISOString() };
      });
    },
    { prefix: servicePathPrefix('alarms') },
  );
}
