import { describe, expect, it } from 'vitest';
import { createInactivityMonitor, INACTIVITY_CHECK_MS, INACTIVITY_LIMIT_MS } from './support.js';
import { manualTimers } from './helpers/fakes.js';

describe('createInactivityMonitor', () => {
  it('times out after 60 minutes without activity, checked every second', () => {
    let clock = 0;
    let timeouts = 0;
    const timers = manualTimers();
    const monitor = createInactivityMonitor({ onTimeout: () => timeouts++, now: () => clock, timers });
    monitor.start();
    expect(timers.lastMs).toBe(INACTIVITY_CHECK_MS);
    clock = INACTIVITY_LIMIT_MS - 1;
    timers.fire();
    expect(timeouts).toBe(0);
    monitor.activity();
    clock += INACTIVITY_LIMIT_MS - 1;
    timers.fire();
    expect(timeouts).toBe(0);
    clock += 1;
    timers.fire();
    expect(timeouts).toBe(1);
    expect(monitor.running()).toBe(false);
  });
});
