import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * zod 4 classic wires JSON Schema generation into every schema it builds (`toJSONSchema`, the
 * standard-schema `jsonSchema` hooks, one `processJSONSchema` per type), so a browser that only
 * parses carries ~8 kB gz of generator it never runs. Only the server generates JSON Schema
 * (OpenAPI). In the browser build, the classic API and the core index get stand-ins for those
 * modules: each generator throws if called, and the one helper parsing can reach
 * (`aggregateChecks`, behind getters such as `.minLength`) stays the real one.
 */
const generators = [
  'core/json-schema-processors.js',
  'core/to-json-schema.js',
  'core/json-schema-generator.js',
];
/** Modules whose imports of the generators are replaced; zod's own generator modules are left whole. */
const importers = /[\\/]zod[\\/]v4[\\/](?:classic[\\/](?:schemas|external)|core[\\/]index)\.js$/;
/** Exports kept real in the stand-in (parsing-time helpers), per generator module. */
const keep: Record<string, readonly string[]> = {
  'core/json-schema-processors.js': ['aggregateChecks'],
};
const prefix = '\0zod-without-json-schema:';

export function exportNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:const|let|var|function\*?|class|async function) ([\w$]+)/gm)) {
    names.add(m[1] as string);
  }
  for (const m of source.matchAll(/^export \{([^}]*)\}(?! from)/gm)) {
    for (const part of (m[1] as string).split(',')) {
      const alias = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (alias) names.add(alias);
    }
  }
  if (/^export \*/m.test(source)) throw new Error('zod-without-json-schema: export * is not handled');
  return [...names];
}

export function standInSource(realPath: string, generator: string): string {
  const names = exportNames(readFileSync(realPath, 'utf8'));
  const kept = keep[generator] ?? [];
  const lines = [
    'function unavailable() { throw new Error("JSON Schema generation is left out of the browser build"); }',
  ];
  for (const name of names) {
    if (kept.includes(name)) continue;
    if (name === 'allProcessors') lines.push('export const allProcessors = {};');
    else if (/^\$?[A-Z]/.test(name)) lines.push(`export class ${name} { constructor() { unavailable(); } }`);
    else lines.push(`export const ${name} = unavailable;`);
  }
  if (kept.length > 0) lines.push(`export { ${kept.join(', ')} } from ${JSON.stringify(realPath)};`);
  return lines.join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer === undefined || !importers.test(importer) || !source.startsWith('.')) return null;
      const real = resolve(dirname(importer), source);
      const generator = generators.find((g) =>
        real.endsWith(g.replaceAll('/', real.includes('\\') ? '\\' : '/')),
      );
      return generator === undefined ? null : `${prefix}${generator}|${real}`;
    },
    load(id) {
      if (!id.startsWith(prefix)) return null;
      const [generator, real] = id.slice(prefix.length).split('|') as [string, string];
      return { code: standInSource(real, generator), moduleSideEffects: false };
    },
  };
}
