import type { Clock } from '../clock.js';

/** A clock a system admin moves forward (`varde-cloud --test-clock`): the base clock plus what was added. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(base: Clock): TestClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}
