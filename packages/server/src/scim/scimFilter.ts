import { parse, Tester, type Filter } from 'scim2-parse-filter';
import { ScimError } from './scimError.js';

/**
 * SCIM filters (RFC 7644 section 3.4.2.2), parsed by scim2-parse-filter (docs/decisions/023). The
 * attributes a resource may be filtered on are named per resource; any other is 400 invalidFilter, as
 * is a filter that does not parse. String comparisons ignore case: the attributes offered are all
 * `caseExact: false` in RFC 7643 except `id` and `externalId`, which compare exactly.
 */
export function parseScimFilter(text: string, filterable: ReadonlySet<string>): Filter {
  if (text.length > 2000) throw new ScimError(400, 'The filter is longer than 2000 characters', 'invalidFilter');
  let filter: Filter;
  try {
    filter = parse(text);
  } catch {
    throw new ScimError(400, `The filter does not parse: ${text.slice(0, 200)}`, 'invalidFilter');
  }
  checkAttributes(filter, filterable, '');
  return filter;
}

function checkAttributes(filter: Filter, filterable: ReadonlySet<string>, prefix: string): void {
  switch (filter.op) {
    case 'and':
    case 'or':
      for (const part of filter.filters) checkAttributes(part, filterable, prefix);
      return;
    case 'not':
      checkAttributes(filter.filter, filterable, prefix);
      return;
    case '[]':
      checkAttributes(filter.valFilter, filterable, `${prefix}${bare(filter.attrPath)}.`);
      return;
    default: {
      const path = `${prefix}${bare(filter.attrPath)}`.toLowerCase();
      if (!filterable.has(path)) throw new ScimError(400, `Filtering on "${filter.attrPath.slice(0, 100)}" is not supported`, 'invalidFilter');
    }
  }
}

/** The attribute path without the core schema's URN prefix (`urn:…:User:userName` is `userName`). */
function bare(path: string): string {
  const colon = path.lastIndexOf(':');
  return colon === -1 ? path : path.slice(colon + 1);
}

const EXACT = new Set(['id', 'externalid']);

class ScimTester extends Tester {
  #exact = false;
  override attrTest(path: string[], r: unknown, op: (value: unknown) => boolean): boolean {
    if (path.length === 1) this.#exact = EXACT.has(path[0]!.toLowerCase());
    return super.attrTest(path, r, op);
  }
  #fold(value: unknown): unknown {
    return typeof value === 'string' && !this.#exact ? value.toLowerCase() : value;
  }
  override eq(r: unknown, v: unknown): boolean {
    return this.#fold(r) === this.#fold(v);
  }
  override ne(r: unknown, v: unknown): boolean {
    return this.#fold(r) !== this.#fold(v);
  }
  override co(r: unknown, v: unknown): boolean {
    return typeof r === 'string' && typeof v === 'string' && (this.#fold(r) as string).includes(this.#fold(v) as string);
  }
  override sw(r: unknown, v: unknown): boolean {
    return typeof r === 'string' && typeof v === 'string' && (this.#fold(r) as string).startsWith(this.#fold(v) as string);
  }
  override ew(r: unknown, v: unknown): boolean {
    return typeof r === 'string' && typeof v === 'string' && (this.#fold(r) as string).endsWith(this.#fold(v) as string);
  }
}

/** A predicate for resources as they are answered. */
export function matcherOf(filter: Filter): (resource: unknown) => boolean {
  const tester = new ScimTester();
  return (resource) => tester.test(resource, filter);
}

/** `attr eq "value"` on one of `attributes` (any case), as Entra and Okta look a resource up: its value, else null. */
export function equalityOn(filter: Filter, attribute: string): string | null {
  return filter.op === 'eq' && bare(filter.attrPath).toLowerCase() === attribute.toLowerCase() && typeof filter.compValue === 'string'
    ? filter.compValue
    : null;
}
