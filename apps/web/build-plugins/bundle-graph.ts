import type { OutputBundle, OutputChunk } from 'rolldown';

/** The bundle's JavaScript chunks by file name. */
export function chunksOf(bundle: OutputBundle): Map<string, OutputChunk> {
  const out = new Map<string, OutputChunk>();
  for (const item of Object.values(bundle)) if (item.type === 'chunk') out.set(item.fileName, item);
  return out;
}

/** The entry chunks' file names: what index.html loads. */
export function entryFiles(chunks: Map<string, OutputChunk>): string[] {
  return [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName);
}

/** A chunk and everything it imports statically: what the browser must fetch before running it. */
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

/** The chunk that holds the module `id` (as its facade or one of its modules), if any. */
export function chunkHolding(id: string, chunks: Map<string, OutputChunk>): OutputChunk | undefined {
  const all = [...chunks.values()];
  return all.find((c) => c.facadeModuleId === id) ?? all.find((c) => id in c.modules);
}
