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
          // One file at a time. Two at a time (9e221a3) shared nothing but the machine, and that
          // was enough to fail: delivery-processes kills its server once a quarter of the
          // deliveries have arrived, but its alerts fire while it is still seeding, and with a
          // second file running, seeding was slow enough that all 120 had arrived (the fresh-clone
          // run of a843777: "expected 122 to be less than 120"). Back to one until that test
          // seeds before any alert can fire.
          maxWorkers: 1,
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
