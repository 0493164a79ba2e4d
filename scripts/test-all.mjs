#!/usr/bin/env node
// Runs every test level (unit, component, integration, e2e) in order and closes with one plain summary line
// ("N passed, N failed") that CI can read, whatever the runners print themselves.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, '.tmp', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Named at the very end too, so that a log cut to its last lines still says which test failed. */
const failedTests = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: exit ${r.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (r.status !== 0) failures.push(label);
  return r.status === 0;
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += j.numPassedTests;
  totals.failed += j.numFailedTests;
  totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
  for (const file of j.testResults ?? []) {
    const where = file.name.startsWith(root) ? file.name.slice(root.length) : file.name;
    if (file.status === 'failed' && (file.assertionResults ?? []).every((a) => a.status !== 'failed'))
      failedTests.push(`${where}: ${String(file.message ?? 'failed to run').split('\n')[0]}`);
    for (const a of file.assertionResults ?? [])
      if (a.status === 'failed')
        failedTests.push(`${where} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0]}`);
  }
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const s = JSON.parse(readFileSync(file, 'utf8')).stats;
  totals.passed += s.expected + s.flaky;
  totals.failed += s.unexpected;
  totals.skipped += s.skipped;
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failedTests.push(
            `${spec.file}:${spec.line} › [${t.projectName}] ${[...path, spec.title].join(' › ')}`,
          );
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites ?? []) walk(suite, []);
}

function portAnswers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    const settle = (answered) => {
      socket.destroy();
      resolve(answered);
    };
    socket.once('connect', () => settle(true));
    socket.once('timeout', () => settle(false));
    socket.once('error', () => resolve(false));
  });
}

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  if (process.getuid?.() !== 0) {
    console.log('Chromium is missing and we are not root: install it with `apt-get install -y chromium`.');
    return;
  }
  run('install chromium', 'bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

const vitest = (label, projects, file, env) =>
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );

ensureChromium();
run('lint', 'npx', ['biome', 'check', '.']);
run('module boundaries', 'npm', ['run', 'lint:boundaries', '--silent']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);

vitest('unit + component', ['unit', 'component'], join(out, 'unit.json'));
countVitest(join(out, 'unit.json'));

vitest('integration (PGlite)', ['integration'], join(out, 'integration-pglite.json'), {
  TEST_DATABASE_URL: '',
});
countVitest(join(out, 'integration-pglite.json'));

if (process.env.TEST_DATABASE_URL || (await portAnswers(5432))) {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  vitest('integration (PostgreSQL)', ['integration'], join(out, 'integration-pg.json'), {
    TEST_DATABASE_URL: url,
  });
  countVitest(join(out, 'integration-pg.json'));
} else {
  console.log('\n=== integration (PostgreSQL): skipped, nothing answers on 127.0.0.1:5432');
}

if (run('build', 'npm', ['run', 'build', '--silent'])) {
  run('end-to-end (Chromium)', 'npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: join(out, 'e2e.json'),
  });
  countPlaywright(join(out, 'e2e.json'));
}

console.log('');
for (const t of failedTests.slice(0, 20)) console.log(`FAILED ${t.slice(0, 400)}`);
if (failedTests.length > 20) console.log(`… and ${failedTests.length - 20} more`);
if (failures.length > 0) console.log(`Failed steps: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 || totals.failed > 0 ? 1 : 0);
