import { ScimError } from './scimError.js';

/** The body as an object, or 400 invalidSyntax (SCIM bodies are JSON objects). */
export function bodyObject(body: unknown): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ScimError(400, 'The request body must be a JSON object', 'invalidSyntax');
  return body as Record<string, unknown>;
}

/** Every URN in `schemas` must be one this resource accepts (400 invalidValue naming the first that is not). */
export function requireSchemas(body: Record<string, unknown>, accepted: Set<string>, core: string): void {
  const schemas = body.schemas;
  if (!Array.isArray(schemas) || schemas.length === 0 || !schemas.every((urn) => typeof urn === 'string')) {
    throw new ScimError(400, `"schemas" must list the resource's schema URNs (${core})`, 'invalidValue');
  }
  const unknown = (schemas as string[]).find((urn) => !accepted.has(urn.toLowerCase()));
  if (unknown !== undefined) throw new ScimError(400, `Unknown schema URN "${unknown.slice(0, 200)}"`, 'invalidValue');
  if (!(schemas as string[]).some((urn) => urn.toLowerCase() === core.toLowerCase())) {
    throw new ScimError(400, `"schemas" must name ${core}`, 'invalidValue');
  }
}

/** The attribute of `object` named `name` in any case (SCIM attribute names are case-insensitive). */
export function attributeOf(object: Record<string, unknown>, name: string): unknown {
  const wanted = name.toLowerCase();
  const key = Object.keys(object).find((candidate) => candidate.toLowerCase() === wanted);
  return key === undefined ? undefined : object[key];
}

/** A copy of `object` whose top-level keys are spelt as `canonical` spells them (unknown keys kept as sent). */
export function canonicalKeys(object: Record<string, unknown>, canonical: readonly string[]): Record<string, unknown> {
  const byLower = new Map(canonical.map((name) => [name.toLowerCase(), name]));
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) out[byLower.get(key.toLowerCase()) ?? key] = value;
  return out;
}

/** `startIndex` (1-based, default 1) and `count` (default 100, at most 1000) of a list (RFC 7644 section 3.4.2.4). */
export function pagingOf(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (name: string, fallback: number) => {
    const raw = attributeOf(query, name);
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value)) throw new ScimError(400, `"${name}" must be a whole number`, 'invalidValue');
    return value;
  };
  // The RFC: a startIndex below 1 is taken as 1, a negative count as 0.
  return { startIndex: Math.max(1, number('startIndex', 1)), count: Math.min(1000, Math.max(0, number('count', 100))) };
}

/** The `If-Match` versions of a request, or null when it names none (RFC 7644 section 3.14). */
export function ifMatchOf(header: string | string[] | undefined): string[] | null {
  if (header === undefined) return null;
  const text = Array.isArray(header) ? header.join(',') : header;
  return text.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

export function etagOf(version: number): string {
  return `W/"${version}"`;
}

/** 412 when `If-Match` names versions and none is the resource's ("*" matches any). */
export function requireVersion(ifMatch: string[] | null, version: number): void {
  if (ifMatch === null || ifMatch.includes('*')) return;
  const current = etagOf(version);
  if (!ifMatch.some((tag) => tag === current || tag === `"${version}"`)) {
    throw new ScimError(412, `The resource has changed: its version is ${current}, not ${ifMatch.join(', ')}`);
  }
}
