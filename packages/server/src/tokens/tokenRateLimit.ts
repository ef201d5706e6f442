import type { Clock } from '../clock.js';
import { HttpError } from '../http/HttpError.js';

const WINDOW_MS = 60_000;
/** Counters kept at most: beyond, the oldest windows go (a token seen again starts a new one). */
const MAX_TOKENS_TRACKED = 10_000;

/**
 * Requests per personal access token, counted in fixed one-minute windows on this node. In memory on
 * purpose: a count in the database would add a write to every request (the token check is one read);
 * a cluster of N nodes so lets a token make up to N times the limit. Sessions are not limited here:
 * a person's browser is paced by its user.
 */
export function tokenRateLimiter(clock: Clock, perMinute: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (tokenId: string): void => {
    const now = clock.now();
    let window = windows.get(tokenId);
    if (!window || now - window.start >= WINDOW_MS) {
      windows.delete(tokenId);
      if (windows.size >= MAX_TOKENS_TRACKED) windows.delete(windows.keys().next().value!);
      windows.set(tokenId, (window = { start: now, count: 0 }));
    }
    window.count += 1;
    if (window.count > perMinute) {
      const retryAfter = Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
      throw new HttpError(429, `This access token made more than ${perMinute} requests in a minute; try again in ${retryAfter} s`, {
        'retry-after': String(retryAfter),
      });
    }
  };
}
