import { readFile, rm } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface ChildBundle {
  /** The bundled entry, run as `node <path>`. */
  path: string;
  remove(): Promise<void>;
}

/**
 * Bundles a server entry (main.ts, a test child) the way scripts/build.mjs bundles dist/main.js,
 * for tests that start it as a process. Under `--import tsx` every start transpiled and loaded
 * the module graph again (~1.5 s of CPU per start here); the bundle starts in a fraction of it,
 * and it is what an operator runs (`npm start`). Workspace packages ship TypeScript, so they are
 * inlined; other dependencies load from node_modules. The file sits in apps/server/dist, so the
 * server finds its package root (migrations) as from dist/main.js; the name carries the pid so
 * test files running at once never share one.
 */
export async function bundleForChild(entry: string): Promise<ChildBundle> {
  const serverPackage = JSON.parse(
    await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
  ) as { dependencies: Record<string, string> };
  const name = `test-${basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`;
  const path = fileURLToPath(new URL(`../../dist/${name}`, import.meta.url));
  await build({
    entryPoints: [entry],
    outfile: path,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(serverPackage.dependencies)
      .filter((dependency) => !dependency.startsWith('@app/'))
      .flatMap((dependency) => [dependency, `${dependency}/*`]),
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return { path, remove: () => rm(path, { force: true }) };
}
