import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import * as contract from '../src/contract/index.js';
import { alarmUpdate, listControllersResponse } from '../src/contract/index.js';
import { parseContract, safeParseContract } from '../src/contract/fastCheck.js';

/** The contract checker against zod itself: same verdict, same output, on valid and broken input. */

/** A seeded generator, so a failure comes back the same on the next run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const ODD_VALUES: unknown[] = [null, undefined, '', 'x', '😀', '😀😀😀', 'a'.repeat(300), 0, -1, 1.5, 2 ** 60, NaN, Infinity, true, false, [], {}, [1], { a: 1 }];

/** `value` with one change somewhere inside: a key removed, added or replaced, an item dropped. */
function mutate(value: unknown, next: () => number): unknown {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  if (Array.isArray(value)) {
    if (value.length === 0 || next() < 0.2) return next() < 0.5 ? pick(ODD_VALUES) : [...value, pick(ODD_VALUES)];
    const index = Math.floor(next() * value.length);
    const copy = [...value];
    if (next() < 0.2) copy.splice(index, 1);
    else copy[index] = mutate(copy[index], next);
    return copy;
  }
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const roll = next();
    if (roll < 0.15 || keys.length === 0) copy[pick(['extra', '__proto__', 'constructor', 'id'])] = pick(ODD_VALUES);
    else if (roll < 0.3) delete copy[pick(keys)];
    else {
      const key = pick(keys);
      copy[key] = mutate(copy[key], next);
    }
    return copy;
  }
  return pick(ODD_VALUES);
}

function expectSameAsZod(schema: z.ZodMiniType, input: unknown): void {
  const clone = structuredClone(input);
  const zod = schema.safeParse(clone);
  const fast = safeParseContract(schema, structuredClone(input));
  expect(fast.success).toBe(zod.success);
  if (zod.success && fast.success) {
    expect(fast.data).toStrictEqual(zod.data);
    expect(JSON.stringify(fast.data)).toBe(JSON.stringify(zod.data)); // same keys in the same order
  } else if (!fast.success && !zod.success) {
    expect(fast.error.issues).toEqual(zod.error.issues); // zod words the error
  }
}

const alarmRowSample = {
  id: 'a1', alarmGroup: 'A', site: 'Oslo', siteUuid: 's1', tagName: 'RT401', active: '2025-01-15T08:05:00.000Z', inactive: null,
  text: 'Høy temperatur', value: '31 °C', acknowledgedBy: null, alarmType: 'limit', acknowledgedAt: null, ackComment: 'sjekket', shelvedBy: null,
};
const alarmUpdateSample = { siteUuid: 's1', rows: [alarmRowSample, { ...alarmRowSample, id: 'a2', inactive: '2025-01-15T09:00:00.000Z' }], total: 2, latestTimestamp: 1736928300000, unchanged: false };
const sitesSample = {
  data: [
    { uuid: 's1', name: 'Oslo Vannverk', hostname: 'oslo.sites.varde.test', version: '4.0', webpmpReady: true, latitude: 59.9, longitude: 10.7 },
    { uuid: 's2', name: 'Bergen Skole', hostname: 'bergen.sites.varde.test', version: '3.2', webpmpReady: null, latitude: 60.4, longitude: 5.3, rules: 2 },
  ],
};

/** Every kind the checker knows, with each kind of check. */
const everyKind = z.object({
  text: z.string().check(z.minLength(2), z.maxLength(4)),
  count: z.number().check(z.int(), z.minimum(0), z.maximum(10)),
  ratio: z.number().check(z.gt(0), z.lt(1)),
  flag: z.boolean(),
  kind: z.enum(['x', 'y']),
  fixed: z.literal('p'),
  maybe: z.nullable(z.string()),
  later: z.optional(z.nullable(z.number())),
  list: z.array(z.object({ id: z.string() })).check(z.minLength(1), z.maxLength(3)),
});
const everyKindSample = { text: 'abc', count: 3, ratio: 0.5, flag: true, kind: 'x', fixed: 'p', maybe: null, later: 4, list: [{ id: 'i' }] };

describe('the contract checker', () => {
  it.each([
    ['alarmUpdate', alarmUpdate, alarmUpdateSample],
    ['listControllersResponse', listControllersResponse, sitesSample],
    ['every kind it knows', everyKind, everyKindSample],
  ] as const)('%s: the same verdict and output as zod, for the sample and 3,000 changes of it', (_name, schema, sample) => {
    expectSameAsZod(schema, sample);
    const next = random(20261125);
    for (let run = 0; run < 3000; run += 1) {
      let input: unknown = sample;
      for (let changes = 1 + Math.floor(next() * 3); changes > 0; changes -= 1) input = mutate(input, next);
      expectSameAsZod(schema, input);
    }
  });

  it('answers valid JSON without copying it (the point of it), and copies what zod would change', () => {
    const input = structuredClone(alarmUpdateSample);
    expect(safeParseContract(alarmUpdate, input)).toEqual({ success: true, data: input });
    expect(parseContract(alarmUpdate, input)).toBe(input);
    const withExtra = { ...structuredClone(alarmUpdateSample), extra: 1 };
    const parsed = parseContract(alarmUpdate, withExtra);
    expect(parsed).not.toBe(withExtra);
    expect(parsed).not.toHaveProperty('extra');
    expect(parsed.rows).toBe(withExtra.rows); // the rows needed nothing left out
  });

  it('leaves a schema with kinds it does not know (defaults, unions, refinements) to zod', () => {
    const other = z.object({
      mode: z._default(z.string(), 'auto'),
      either: z.union([z.string(), z.number()]),
      even: z.number().check(z.refine((value) => value % 2 === 0)),
    });
    const input = { either: 1, even: 2 };
    expect(parseContract(other, input)).toEqual({ mode: 'auto', either: 1, even: 2 });
    expect(() => parseContract(other, { either: 1, even: 3 })).toThrow();
  });

  it('leaves formats, coercion and zod\'s own optionality rules to zod', () => {
    const cases: [z.ZodMiniType, unknown[]][] = [
      [z.int(), [1, 1.5, 2 ** 60]],
      [z.email(), ['a@b.no', 'nope']],
      [z.object({ id: z.uuid() }), [{ id: 'nope' }, { id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301' }]],
      [z.iso.datetime(), ['2025-01-15T08:05:00Z', 'yesterday']],
      [z.coerce.number(), ['12', 12, 'x']],
      [z.object({ a: z.nullable(z.optional(z.string())), b: z.optional(z.string()) }), [{ zzz: 1 }, { b: 'x' }, { a: null }, {}]],
      [z.object({ a: z.literal(undefined) }), [{}, { a: undefined }]],
      [z.object({ a: z.exactOptional(z.string()) }), [{}, { a: undefined }, { a: 'x' }]],
      [z.array(z.exactOptional(z.string())), [[undefined], ['x']]],
    ];
    for (const [schema, inputs] of cases) for (const input of inputs) expectSameAsZod(schema, input);
  });

  it('gives the same verdict as zod for every schema of the contract on empty and odd input', () => {
    const schemas = (Object.values(contract) as unknown[]).filter((value): value is z.ZodMiniType => typeof value === 'object' && value !== null && '_zod' in value);
    expect(schemas.length).toBeGreaterThan(50);
    for (const schema of schemas) for (const input of [{}, [], null, 'x', 0, { data: [] }, { data: {} }]) expectSameAsZod(schema, input);
  });
});
