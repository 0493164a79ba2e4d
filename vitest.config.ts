import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/build-plugins/**/*.test.ts'],
          environment: 'node',
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
          // Two files at a time: a file spends much of its time waiting on a child process, a
          // socket or a timer, and each has its own database (a PGlite from the template dump,
          // or its own PostgreSQL database), so files share nothing but the machine.
          maxWorkers: 2,
          // Files in one worker reuse the loaded server modules instead of importing them again
          // per file (~2 s each). No file mocks modules, fakes timers or sets the environment,
          // and every app and database is built per file, so nothing carries over but caches
          // keyed by content.
          isolate: false,
          // vitest refuses projects with different maxWorkers in one group (a plain `vitest run`).
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias: { '@': webSrc } },
        test: {
          name: 'component',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
