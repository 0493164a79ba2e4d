import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const out = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') out.set(item.fileName, item);
  return out;
}

/** A chunk and everything it imports statically. */
export function staticClosure(start: readonly string[], chunks: Map<string, OutputChunk>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    queue.push(...(chunks.get(file)?.imports ?? []));
  }
  return seen;
}

/**
 * The files of the lazy chunks whose module matches `modules`, with their static imports, less
 * what the entry already loads: what index.html should fetch beside the entry.
 */
export function preloadedFiles(bundle: OutputBundle, modules: RegExp): string[] {
  const chunks = chunksOf(bundle);
  const entries = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
  const loadedByEntry = staticClosure(entries, chunks);
  const starts = [...chunks.values()]
    .filter((c) => c.facadeModuleId !== null && modules.test(c.facadeModuleId))
    .map((c) => c.fileName);
  return [...staticClosure(starts, chunks)].filter((f) => !loadedByEntry.has(f)).sort();
}

/**
 * Puts `<link rel="modulepreload">` tags for the given lazy chunks into index.html, so the browser
 * fetches them beside the entry instead of once the entry has run and asked for them (issue 15:
 * the shell's schemas parse the session check's answer, on the way to every signed-in first paint).
 * At low priority: the loading screen's stylesheet goes first, and the first paint never waits.
 */
export function htmlModulePreload(options: { modules: RegExp }): Plugin {
  return {
    name: 'html-module-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        return preloadedFiles(ctx.bundle, options.modules).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
