import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksOf, entryFiles, staticClosure } from './bundle-graph.ts';

/**
 * The files of the lazy chunks whose module matches `modules`, with their static imports, less
 * what the entry already loads: what index.html should fetch beside the entry.
 */
export function preloadedFiles(bundle: OutputBundle, modules: RegExp): string[] {
  const chunks = chunksOf(bundle);
  const loadedByEntry = staticClosure(entryFiles(chunks), chunks);
  const starts = [...chunks.values()]
    .filter((c) => c.facadeModuleId !== null && modules.test(c.facadeModuleId))
    .map((c) => c.fileName);
  return [...staticClosure(starts, chunks)].filter((f) => !loadedByEntry.has(f)).sort();
}

/** The files every page has loaded: the entry, what index.html preloads, and their imports. */
export function everyPageFiles(bundle: OutputBundle, preloadedByHtml?: RegExp): Set<string> {
  const chunks = chunksOf(bundle);
  const preloaded = preloadedByHtml ? preloadedFiles(bundle, preloadedByHtml) : [];
  return staticClosure([...entryFiles(chunks), ...preloaded], chunks);
}

/**
 * Puts `<link rel="modulepreload">` tags for the given lazy chunks into index.html, so the browser
 * fetches them beside the entry instead of once the entry has run and asked for them (the shell's schemas parse the session check's answer, on the way to every signed-in first paint).
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
