/** The cloud's notion of time. Simulations (alarms, rule engine) step it in tests. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
