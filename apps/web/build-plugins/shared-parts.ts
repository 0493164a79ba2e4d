import { gzipSync } from 'node:zlib';
import type { CodeSplittingGroup, OutputBundle, OutputChunk } from 'rolldown';
import { build, type InlineConfig, type Plugin } from 'vite';
import { chunksOf } from './bundle-graph.ts';
import { everyPageFiles } from './html-module-preload.ts';

/** The chunks' names in the build (Rolldown adds the hash). */
export const sharedPartsNames = { parts: 'shared-parts', schemas: 'shared-schemas' } as const;
const names: ReadonlySet<string> = new Set(Object.values(sharedPartsNames));

export interface SharedPartsOptions {
  /** Lazy modules index.html preloads (build-plugins/html-module-preload): every page has them. */
  preloadedByHtml: RegExp;
  /** The largest chunk, gzipped, whose modules may join. */
  maxGzBytes: number;
  /**
   * Modules that do work when they load (zod schemas are built then): they go into a chunk of their
   * own, so a page that needs only the other parts does not run them.
   */
  buildsAtLoad: RegExp;
}

/**
 * The modules of the bundle's small common chunks (no entry, no lazy import's target) that import
 * only what every page has already loaded, or other such chunks, with the chunk each goes into.
 * Put together they load nothing more, so taking them costs a page their bytes and one or two
 * requests, where it made one for each.
 */
export function smallSharedParts(bundle: OutputBundle, options: SharedPartsOptions): Map<string, string> {
  const everyPage = everyPageFiles(bundle, options.preloadedByHtml);
  const small = [...chunksOf(bundle).values()].filter(
    (c) =>
      !everyPage.has(c.fileName) &&
      !c.isEntry &&
      !c.isDynamicEntry &&
      gzipSync(c.code, { level: 9 }).length <= options.maxGzBytes,
  );
  const picked = new Set<string>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const c of small) {
      if (picked.has(c.fileName) || !c.imports.every((f) => everyPage.has(f) || picked.has(f))) continue;
      picked.add(c.fileName);
      grew = true;
    }
  }
  const ids = small.filter((c) => picked.has(c.fileName)).flatMap((c) => c.moduleIds);
  return new Map(
    ids.map((id) => [id, options.buildsAtLoad.test(id) ? sharedPartsNames.schemas : sharedPartsNames.parts]),
  );
}

/**
 * Builds `config` in memory (nothing written) and returns the modules `smallSharedParts` picks
 * from its chunks. `config` must be the app's build without the shared-parts group.
 */
export async function analyseSharedParts(
  config: InlineConfig,
  options: SharedPartsOptions,
): Promise<Map<string, string>> {
  const result = await build({
    ...config,
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const bundle: OutputBundle = {};
  for (const out of outputs) {
    if (!('output' in out)) throw new Error('shared-parts: the analysis build did not return its output');
    for (const item of out.output) bundle[item.fileName] = item;
  }
  return smallSharedParts(bundle, options);
}

/**
 * The code-splitting group that makes the chunks: `parts` maps each module to its chunk's name
 * (`analyseSharedParts`). Their imports are on every page already, so they need not come along.
 */
export function sharedPartsGroup(parts: ReadonlyMap<string, string>): CodeSplittingGroup {
  return { name: (id) => parts.get(id) ?? null, includeDependenciesRecursively: false };
}

/**
 * The shared parts' imports that are neither on every page already nor another shared-parts
 * chunk (none, when the grouping holds).
 */
export function sharedPartsStrayImports(bundle: OutputBundle, preloadedByHtml: RegExp): string[] {
  const everyPage = everyPageFiles(bundle, preloadedByHtml);
  const parts: OutputChunk[] = [...chunksOf(bundle).values()].filter((c) => names.has(c.name));
  const partFiles = new Set(parts.map((c) => c.fileName));
  return parts.flatMap((c) => c.imports.filter((f) => !everyPage.has(f) && !partFiles.has(f)));
}

/**
 * Rolldown gave each small module shared by a different set of pages a chunk of its
 * own. A signed-in page fetched 20-odd files under 1 kB gz (constants, API calls, table, panel,
 * empty state) before its first content, each a request with ~0.9 kB of headers, six at a time
 * over HTTP/1.1. The build is made twice: once in memory to find those chunks
 * (`analyseSharedParts`), then for real with their modules in two chunks (a group's `name`).
 * This plugin fails the real build if those came to import anything a page might not have loaded
 * yet, which would put a request behind them.
 */
export function sharedPartsCheck(options: Pick<SharedPartsOptions, 'preloadedByHtml'>): Plugin {
  return {
    name: 'shared-parts-check',
    apply: 'build',
    generateBundle(_output, bundle) {
      const stray = sharedPartsStrayImports(bundle, options.preloadedByHtml);
      if (stray.length > 0)
        this.error(`shared parts import what not every page has loaded: ${stray.join(', ')}`);
    },
  };
}
