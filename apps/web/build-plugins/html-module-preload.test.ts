import type { OutputBundle } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { fakeChunk as chunk } from './fake-chunk.ts';
import { preloadedFiles } from './html-module-preload.ts';
import { routeCosts } from './route-budget.ts';

/** index imports shell; shell-schemas (lazy) imports zod and shell; a page imports shell. */
const bundle = {
  'assets/index-a.js': chunk('assets/index-a.js', ['assets/shell-b.js'], { isEntry: true }),
  'assets/shell-b.js': chunk('assets/shell-b.js', []),
  'assets/zod-c.js': chunk('assets/zod-c.js', []),
  'assets/shell-schemas-d.js': chunk('assets/shell-schemas-d.js', ['assets/zod-c.js', 'assets/shell-b.js'], {
    facadeModuleId: '/app/src/lib/api/shell-schemas.ts',
  }),
  'assets/page-e.js': chunk('assets/page-e.js', ['assets/shell-b.js'], {
    facadeModuleId: '/app/src/page.tsx',
  }),
} as unknown as OutputBundle;

describe('html module preload', () => {
  it('lists the matching lazy chunk and its static imports, less what the entry already loads', () => {
    expect(preloadedFiles(bundle, /shell-schemas\.ts$/)).toEqual([
      'assets/shell-schemas-d.js',
      'assets/zod-c.js',
    ]);
    expect(preloadedFiles(bundle, /nothing-matches$/)).toEqual([]);
  });

  it("counts what index.html preloads in every route's initial JavaScript", () => {
    const [without] = routeCosts(bundle, ['/app/src/page.tsx']);
    const [withPreload] = routeCosts(bundle, ['/app/src/page.tsx'], /shell-schemas\.ts$/);
    expect(without?.files.sort()).toEqual(['assets/index-a.js', 'assets/page-e.js', 'assets/shell-b.js']);
    expect(withPreload?.files.sort()).toEqual([
      'assets/index-a.js',
      'assets/page-e.js',
      'assets/shell-b.js',
      'assets/shell-schemas-d.js',
      'assets/zod-c.js',
    ]);
    expect(withPreload?.gzipBytes).toBeGreaterThan(without?.gzipBytes ?? 0);
  });
});
