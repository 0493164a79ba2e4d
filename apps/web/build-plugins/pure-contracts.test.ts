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
});
