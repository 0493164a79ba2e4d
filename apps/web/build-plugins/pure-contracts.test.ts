import { describe, expect, it } from 'vitest';
import { markTopLevelConstsPure } from './pure-contracts.ts';

describe('pure contracts (browser build)', () => {
  it('wraps top-level const initialisers in a pure call and leaves the rest as written', () => {
    const source = [
      "import { z } from 'zod';",
      'export const a = z.string().max(3), n = 1;',
      'const b = a.extend({});',
      'export const f = (x) => x;',
      'export function g() { const inner = z.number(); return inner; }',
    ].join('\n');
    expect(markTopLevelConstsPure(source)).toBe(
      [
        "import { z } from 'zod';",
        'export const a = /* @__PURE__ */ (() => (z.string().max(3)))(), n = 1;',
        'const b = /* @__PURE__ */ (() => (a.extend({})))();',
        'export const f = (x) => x;',
        'export function g() { const inner = z.number(); return inner; }',
      ].join('\n'),
    );
  });

  it('with a lazy helper, makes schema chains lazy and leaves other constants eager', () => {
    const source = [
      "import { z } from 'zod';",
      "import { baseCurrencySchema } from './market';",
      'export const a = z.string().max(3), n = 1;',
      'const b = a.extend({});',
      'export const c = baseCurrencySchema.optional();',
      'export const list = Object.freeze([1, 2]);',
      'export const f = (x) => x;',
    ].join('\n');
    expect(markTopLevelConstsPure(source, 'lazy')).toBe(
      [
        "import { z } from 'zod';",
        "import { baseCurrencySchema } from './market';",
        'export const a = /* @__PURE__ */ lazy(() => (z.string().max(3))), n = 1;',
        'const b = /* @__PURE__ */ lazy(() => (a.extend({})));',
        'export const c = /* @__PURE__ */ lazy(() => (baseCurrencySchema.optional()));',
        'export const list = /* @__PURE__ */ (() => (Object.freeze([1, 2])))();',
        'export const f = (x) => x;',
      ].join('\n'),
    );
  });
});
