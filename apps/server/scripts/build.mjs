// Bundles the server into dist/main.js. Workspace packages (@app/*) are inlined because
// they ship TypeScript sources; every third-party dependency stays external so native
// and wasm assets (PGlite) load from node_modules as usual. Migrations are not copied:
// the server finds them through its package root at runtime.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })
  .filter((name) => !name.startsWith('@app/'))
  .flatMap((name) => [name, `${name}/*`]);

const started = Date.now();
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`built dist/main.js in ${Date.now() - started} ms`);
