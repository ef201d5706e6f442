/**
 * The controller a create-user form is embedded for (admin-modules spec, "Create user (embedded)"):
 * the `chainId` query, or else the hash after `#controller`. A host page writes the hash as
 * `#controller=<id>`, `#controller/<id>`, `#controller:<id>` or `#controller<id>`; all are accepted.
 */
export function controllerIdFromLocation(location: { search: string; hash: string }): string | null {
  const chainId = new URLSearchParams(location.search).get('chainId')?.trim();
  if (chainId) return chainId;
  const prefix = '#controller';
  if (!location.hash.startsWith(prefix)) return null;
  let rest = location.hash.slice(prefix.length);
  if (/^[=/:]/.test(rest)) rest = rest.slice(1);
  let id: string;
  try {
    id = decodeURIComponent(rest);
  } catch {
    return null;
  }
  return id.trim() || null;
}

/** The page's location in a browser; null in Node (no window). */
export function pageLocation(): { search: string; hash: string } | null {
  const location = (globalThis as { location?: Location }).location;
  return location ? { search: location.search, hash: location.hash } : null;
}
