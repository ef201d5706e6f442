/**
 * Paths of the realtime database. Outside, a path is slash separated with optional leading and
 * trailing slashes (`/users/abc`, `users/abc/`); inside, it is its list of keys, and in storage it
 * is the canonical string `/users/abc` (the root is the empty string).
 */

/** Characters firebase forbids in keys (besides `/`, the separator), plus ASCII control characters. */
const FORBIDDEN_IN_KEY = /[.#$[\]\u0000-\u001f\u007f]/;
const MAX_KEY_BYTES = 768;

/** Thrown for a path or key the database cannot hold; the wire server answers it as a client error. */
export class InvalidPathError extends Error {
  override readonly name = 'InvalidPathError';
}

export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    !key.includes('/') &&
    !FORBIDDEN_IN_KEY.test(key) &&
    Buffer.byteLength(key, 'utf8') <= MAX_KEY_BYTES
  );
}

/** `/a//b/` -> `['a', 'b']`; throws InvalidPathError on a forbidden key. */
export function parsePath(path: string): string[] {
  if (typeof path !== 'string') throw new InvalidPathError('Path must be a string');
  const keys = path.split('/').filter((key) => key !== '');
  for (const key of keys) {
    if (!isValidKey(key)) throw new InvalidPathError(`Invalid key "${key}" in path "${path}"`);
  }
  return keys;
}

/** `['a', 'b']` -> `/a/b`; the root is `''`. */
export function joinKeys(keys: readonly string[]): string {
  return keys.map((key) => `/${key}`).join('');
}

/** The canonical storage form of a path string. */
export function canonicalPath(path: string): string {
  return joinKeys(parsePath(path));
}

/** True when `path` equals `ancestor` or lies below it (both canonical). */
export function isAtOrBelow(path: string, ancestor: string): boolean {
  return path === ancestor || path.startsWith(`${ancestor}/`);
}

/** Keys of `path` below `ancestor` (both canonical, path at or below ancestor). */
export function relativeKeys(path: string, ancestor: string): string[] {
  return path.slice(ancestor.length).split('/').filter((key) => key !== '');
}

/** Canonical paths strictly above `path`, root first: `/a/b` -> `['', '/a']`. */
export function ancestorsOf(path: string): string[] {
  const keys = parsePath(path);
  const result: string[] = [];
  for (let i = 0; i < keys.length; i += 1) result.push(joinKeys(keys.slice(0, i)));
  return result;
}

/** The ancestors of a canonical path (`/a/b/c`: ``, `/a`, `/a/b`), as ancestorsOf gives them, without parsing it again. */
export function canonicalAncestorsOf(path: string): string[] {
  const result: string[] = [];
  for (let end = path.indexOf('/', 1); end !== -1; end = path.indexOf('/', end + 1)) result.push(path.slice(0, end));
  return path === '' ? result : ['', ...result];
}

/** The value found by walking `keys` into a plain JSON value, or null. */
export function valueAt(value: unknown, keys: readonly string[]): unknown {
  let current: unknown = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return null;
    current = (current as Record<string, unknown>)[key] ?? null;
  }
  return current ?? null;
}
