import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './apps/web/build-plugins/preact-aliases.ts';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

/**
 * vitest's default in a run is one worker fewer than the cores: one worker on our 2-core
 * machines, where the unit and component files took 147 s against 99 s with two (same machine,
 * quiet). Nothing else runs beside them in `npm test`.
 */
const everyCore = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/build-plugins/**/*.test.ts'],
          environment: 'node',
          maxWorkers: everyCore,
          // The property tests run hundreds of generated cases each: on a shared 2-core machine
          // under load a whole property can take more than the default 5 s without anything wrong.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time. Running them one by one hid a fault of the tests, not of the server:
          // market tests gave every call of a provider a timeout of 300-500 ms so that one case could
          // see a hang time out, and with a second file beside them real answers outlasted it (the
          // fake CoinGecko "unreachable"). Those cases now fail slowly instead of hanging.
          maxWorkers: everyCore,
          // Files in one worker reuse the loaded server modules instead of importing them again
          // per file (~2 s each). No file mocks modules, fakes timers or sets the environment,
          // and every app and database is built per file, so nothing carries over but caches
          // keyed by content.
          isolate: false,
          // Its own group, after unit and component: a plain `vitest run` starts it once they are done.
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The browser build's runtime (apps/web/vite.config.ts): components are tested on Preact.
        // Dependencies are inlined so their imports of react resolve through the same aliases.
        resolve: {
          alias: [...preactAliases, { find: '@', replacement: webSrc }],
          conditions: ['module', 'browser', 'development'],
        },
        test: {
          server: { deps: { inline: true } },
          name: 'component',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          maxWorkers: everyCore,
          // Above findBy's 5 s wait, so a slow render fails on what it waited for, not on the clock.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
