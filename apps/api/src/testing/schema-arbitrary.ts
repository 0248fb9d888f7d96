/**
 * fast-check arbitraries read from the contract's valibot schemas, for the
 * generated suites of issue 25 (docs/decisions/0105): values shaped like a
 * schema's input (`schemaArbitrary`), one that passes it (`validSample`),
 * and hostile variants of them (`hostileArbitrary`: wrong types, huge and
 * odd text, deep nesting, prototype keys, numbers out of range). The
 * schema objects are walked as valibot builds them (`type`, `entries`,
 * `wrapped`, `options`, `pipe`), so every body, query and path schema of
 * the contract has an arbitrary the day it is added; a schema type this
 * walk does not know is an error naming it.
 */
import fc from 'fast-check';
import * as v from 'valibot';

/** A valibot schema or action as this walk reads it. */
interface Node {
  kind: 'schema' | 'validation' | 'transformation' | 'metadata';
  type: string;
  requirement?: unknown;
  pipe?: readonly Node[];
  entries?: Record<string, Node>;
  wrapped?: Node;
  item?: Node;
  items?: readonly Node[];
  options?: readonly unknown[];
  literal?: unknown;
  key?: Node;
  value?: Node;
  enum?: Record<string, unknown>;
  getter?: (input: unknown) => Node;
}

/** How the strings and numbers of one pipe are bounded. */
interface Bounds {
  regex?: RegExp;
  minLength: number;
  maxLength: number;
  min?: number;
  max?: number;
  integer: boolean;
  /** A known text format: `email`, `iso_date`, `iso_timestamp`, `uuid`. */
  format?: string;
  /** Validations after a transformation that make the text a number. */
  numericText: boolean;
}

function boundsOf(pipe: readonly Node[]): Bounds {
  const bounds: Bounds = {
    minLength: 0,
    maxLength: 60,
    integer: false,
    numericText: false,
  };
  let transformed = false;
  // A schema in the pipe with a pipe of its own (a shared field schema
  // after a trim) bounds the text as if its actions were written here.
  const actions = pipe.flatMap((action) =>
    action.kind === 'schema' && action.pipe ? action.pipe : [action],
  );
  for (const action of actions) {
    if (action.kind === 'transformation' && action.type === 'transform') {
      transformed = true;
      continue;
    }
    if (action.kind !== 'validation' && action.kind !== 'schema') continue;
    const requirement = action.requirement;
    switch (action.type) {
      case 'regex':
        // fast-check draws from case-sensitive patterns only; what the
        // pattern matches without `i` it matches with it.
        if (!transformed) bounds.regex ??= caseSensitive(requirement as RegExp);
        break;
      case 'min_length':
      case 'non_empty':
        bounds.minLength = Math.max(
          bounds.minLength,
          typeof requirement === 'number' ? requirement : 1,
        );
        break;
      case 'max_length':
        bounds.maxLength = Math.min(bounds.maxLength, requirement as number);
        break;
      case 'length':
        bounds.minLength = bounds.maxLength = requirement as number;
        break;
      case 'min_value':
      case 'gt_value':
        if (typeof requirement === 'number') {
          bounds.min = requirement + (action.type === 'gt_value' ? 1e-6 : 0);
          bounds.numericText ||= transformed;
        }
        break;
      case 'max_value':
      case 'lt_value':
        if (typeof requirement === 'number') {
          bounds.max = requirement;
          bounds.numericText ||= transformed;
        }
        break;
      case 'integer':
        bounds.integer = true;
        bounds.numericText ||= transformed;
        break;
      case 'email':
      case 'iso_date':
      case 'iso_timestamp':
      case 'uuid':
        bounds.format ??= action.type;
        break;
    }
  }
  return bounds;
}

const DAY = fc
  .date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2027-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

function stringArbitrary(bounds: Bounds): fc.Arbitrary<string> {
  const fit = (arbitrary: fc.Arbitrary<string>) =>
    arbitrary.filter(
      (text) =>
        text.length >= bounds.minLength && text.length <= bounds.maxLength,
    );
  const choices: fc.Arbitrary<string>[] = [];
  if (bounds.format === 'uuid') choices.push(fc.uuid());
  else if (bounds.format === 'email')
    choices.push(
      fc
        .tuple(
          fc.stringMatching(/^[a-z][a-z0-9.]{0,12}$/),
          fc.constantFrom('example.test', 'pact.test', 'mail.example'),
        )
        .map(([local, domain]) => `${local}@${domain}`),
    );
  else if (bounds.format === 'iso_date')
    choices.push(DAY.map((iso) => iso.slice(0, 10)));
  else if (bounds.format === 'iso_timestamp') choices.push(DAY);
  else if (bounds.regex) choices.push(fit(fc.stringMatching(bounds.regex)));
  else
    choices.push(
      fc
        .string({
          minLength: bounds.minLength,
          maxLength: Math.max(bounds.minLength, Math.min(bounds.maxLength, 40)),
        })
        .filter((text) => text.trim().length >= bounds.minLength),
    );
  if (bounds.numericText) {
    // Text the pipe turns into a number: small values reach real records.
    const min = Math.ceil(bounds.min ?? 0);
    const max = Math.floor(Math.min(bounds.max ?? 400, min + 400));
    choices.push(fc.integer({ min, max }).map(String));
  }
  return fc.oneof(...choices);
}

function numberArbitrary(bounds: Bounds): fc.Arbitrary<number> {
  const min = bounds.min ?? -1_000;
  const max = bounds.max ?? Math.max(min, 0) + 100_000;
  return bounds.integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** A part of a schema the walk needs, or an error naming the schema that lacks it. */
function part<T>(node: Node, value: T | undefined, name: string): T {
  if (value === undefined)
    throw new Error(
      `schemaArbitrary: a "${node.type}" schema without its ${name}.`,
    );
  return value;
}

function isOptional(node: Node): boolean {
  return (
    node.type === 'optional' ||
    node.type === 'nullish' ||
    node.type === 'exact_optional' ||
    node.type === 'undefinedable'
  );
}

/**
 * An arbitrary of values shaped like `schema`'s input: the right types,
 * keys, picklist words, lengths, patterns and ranges where the schema
 * says them. Checks (`v.check`) and cross-field rules are not read, so a
 * value may still fail the schema: {@link validSample} keeps those that pass.
 */
export function schemaArbitrary(
  schema: v.GenericSchema,
): fc.Arbitrary<unknown> {
  return arbitraryOf(schema as unknown as Node);
}

function arbitraryOf(node: Node): fc.Arbitrary<unknown> {
  const pipe = node.pipe ?? [node];
  const root = pipe[0] ?? node;
  const bounds = boundsOf(pipe);
  switch (root.type) {
    case 'string':
      return stringArbitrary(bounds);
    case 'number':
      return numberArbitrary(bounds);
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(root.literal);
    case 'picklist':
      return fc.constantFrom(...(root.options ?? []));
    case 'enum':
      return fc.constantFrom(...Object.values(root.enum ?? {}));
    case 'null':
      return fc.constant(null);
    case 'undefined':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return fc.option(
        arbitraryOf(part(root, root.wrapped, 'wrapped schema')),
        { nil: undefined },
      );
    case 'nullable':
      return fc.option(
        arbitraryOf(part(root, root.wrapped, 'wrapped schema')),
        { nil: null },
      );
    case 'nullish':
      return fc.oneof(
        arbitraryOf(part(root, root.wrapped, 'wrapped schema')),
        fc.constant(null),
        fc.constant(undefined),
      );
    case 'object':
    case 'strict_object':
    case 'loose_object': {
      const entries = root.entries ?? {};
      const shapes = Object.fromEntries(
        Object.entries(entries).map(([key, entry]) => [
          key,
          isOptional(entry)
            ? arbitraryOf(part(entry, entry.wrapped, 'wrapped schema'))
            : arbitraryOf(entry),
        ]),
      );
      const requiredKeys = Object.keys(entries).filter(
        (key) => !isOptional(part(root, entries[key], key)),
      );
      return fc.record(shapes, { requiredKeys });
    }
    case 'array':
      return fc.array(arbitraryOf(part(root, root.item, 'item')), {
        minLength: bounds.minLength,
        maxLength: Math.max(bounds.minLength, Math.min(bounds.maxLength, 4)),
      });
    case 'tuple':
    case 'strict_tuple':
      return fc.tuple(...(root.items ?? []).map(arbitraryOf));
    case 'record':
      return fc.dictionary(
        arbitraryOf(part(root, root.key, 'key')) as fc.Arbitrary<string>,
        arbitraryOf(part(root, root.value, 'value')),
        { maxKeys: 3 },
      );
    case 'union':
    case 'variant':
      return fc.oneof(...(root.options as Node[]).map(arbitraryOf));
    case 'lazy':
      return fc
        .constant(undefined)
        .chain(() => arbitraryOf(part(root, root.getter, 'getter')(undefined)));
    default:
      throw new Error(
        `schemaArbitrary: the valibot schema type "${root.type}" is not known to this walk; add it to apps/api/src/testing/schema-arbitrary.ts.`,
      );
  }
}

/**
 * A value `schema` accepts, drawn deterministically from `seed`: the first
 * of up to 300 values of {@link schemaArbitrary} that passes it, with
 * values no longer than a third of the arbitrary's tries preferred
 * (fast-check's bias). Throws when none passes, naming the schema's issue.
 */
export function validSample<S extends v.GenericSchema>(
  schema: S,
  seed = 25,
): v.InferInput<S> {
  const values = fc.sample(schemaArbitrary(schema), { seed, numRuns: 300 });
  let issues = 'no value';
  for (const value of values) {
    const result = v.safeParse(schema, value);
    if (result.success) return value as v.InferInput<S>;
    issues = v.summarize(result.issues);
  }
  throw new Error(
    `validSample: no value of 300 passed the schema (${issues}).`,
  );
}

/* ------------------------------------------------------------------ */
/* Hostile values                                                      */
/* ------------------------------------------------------------------ */

/** Text no form sends: control characters, lone surrogates, direction marks, huge. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Egnp.exe',
    '\u200B\u200D\uFEFF',
    '𝕏😀👩‍👩‍👧‍👦',
    'e\u0301\u0301\u0301',
    'Ａ１',
    '../../etc/passwd',
    '%00%2e%2e',
    "'; DROP TABLE users; --",
    '<script>alert(1)</script>',
    '=cmd|"/c calc"!A1',
    '${7*7}{{7*7}}',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x1F',
    ' 1 ',
    '1.0',
    '-1',
    '0',
    '9'.repeat(40),
    '__proto__',
    'constructor',
    // Calendar text no database reads: year 0, a day that does not exist.
    '0000',
    '0000-01',
    '0000-01-01',
    '2026-02-30',
    '0000-01-01T00:00:00Z',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc
    .constantFrom(1_025, 10_000, 100_000, 300_000)
    .map((length) => 'x'.repeat(length)),
);

/** A number no schema allows: out of every range, fractional, negative, unsafe. */
export const hostileNumber: fc.Arbitrary<number> = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  Number.MAX_SAFE_INTEGER,
);

/** An object nested `depth` levels deep: `{ a: { a: … } }`. */
function nested(depth: number, leaf: unknown = 1): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i += 1) value = { a: value };
  return value;
}

/**
 * A JSON value of the wrong kind, or a shape no schema expects: wrong
 * types, huge and odd text, out-of-range numbers, deep nesting, big arrays
 * and objects whose keys are `__proto__`, `constructor` and `prototype`.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [[[]]]),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(50, 1_000, 3_000).map((depth) => nested(depth)),
  fc
    .constantFrom(1_000, 50_000)
    .map((n) => Array.from({ length: n }, (_, i) => i)),
  fc.constantFrom(
    JSON.parse('{"__proto__":{"polluted":"yes"}}'),
    JSON.parse('{"constructor":{"prototype":{"polluted":"yes"}}}'),
    JSON.parse('{"prototype":{"polluted":"yes"},"toString":"x","valueOf":1}'),
  ),
);

/** Every path to a value inside `value` (objects and arrays), at most `depth` levels down. */
function pathsIn(value: unknown, depth = 4, at: string[] = []): string[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [at];
  const keys = Object.keys(value);
  return [
    at,
    ...keys.flatMap((key) =>
      pathsIn((value as Record<string, unknown>)[key], depth - 1, [...at, key]),
    ),
  ];
}

/** A deep copy of `value` with the value at `path` set (or, when `replacement` is `REMOVE`, deleted). */
function withAt(value: unknown, path: string[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy: Record<string, unknown> = Array.isArray(value)
    ? ([...value] as unknown as Record<string, unknown>)
    : { ...(value as Record<string, unknown>) };
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0 && replacement === REMOVE) delete copy[key];
  else
    Object.defineProperty(copy, key, {
      value: withAt(copy[key], rest, replacement),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

const REMOVE = Symbol('remove');

/** The keys a hostile mutation adds to an object. */
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'extra',
  '',
  '\u0000',
];

/**
 * Values of `schema`'s shape ({@link schemaArbitrary}) with hostile
 * mutations: one value inside replaced by a {@link hostileValue}, a key
 * removed, a hostile key added (`__proto__`, `constructor`, …), or the
 * whole value replaced; about one in five is left as it is, so valid
 * input reaches the handlers too.
 */
export function hostileArbitrary(
  schema: v.GenericSchema,
): fc.Arbitrary<unknown> {
  const shaped = schemaArbitrary(schema);
  const mutated = fc
    .tuple(
      shaped,
      fc.nat(),
      hostileValue,
      fc.constantFrom('replace', 'remove', 'add'),
      fc.constantFrom(...HOSTILE_KEYS),
    )
    .map(([value, pick, hostile, how, key]) => {
      const paths = pathsIn(value);
      const path = paths[pick % paths.length] ?? [];
      if (how === 'remove' && path.length > 0)
        return withAt(value, path, REMOVE);
      if (how === 'add') {
        const objects = paths.filter((p) => {
          const at = p.reduce<unknown>(
            (inner, k) => (inner as Record<string, unknown>)[k],
            value,
          );
          return at !== null && typeof at === 'object' && !Array.isArray(at);
        });
        const object = objects[pick % objects.length];
        if (object) return withAt(value, [...object, key], hostile);
      }
      return withAt(value, path, hostile);
    });
  return fc.oneof(
    { weight: 1, arbitrary: shaped },
    { weight: 3, arbitrary: mutated },
    { weight: 1, arbitrary: hostileValue },
  );
}

/** JSON texts no serializer writes: broken, duplicated keys, numbers beyond a double, a lone value. */
export const hostileJsonText: fc.Arbitrary<string> = fc.constantFrom(
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '1e400',
  '{"a":1e400,"b":-1e400}',
  '{"id":1,"id":2}',
  '{"__proto__":{"polluted":"yes"},"__proto__":1}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
);

/** `pattern` without its `i` flag (fast-check's stringMatching refuses it). */
function caseSensitive(pattern: RegExp): RegExp {
  return pattern.flags.includes('i')
    ? new RegExp(pattern.source, pattern.flags.replace('i', ''))
    : pattern;
}
