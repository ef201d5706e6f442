import type { Clock } from '../../src/clock.js';

/** A clock tests move by hand: `clock.advance(5 * 60_000)`. */
export function manualClock(start = Date.now()): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
