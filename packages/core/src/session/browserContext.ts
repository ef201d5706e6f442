/** What only a browser has; null elsewhere (Node, tests), so the session can say what it lacks. */

/** The page's sessionStorage, or null outside a browser. */
export function browserSessionStorage(): Storage | null {
  try {
    return (globalThis as { sessionStorage?: Storage }).sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The page's origin, or null outside a browser. */
export function browserOrigin(): string | null {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return typeof location?.origin === 'string' && location.origin !== 'null' ? location.origin : null;
}
