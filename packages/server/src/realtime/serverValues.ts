import { InvalidValueError } from './values.js';

/**
 * Server values the SDK sends as placeholders: `{'.sv': 'timestamp'}` (serverTimestamp()) and
 * `{'.sv': {increment: n}}` (increment(n)). They are replaced here, just before the write, with the
 * server's time and with the current number at that path plus n (n alone when it is not a number).
 */
export async function resolveServerValues(
  value: unknown,
  path: string,
  currentAt: (path: string) => Promise<unknown>,
  now: number,
): Promise<unknown> {
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('.sv' in record) return resolvePlaceholder(record['.sv'], path, currentAt, now);
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(record)) {
    result[key] = await resolveServerValues(child, key.startsWith('.') ? path : `${path}/${key}`, currentAt, now);
  }
  return result;
}

async function resolvePlaceholder(
  placeholder: unknown,
  path: string,
  currentAt: (path: string) => Promise<unknown>,
  now: number,
): Promise<number> {
  if (placeholder === 'timestamp') return now;
  if (placeholder !== null && typeof placeholder === 'object' && 'increment' in placeholder) {
    const delta = (placeholder as { increment: unknown }).increment;
    if (typeof delta !== 'number' || !Number.isFinite(delta)) {
      throw new InvalidValueError(`Invalid increment at "${path || '/'}"`);
    }
    const current = await currentAt(path);
    return typeof current === 'number' ? current + delta : delta;
  }
  throw new InvalidValueError(`Unknown server value at "${path || '/'}"`);
}
