import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { jitlessZodSource, zodJitless } from './zod-jitless.ts';

/**
 * The browser bundle must never call `Function` (the CSP blocks eval and Chromium reports the
 * attempt), while parsing as before. Each bundle is built from the same entry and run with
 * `Function` counted; the bundle without the plugin shows the count can be non-zero.
 */
const entrySource = `
import { z } from 'zod';
const coin = z.object({ id: z.string().min(1), price: z.string(), rank: z.number().int().optional() });
export const run = (value) => {
  const r = coin.safeParse(value);
  return r.success ? { ok: r.data } : { issues: r.error.issues.map((i) => i.path.join('.') + ':' + i.code) };
};
`;

const cache = join(import.meta.dirname, '../../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'zod-jitless-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Run = (value: unknown) => unknown;

async function bundle(name: string, plugins: Plugin[]): Promise<string> {
  const root = join(dir, name);
  mkdirSync(root, { recursive: true });
  const entry = join(root, 'entry.js');
  writeFileSync(entry, entrySource);
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    plugins,
    build: { outDir: join(root, 'out'), minify: false, lib: { entry, formats: ['es'], fileName: 'entry' } },
  });
  return join(root, 'out', 'entry.js');
}

/** Imports the bundle and parses with it, counting every call of the global `Function`. */
async function runCounted(file: string, values: unknown[]): Promise<{ calls: number; results: unknown[] }> {
  const global = globalThis as { Function: FunctionConstructor; __zod_globalConfig?: unknown };
  const realFunction = global.Function;
  // zod keeps its config on globalThis: each bundle starts from none, as in a fresh page.
  delete global.__zod_globalConfig;
  let calls = 0;
  global.Function = new Proxy(realFunction, {
    apply(target, self, args: string[]) {
      calls++;
      return Reflect.apply(target, self, args);
    },
    construct(target, args: string[]) {
      calls++;
      return Reflect.construct(target, args);
    },
  });
  try {
    const { run } = (await import(pathToFileURL(file).href)) as { run: Run };
    return { calls, results: values.map((v) => run(v)) };
  } finally {
    global.Function = realFunction;
    delete global.__zod_globalConfig;
  }
}

describe('zod jitless (browser build)', () => {
  it('parses as before without ever calling Function', async () => {
    const values = [{ id: 'bitcoin', price: '1.5', rank: 1 }, { id: '', price: 2, rank: 1.5 }, null];
    const jitless = await runCounted(await bundle('jitless', [zodJitless()]), values);
    const plain = await runCounted(await bundle('plain', []), values);
    expect(plain.calls).toBeGreaterThan(0);
    expect(jitless.calls).toBe(0);
    expect(jitless.results).toEqual(plain.results);
    expect(jitless.results[0]).toEqual({ ok: { id: 'bitcoin', price: '1.5', rank: 1 } });
  }, 60_000);

  it('fails the build when zod changes under it', () => {
    expect(() => jitlessZodSource('export const globalConfig = {};')).toThrow(/update the plugin/);
  });
});
