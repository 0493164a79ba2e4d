import type * as Contracts from '@app/contracts';
import type { z as Zod } from 'zod';

type Settled = { ok: unknown } | { issues: [string, string, string][] };

/** Parses that exercise zod broadly (used to compare a bundle built without JSON Schema with zod). */
export function probe(z: typeof Zod, contracts: typeof Contracts) {
  const settle = (schema: Zod.ZodType, value: unknown): Settled => {
    const r = schema.safeParse(value);
    return r.success
      ? { ok: r.data }
      : { issues: r.error.issues.map((i) => [i.code, i.path.join('.'), i.message]) };
  };
  const obj = z.object({
    a: z.string().min(2).max(5),
    n: z.number().int().positive().optional(),
    d: z.string().default('x'),
  });
  const union = z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('a'), v: z.string() }),
    z.object({ kind: z.literal('b'), v: z.number() }),
  ]);
  const out = {
    email: settle(contracts.emailSchema, '  Someone@Example.COM '),
    badEmail: settle(contracts.emailSchema, 'not-an-email'),
    weakPassword: settle(contracts.passwordSchema, 'aaaaaaaaaaa'),
    objOk: settle(obj, { a: 'abc', n: 3 }),
    objBad: settle(obj, { a: 'a', n: -1.5, extra: 1 }),
    unionOk: settle(union, { kind: 'b', v: 2 }),
    unionBad: settle(union, { kind: 'c' }),
    enumBad: settle(contracts.transactionTypeSchema, 'steal'),
    tuple: settle(z.tuple([z.string()]).rest(z.number()), ['a', 1, 'b']),
    record: settle(z.record(z.string(), z.array(z.number())), { x: [1, 2], y: ['3'] }),
    coerce: settle(z.coerce.number(), '42'),
    getters: {
      minLength: z.string().min(2).minLength,
      maxLength: z.string().max(9).maxLength,
      isInt: z.number().int().isInt,
    },
  };
  let jsonSchema: string;
  try {
    jsonSchema = typeof z.toJSONSchema(obj);
  } catch (e) {
    jsonSchema = `throws: ${(e as Error).message}`;
  }
  return { out, jsonSchema };
}
