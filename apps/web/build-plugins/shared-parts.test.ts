import { randomBytes } from 'node:crypto';
import type { OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { fakeBundle as bundleOf, fakeChunk as chunk } from './fake-chunk.ts';
import { sharedPartsNames, sharedPartsStrayImports, smallSharedParts } from './shared-parts.ts';

/** A big chunk: random bytes do not compress. */
const big = randomBytes(3000).toString('base64');

/**
 * index (entry) and the shell's schemas (preloaded by index.html, importing zod) are on every page.
 * Common chunks: panel and constants (import only those), api (imports constants), table (imports
 * a lazy page's chunk, which not every page has), heavy (too big). The pages are lazy imports.
 */
const bundle = bundleOf(
  chunk('index-a.js', [], { isEntry: true }),
  chunk('zod-b.js', []),
  chunk('shell-schemas-c.js', ['zod-b.js', 'index-a.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/src/lib/api/shell-schemas.ts',
  }),
  chunk('panel-d.js', ['index-a.js'], { moduleIds: ['/src/panel.tsx', '/src/cn.ts'] }),
  chunk('constants-e.js', []),
  chunk('api-f.js', ['index-a.js', 'zod-b.js', 'constants-e.js'], {
    moduleIds: ['/src/api.ts', '/src/api-schemas.ts'],
  }),
  chunk('lazy-g.js', ['index-a.js'], { isDynamicEntry: true, facadeModuleId: '/src/lazy.tsx' }),
  chunk('table-h.js', ['lazy-g.js']),
  chunk('heavy-i.js', ['index-a.js'], { code: big }),
  chunk('page-j.js', ['panel-d.js', 'api-f.js', 'table-h.js'], {
    isDynamicEntry: true,
    facadeModuleId: '/src/page.tsx',
  }),
);
const options = { preloadedByHtml: /shell-schemas\.ts$/, maxGzBytes: 600, buildsAtLoad: /schemas\.ts$/ };

describe('shared parts', () => {
  it("takes the small common chunks' modules that import only what every page has, or each other", () => {
    const { parts, schemas } = sharedPartsNames;
    expect([...smallSharedParts(bundle, options)].sort()).toEqual([
      ['/src/api-schemas.ts', schemas],
      ['/src/api.ts', parts],
      ['/src/cn.ts', parts],
      ['/src/constants-e.js.ts', parts],
      ['/src/panel.tsx', parts],
    ]);
  });

  it('leaves out chunks over the size, lazy imports, and chunks that import what a page may lack', () => {
    const picked = [...smallSharedParts(bundle, options).keys()];
    expect(picked).not.toContain('/src/heavy-i.js.ts');
    expect(picked).not.toContain('/src/table-h.js.ts');
    expect(picked).not.toContain('/src/lazy-g.js.ts');
    expect(picked).not.toContain('/src/shell-schemas-c.js.ts');
    expect(smallSharedParts(bundle, { ...options, maxGzBytes: 10 }).size).toBe(0);
  });

  it("names the shared parts' imports that are neither on every page nor another shared part", () => {
    const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
    const { parts, schemas } = sharedPartsNames;
    const holds = bundleOf(
      ...chunks,
      chunk(`${parts}-k.js`, ['index-a.js', 'zod-b.js', `${schemas}-l.js`]),
      chunk(`${schemas}-l.js`, ['zod-b.js']),
    );
    expect(sharedPartsStrayImports(holds, options.preloadedByHtml)).toEqual([]);
    const strays = bundleOf(
      ...chunks,
      chunk(`${parts}-k.js`, ['index-a.js', 'lazy-g.js']),
      chunk(`${schemas}-l.js`, ['table-h.js']),
    );
    expect(sharedPartsStrayImports(strays, options.preloadedByHtml).sort()).toEqual([
      'lazy-g.js',
      'table-h.js',
    ]);
  });
});
