import fc from 'fast-check';
import { z } from 'zod';

/** A JSON Schema node as z.toJSONSchema writes it (only the parts the generator reads). */
interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  format?: string;
  minimum?: number;
  maximum?: number;
}

/** Strings that broke or could break a server: NUL, lone surrogates, huge, prototype keys, numbers as text. */
export const hostileStrings: readonly string[] = [
  '\u0000',
  'a\u0000b',
  '\u0001\u001f\u007f',
  '\ud800',
  'x\udfff',
  'x'.repeat(100_000),
  '__proto__',
  'constructor',
  '1e400',
  '-1e400',
  'NaN',
  '-0',
  '0x10',
  '9'.repeat(400),
  '',
  ' ',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  'javascript:alert(1)',
  '\u202e',
  '😀',
  "'; drop table users; --",
  '2024-02-30T25:61:61Z',
  '00000000-0000-4000-8000-000000000000',
];

const hostileString = fc.constantFrom(...hostileStrings);

/** Values of any JSON type, including ones no schema expects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, 1e308, -1e308, [], {}),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true}}')),
  fc.constant(deepNesting(200)),
);

function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Values that follow the schema's shape most of the time, with hostile values mixed in anywhere. */
export function arbitraryFor(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: shaped(schema, depth), weight: 4 }, { arbitrary: hostileValue, weight: 1 });
}

function shaped(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((s) => arbitraryFor(s, depth + 1)));
  if (schema.allOf && schema.allOf.length > 0) return arbitraryFor(schema.allOf[0] ?? {}, depth + 1);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => shaped({ ...schema, type }, depth)));
  if (depth > 6) return hostileValue;
  switch (types[0]) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        fc.double({ noNaN: true }).map(String),
        fc.integer().map(String),
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.uuid(),
        hostileString,
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.integer(), fc.double());
    case 'number':
      return fc.oneof(fc.double(), fc.integer({ min: -10, max: 1000 }));
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      const tuple = schema.prefixItems;
      if (tuple && tuple.length > 0) return fc.tuple(...tuple.map((s) => arbitraryFor(s, depth + 1)));
      return fc.array(arbitraryFor(items ?? {}, depth + 1), { maxLength: 4 });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryFor(s, depth + 1)])),
        { requiredKeys: [] },
      );
      // Sometimes an extra key nobody declared (or a prototype key) rides along.
      return fc
        .tuple(
          record,
          fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'extra', '\u0000'), hostileValue)),
        )
        .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
    }
    default:
      return fc.oneof(hostileValue, fc.jsonValue({ maxDepth: 2 }));
  }
}

/** The JSON Schema (input side) of a route's zod schema; `{}` when there is none. */
export function jsonSchemaOf(schema: unknown): JsonSchema {
  if (!(schema instanceof z.ZodType)) return {};
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A query string for the schema's keys (plus noise), each value a string as a browser sends it. */
export function arbitraryQuery(schema: JsonSchema): fc.Arbitrary<string> {
  const keys = Object.keys(schema.properties ?? {});
  const value = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer().map(String),
    fc.constantFrom('true', 'false', 'all', 'usd', '-1', '1e400', '0', '99999999999999999999'),
    hostileString.filter((s) => s.length < 5_000),
  );
  const pairs = fc.array(fc.tuple(fc.constantFrom(...keys, 'page', 'limit', '__proto__'), value), {
    maxLength: keys.length + 2,
  });
  return pairs.map((list) => new URLSearchParams(list).toString());
}

/** A path parameter: an id of A's now and then, otherwise anything a URL segment can carry. */
export function arbitrarySegment(known: readonly string[]): fc.Arbitrary<string> {
  return fc
    .oneof(
      fc.constantFrom(...known),
      fc.string({ minLength: 1, maxLength: 30 }),
      fc.constantFrom('%00', '%zz', 'x'.repeat(150), '..', '.', '%2e%2e', '%2F', 'ALL', 'all', '-1', '0'),
      fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
    )
    .map((s) => (s.startsWith('%') ? s : encodeURIComponent(s)));
}

/** Bodies no JSON encoder writes: what a hostile client sends as raw text. */
export const rawHostileBodies: readonly string[] = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"name":1e400,"quantity":1e400}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  '{"name":"\\u0000"}',
  '{"name":"\\ud800"}',
  '{',
  'null',
  '"just a string"',
  '[]',
  '\u0000',
];
