/**
 * A faster parse for the contract's plain shapes, made from the zod schemas themselves (no second
 * description to keep in step). zod runs here without its compiler (the portal's CSP forbids eval);
 * interpreted, it costs about 17 µs per alarm row, and a table's opening parses 5,000 rows and 10,000
 * sites. For objects, arrays, strings, numbers, booleans, enums, literals, nullable and optional (with
 * length, integer and range checks), a checker of closures does the same work; anything else in a
 * schema (defaults, unions, transforms, refinements, other checks) leaves the whole schema to zod.
 *
 * The checker only ever accepts: when it cannot decide, or the input is wrong, zod parses the input
 * and gives its answer and its messages. What it accepts, zod accepts with the same output (tested
 * against zod in test/fastCheck.test.ts).
 */
import type * as z from 'zod/mini';

/** The parsed value, or REJECT: let zod decide (and word the error). */
type Check = (input: unknown) => unknown;
const REJECT = Symbol('reject');

interface ZodNode {
  _zod: { def: { type: string; checks?: { _zod: { def: Record<string, unknown> } }[]; [key: string]: unknown } };
}

/** A string's length checks as zod counts them (code points when units alone do not decide). */
function stringLengthCheck(def: Record<string, unknown>): ((value: string) => boolean) | null {
  if (def.check === 'min_length' && typeof def.minimum === 'number') {
    const minimum = def.minimum;
    // Every code point takes one or two units: ceil(units / 2) code points at least.
    return (value) => Math.ceil(value.length / 2) >= minimum;
  }
  if (def.check === 'max_length' && typeof def.maximum === 'number') {
    const maximum = def.maximum;
    return (value) => value.length <= maximum;
  }
  return null;
}

function numberCheck(def: Record<string, unknown>): ((value: number) => boolean) | null {
  if (def.check === 'number_format' && def.format === 'safeint') return Number.isSafeInteger;
  if ((def.check === 'greater_than' || def.check === 'less_than') && typeof def.value === 'number') {
    const bound = def.value;
    const inclusive = def.inclusive === true;
    if (def.check === 'greater_than') return inclusive ? (value) => value >= bound : (value) => value > bound;
    return inclusive ? (value) => value <= bound : (value) => value < bound;
  }
  return null;
}

function arrayLengthCheck(def: Record<string, unknown>): ((value: readonly unknown[]) => boolean) | null {
  if (def.check === 'min_length' && typeof def.minimum === 'number') {
    const minimum = def.minimum;
    return (value) => value.length >= minimum;
  }
  if (def.check === 'max_length' && typeof def.maximum === 'number') {
    const maximum = def.maximum;
    return (value) => value.length <= maximum;
  }
  return null;
}

/** Every check of a node through `make`, or null when one of them is not known here. */
function checksOf<T>(node: ZodNode, make: (def: Record<string, unknown>) => ((value: T) => boolean) | null): ((value: T) => boolean)[] | null {
  const made = (node._zod.def.checks ?? []).map((check) => make(check._zod.def));
  return made.every((check) => check !== null) ? (made as ((value: T) => boolean)[]) : null;
}

/**
 * Kinds whose definition says more than its type: a format (`z.int()`, `z.email()`, `z.uuid()`,
 * `z.iso.datetime()` are their own check, outside `checks`), coercion, or zod's exact optional.
 */
function saysMore(node: ZodNode): boolean {
  const def = node._zod.def;
  return def.format !== undefined || def.check !== undefined || def.coerce === true || (node._zod as { traits?: Set<string> }).traits?.has('$ZodExactOptional') === true;
}

function build(node: ZodNode): Check | null {
  const def = node._zod.def;
  if (saysMore(node)) return null;
  switch (def.type) {
    case 'string': {
      const checks = checksOf(node, stringLengthCheck);
      if (!checks) return null;
      return (input) => (typeof input === 'string' && checks.every((check) => check(input)) ? input : REJECT);
    }
    case 'number': {
      const checks = checksOf(node, numberCheck);
      if (!checks) return null;
      return (input) => (typeof input === 'number' && Number.isFinite(input) && checks.every((check) => check(input)) ? input : REJECT);
    }
    case 'boolean':
      return (def.checks ?? []).length === 0 ? (input) => (typeof input === 'boolean' ? input : REJECT) : null;
    case 'enum': {
      // Text values only: a TypeScript enum's numbers come with reverse keys zod leaves out.
      const values = Object.values(def.entries as Record<string, unknown>);
      if ((def.checks ?? []).length > 0 || !values.every((value) => typeof value === 'string')) return null;
      const allowed = new Set<unknown>(values);
      return (input) => (allowed.has(input) ? input : REJECT);
    }
    case 'literal': {
      const values = new Set(def.values as unknown[]);
      // undefined among the values makes a key optional in zod's eyes: zod's business.
      return (def.checks ?? []).length === 0 && !values.has(undefined) ? (input) => (values.has(input) ? input : REJECT) : null;
    }
    case 'nullable':
    case 'optional': {
      const inner = (def.checks ?? []).length === 0 ? build(def.innerType as ZodNode) : null;
      if (!inner) return null;
      const empty = def.type === 'nullable' ? null : undefined;
      return (input) => (input === empty ? input : inner(input));
    }
    case 'array': {
      const element = build(def.element as ZodNode);
      const checks = checksOf(node, arrayLengthCheck);
      if (!element || !checks) return null;
      return (input) => {
        if (!Array.isArray(input) || !checks.every((check) => check(input))) return REJECT;
        let out: unknown[] | null = null; // a copy only once an element comes out different
        for (let index = 0; index < input.length; index += 1) {
          const item = element(input[index]);
          if (item === REJECT) return REJECT;
          if (item !== input[index]) (out ??= input.slice(0, index)).push(item);
          else out?.push(item);
        }
        return out ?? input;
      };
    }
    case 'object': {
      if ((def.checks ?? []).length > 0 || def.catchall !== undefined) return null;
      const fields: { key: string; check: Check; optional: boolean }[] = [];
      for (const [key, field] of Object.entries(def.shape as Record<string, ZodNode>)) {
        const check = build(field);
        const optional = field._zod.def.type === 'optional';
        // zod decides a key's optionality by what its schema lets in (z.nullable(z.optional(…)) too):
        // only a plain optional is read that way here.
        const optIn = (field._zod as { optin?: string }).optin === 'optional';
        if (!check || optional !== optIn) return null;
        fields.push({ key, check, optional });
      }
      /** Fields [0, end) of `record`, as zod would put them out (all of them unchanged). */
      const copy = (record: Record<string, unknown>, end: number) => {
        const out: Record<string, unknown> = {};
        for (const field of fields.slice(0, end)) {
          if (record[field.key] !== undefined || !field.optional || field.key in record) out[field.key] = record[field.key];
        }
        return out;
      };
      return (input) => {
        if (typeof input !== 'object' || input === null || Array.isArray(input)) return REJECT;
        const record = input as Record<string, unknown>;
        // Parsed JSON is nobody else's: while nothing is changed or left out the input is the answer
        // (zod would copy it, and 10,000 copies are garbage to collect); a copy starts at the first change.
        let out: Record<string, unknown> | null = null;
        let kept = 0;
        for (let index = 0; index < fields.length; index += 1) {
          const field = fields[index]!;
          const value = record[field.key];
          // zod leaves out an optional key the input does not have (and keeps one set to undefined).
          if (value === undefined && field.optional) {
            if (field.key in record) {
              kept += 1;
              if (out) out[field.key] = undefined;
            }
            continue;
          }
          const parsed = field.check(value);
          if (parsed === REJECT) return REJECT;
          kept += 1;
          if (parsed !== value && !out) out = copy(record, index);
          if (out) out[field.key] = parsed;
        }
        if (out) return out;
        return Object.getPrototypeOf(record) === Object.prototype && Object.keys(record).length === kept ? record : copy(record, fields.length);
      };
    }
    default:
      return null;
  }
}

const built = new WeakMap<object, Check | null>();

/** zod's safeParse, answered by the checker when it accepts the input. */
export function safeParseContract<T>(schema: z.ZodMiniType<T>, input: unknown): { success: true; data: T } | { success: false; error: z.core.$ZodError } {
  let check = built.get(schema);
  if (check === undefined) {
    check = build(schema as unknown as ZodNode);
    built.set(schema, check);
  }
  if (check) {
    const data = check(input);
    if (data !== REJECT) return { success: true, data: data as T };
  }
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: result.data } : { success: false, error: result.error };
}

/** zod's parse (throws zod's error), answered by the checker when it accepts the input. */
export function parseContract<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = safeParseContract(schema, input);
  if (!result.success) throw result.error;
  return result.data;
}
