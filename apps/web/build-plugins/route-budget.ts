import { gzipSync } from 'node:zlib';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';
import { chunksOf, staticClosure } from './bundle-graph.ts';
import { everyPageFiles } from './html-module-preload.ts';

export interface RouteBudgetOptions {
  /** The module whose dynamic imports are the routes (the route table). */
  routeTable: RegExp;
  /** The budget: gzipped kB of JavaScript a route should load before it can render. */
  budgetKb: number;
  /**
   * Where the build fails, per route chunk name (`default` for the rest; else `budgetKb`). Above the budget only
   * for routes that cannot meet it yet; each ceiling sits just above today's size, so any
   * growth fails the build.
   */
  ceilingsKb?: Record<string, number>;
  /** Lazy modules index.html preloads (build-plugins/html-module-preload): every route fetches them. */
  preloadedByHtml?: RegExp;
  /** Print only, never fail (for looking into a build that is over its limits). */
  reportOnly?: boolean;
}

export interface RouteCost {
  route: string;
  files: string[];
  gzipBytes: number;
}

/**
 * Initial JavaScript per route: the entry and its static imports, plus the route's chunk and its
 * static imports, and what index.html preloads. `routeModules` are the modules the route table
 * imports lazily (its routes).
 */
export function routeCosts(
  bundle: OutputBundle,
  routeModules: readonly string[],
  preloadedByHtml?: RegExp,
): RouteCost[] {
  const chunks = chunksOf(bundle);
  const entries = [...everyPageFiles(bundle, preloadedByHtml)];
  const gzipCache = new Map<string, number>();
  const gz = (file: string) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(chunks.get(file)?.code ?? '', { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const costs = new Map<string, RouteCost>();
  for (const id of routeModules) {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id || id in c.modules);
    if (!chunk || costs.has(chunk.fileName)) continue;
    const files = [...staticClosure([...entries, chunk.fileName], chunks)];
    costs.set(chunk.fileName, {
      route: chunk.name,
      files,
      gzipBytes: files.reduce((sum, f) => sum + gz(f), 0),
    });
  }
  return [...costs.values()];
}

/**
 * Prints the gzipped JavaScript each route needs before it renders and fails the build when one
 * goes over budget (120 KB per route), so a heavy import shows up at build time.
 */
export function routeBudget(options: RouteBudgetOptions): Plugin {
  return {
    name: 'route-budget',
    apply: 'build',
    generateBundle(_output, bundle) {
      const table = [...this.getModuleIds()].find((id) => options.routeTable.test(id));
      if (table === undefined) this.error(`route-budget: no module matches ${options.routeTable}`);
      const routes = this.getModuleInfo(table)?.dynamicallyImportedIds ?? [];
      const costs = routeCosts(bundle, routes, options.preloadedByHtml).sort(
        (a, b) => b.gzipBytes - a.gzipBytes,
      );
      const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
      const ceiling = (route: string) =>
        (options.ceilingsKb?.[route] ?? options.ceilingsKb?.default ?? options.budgetKb) * 1024;
      const budget = options.budgetKb * 1024;
      const lines = costs.map((c) => {
        const mark = c.gzipBytes <= budget ? 'ok' : `over budget (ceiling ${kb(ceiling(c.route))})`;
        const files = `${c.files.length} files`.padStart(9);
        return `  ${c.route.padEnd(30)} ${kb(c.gzipBytes).padStart(9)} ${files}  ${mark}`;
      });
      this.info(`initial JS per route (gzip), budget ${kb(budget)}:\n${lines.join('\n')}`);
      const failed = costs.filter((c) => c.gzipBytes > ceiling(c.route));
      if (failed.length > 0 && !options.reportOnly) {
        this.error(
          `route JS over its limit: ${failed.map((c) => `${c.route} ${kb(c.gzipBytes)} > ${kb(ceiling(c.route))}`).join(', ')}`,
        );
      }
    },
  };
}
