import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as contracts from '@app/contracts';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pureContracts } from './pure-contracts.ts';
import { probe } from './zod-probes.ts';
import { zodWithoutJsonSchema } from './zod-without-json-schema.ts';

/**
 * The browser build swaps zod's JSON Schema generator for stand-ins. This proves parsing is
 * unchanged: the same probes run through a bundle built with the plugin and through zod as
 * installed, and must give the same results (values, issues, messages, check getters), while the
 * bundle no longer holds the generator.
 */
const entrySource = `
import { z } from 'zod';
import * as contracts from '@app/contracts';
import { probe } from ${JSON.stringify(join(import.meta.dirname, 'zod-probes.ts'))};
export const run = () => probe(z, contracts);
`;

// Inside the repository, so the bundle resolves zod and @app/contracts as the app does.
const cache = join(import.meta.dirname, '../../../node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'zod-stand-in-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function bundled(): Promise<{ code: string; run: () => ReturnType<typeof probe> }> {
  const entry = join(dir, 'probes.js');
  writeFileSync(entry, entrySource);
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    // As the browser build: contracts' top-level consts marked pure (pure-contracts) too.
    plugins: [zodWithoutJsonSchema(), pureContracts()],
    build: {
      outDir: join(dir, 'out'),
      minify: false,
      lib: { entry, formats: ['es'], fileName: 'probes' },
    },
  });
  const file = join(dir, 'out', 'probes.js');
  return { code: readFileSync(file, 'utf8'), run: (await import(pathToFileURL(file).href)).run };
}

describe('zod without JSON Schema (browser build)', () => {
  it('parses exactly as zod does, keeps check getters, and leaves the generator out', async () => {
    const { code, run } = await bundled();
    const stood = run();
    const real = probe(z, contracts);
    expect(real.jsonSchema).toBe('object');
    expect(stood.jsonSchema).toBe('throws: JSON Schema generation is left out of the browser build');
    expect(stood.out).toEqual(real.out);
    expect(code).not.toContain('function finalize(');
    expect(code).not.toContain('const stringProcessor =');
  }, 60_000);
});
