import fc from 'fast-check';
import type { z } from 'zod';

// fast-check arbitraries from the contract's zod 4 schemas, for fuzzing the routes (fuzz.test.ts).
// Each schema gives values of its own shape (strings matching its pattern, numbers inside its
// bounds, its enum's members, its objects' keys) mixed with what an attacker sends instead:
// boundary values, wrong types, huge strings, NUL bytes, lone surrogates, right-to-left
// overrides, and `__proto__` / `constructor` keys. Whether a value is valid is not decided
// here: the test asks the schema itself.

/** Strings the edge must survive wherever text goes. */
export const hostileStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\u202Eevil\u202C',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999999',
  '9999999999999999.99',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'e\u0301',
  '🙂'.repeat(40),
] as const;

const hugeString = fc.integer({ min: 1_000, max: 30_000 }).map((length) => 'x'.repeat(length));

/** Any JSON value of a few levels: what a wrong type looks like. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...hostileStrings),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
);

const hostileNumbers = [0, -0, -1, 1, 0.5, -0.5, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE] as const;

type Def = { type: string; [key: string]: unknown };
type CheckDef = { check: string; [key: string]: unknown };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] =>
  ((def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? []).map((check) => check._zod.def);

/** Own data properties, so "__proto__" stays a key that JSON.stringify writes. */
function objectFrom(entries: [string, unknown][]): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    if (value === undefined) continue;
    Object.defineProperty(result, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

function stringArbitrary(def: Def, hostile: boolean): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 40;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = check.minimum as number;
    if (check.check === 'max_length') maxLength = check.maximum as number;
    if (check.check === 'length_equals') minLength = maxLength = check.length as number;
    if (check.check === 'string_format' && check.pattern instanceof RegExp) pattern = check.pattern;
  }
  const shaped = pattern
    ? fc.stringMatching(pattern).filter((text) => text.length <= Math.max(maxLength, 1) + 2)
    : fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength, maxLength: Math.min(Math.max(maxLength, minLength), 80), unit: 'grapheme' }) },
        // Free text is often a number on the wire (amounts "5000.00", ids "3"): without these the fuzz would stop at the first rule.
        { weight: 2, arbitrary: fc.tuple(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 99 })).map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map(String) },
      );
  if (!hostile) return shaped;
  const boundary = fc.constantFrom('a'.repeat(Math.min(maxLength + 1, 20_000)), 'a'.repeat(Math.max(minLength - 1, 0)));
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: boundary }, { weight: 2, arbitrary: fc.constantFrom(...hostileStrings) }, { weight: 1, arbitrary: hugeString });
}

function numberArbitrary(def: Def, hostile: boolean): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = (check.value as number) + (check.inclusive ? 0 : 1);
    if (check.check === 'less_than') max = (check.value as number) - (check.inclusive ? 0 : 1);
    if (check.check === 'number_format' && String(check.format).includes('int')) integer = true;
  }
  const low = Math.max(min, -Number.MAX_SAFE_INTEGER);
  const high = Math.min(Math.max(max, low), Number.MAX_SAFE_INTEGER);
  const shaped = integer
    ? fc.oneof(fc.integer({ min: Math.ceil(low), max: Math.floor(high) }), fc.integer({ min: Math.max(Math.ceil(low), 1), max: Math.max(Math.min(Math.floor(high), 20), Math.ceil(low)) }))
    : fc.double({ min: low, max: high, noNaN: true });
  if (!hostile) return shaped;
  return fc.oneof({ weight: 6, arbitrary: shaped }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, min, max) }, { weight: 2, arbitrary: fc.constantFrom(...hostileNumbers) });
}

function objectArbitrary(def: Def, depth: number, hostile: boolean): fc.Arbitrary<Record<string, unknown>> {
  const shape = def.shape as Record<string, z.ZodType>;
  const fields = Object.entries(shape).map(([key, schema]) =>
    fc.tuple(fc.constant(key), hostile ? fc.oneof({ weight: 8, arbitrary: arbitraryOf(schema, depth + 1) }, { weight: 1, arbitrary: fc.constant(undefined) }) : validishArbitraryOf(schema, depth + 1)),
  );
  if (!hostile) return fc.tuple(...fields).map((known) => objectFrom(known as [string, unknown][]));
  const extraKey = fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype', 'extra\u0000', '\u202Ekey', 'k\uD800'), wrongType);
  return fc
    .tuple(fc.tuple(...fields), fc.array(extraKey, { maxLength: 2 }))
    .map(([known, extra]) => objectFrom([...(known as [string, unknown][]), ...extra]));
}

/** An arbitrary of values shaped like `schema`, with the hostile ones mixed in at every level. */
export function arbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  const shaped = shapedArbitrary(schema, depth, true);
  return fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: wrongType });
}

/** Values shaped like `schema` with nothing hostile in them: most pass the schema, so the handler's own rules are reached. */
export function validishArbitraryOf(schema: z.ZodType, depth = 0): fc.Arbitrary<unknown> {
  return shapedArbitrary(schema, depth, false);
}

/** One leaf of `value` (or a new key beside them) replaced by `replacement`: a valid body with a single hostile field. */
export function withOneLeafReplaced(value: unknown, leafChoice: number, replacement: unknown): unknown {
  const leaves: string[][] = [];
  const walk = (node: unknown, path: string[]) => {
    if (node !== null && typeof node === 'object') {
      const keys = Object.keys(node);
      if (keys.length === 0) leaves.push(path);
      for (const key of keys) walk((node as Record<string, unknown>)[key], [...path, key]);
    } else leaves.push(path);
  };
  walk(value, []);
  const path = leaves[leafChoice % leaves.length] ?? [];
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  Object.defineProperty(node, path.at(-1)!, { value: replacement, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** What a body of `schema` looks like from a client that means well, from one that sends one bad field, and from one that sends anything. */
export function bodyArbitraryOf(schema: z.ZodType): fc.Arbitrary<unknown> {
  const validish = validishArbitraryOf(schema);
  const hostile = fc.oneof(wrongType, fc.constantFrom(...hostileStrings), hugeString);
  return fc.oneof(
    { weight: 4, arbitrary: validish },
    { weight: 4, arbitrary: fc.tuple(validish, fc.nat(), hostile).map(([body, leaf, replacement]) => withOneLeafReplaced(body, leaf, replacement)) },
    { weight: 2, arbitrary: arbitraryOf(schema) },
  );
}

function shapedArbitrary(schema: z.ZodType, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: z.ZodType, childDepth: number) => (hostile ? arbitraryOf(child, childDepth) : validishArbitraryOf(child, childDepth));
  // Recursion stops at depth 6: no command nests deeper, and the values stay small.
  if (depth > 6) return wrongType;
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, hostile);
    case 'number':
      return numberArbitrary(def, hostile);
    case 'int':
      return numberArbitrary(def, hostile);
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt().map((value) => value.toString());
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'enum':
      return hostile
        ? fc.oneof(fc.constantFrom(...Object.values(def.entries as Record<string, unknown>)), fc.constantFrom('NOT_A_MEMBER', 'ADMIN', ''))
        : fc.constantFrom(...Object.values(def.entries as Record<string, unknown>));
    case 'object':
      return objectArbitrary(def, depth, hostile);
    case 'array': {
      const maxLength = Math.min(...checksOf(def).filter((check) => check.check === 'max_length').map((check) => check.maximum as number), 6);
      const items = fc.array(inner(def.element as z.ZodType, depth + 1), { maxLength: hostile ? maxLength + 1 : maxLength });
      return hostile ? fc.oneof(items, fc.constant(Array.from({ length: 2_000 }, () => 1))) : items;
    }
    case 'tuple':
      return fc.tuple(...(def.items as z.ZodType[]).map((item) => inner(item, depth + 1)));
    case 'record':
      return fc
        .array(fc.tuple(inner(def.keyType as z.ZodType, depth + 1).map(String), inner(def.valueType as z.ZodType, depth + 1)), { maxLength: 4 })
        .map(objectFrom);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => inner(option, depth + 1)));
    case 'intersection':
      return fc.tuple(inner(def.left as z.ZodType, depth + 1), inner(def.right as z.ZodType, depth + 1)).map(([left, right]) =>
        left && right && typeof left === 'object' && typeof right === 'object' ? { ...left, ...right } : left,
      );
    case 'optional':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType as z.ZodType, depth) }, { weight: 1, arbitrary: fc.constant(undefined) });
    case 'nullable':
      return fc.oneof({ weight: 4, arbitrary: inner(def.innerType as z.ZodType, depth) }, { weight: 1, arbitrary: fc.constant(null) });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType as z.ZodType, depth);
    case 'pipe':
      // The input side is what a client sends; a transform's output is the server's business.
      return defOf(def.in as z.ZodType).type === 'transform' ? inner(def.out as z.ZodType, depth) : inner(def.in as z.ZodType, depth);
    case 'lazy':
      return inner((def.getter as () => z.ZodType)(), depth + 1);
    default:
      // any, unknown, custom, date, transform …: anything JSON can carry.
      return hostile ? wrongType : fc.constant(null);
  }
}
