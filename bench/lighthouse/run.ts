// Lighthouse (mobile, default simulated throttling) on the main routes of the built app:
// `npm run bench:lighthouse` (LIGHTHOUSE_SKIP_BUILD=1 reuses the current build, LIGHTHOUSE_RUNS
// sets the runs per route, default 3; LIGHTHOUSE_ROUTES=/,/dashboard measures only those;
// LIGHTHOUSE_SHIFTS=1 also prints the elements behind each route's layout shifts;
// LIGHTHOUSE_REPORTS=<dir> writes each run's full JSON report there, for its diagnostics). Offline: Chromium at /usr/bin/chromium, the app on the
// bundled market snapshot. Not part of `npm test`: it prints figures, it asserts nothing.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { freePort, waitForHttp } from '../lib/processes.ts';
import { signedInCookie } from '../lib/session.ts';
import { chromiumFlags, chromiumPath, startBuiltApp } from './built-app.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** /landing signed out (as a visitor sees it); the others signed in. */
const allRoutes = [
  { path: '/landing', signedIn: false },
  { path: '/', signedIn: true },
  { path: '/dashboard', signedIn: true },
  { path: '/projections', signedIn: true },
  { path: '/transactions', signedIn: true },
  { path: '/insights', signedIn: true },
];
const only = process.env.LIGHTHOUSE_ROUTES?.split(',');
const routes = only ? allRoutes.filter((r) => only.includes(r.path)) : allRoutes;
const showShifts = process.env.LIGHTHOUSE_SHIFTS === '1';
const reportDir = process.env.LIGHTHOUSE_REPORTS;
if (reportDir) mkdirSync(reportDir, { recursive: true });

interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  /** Lighthouse's measure of the host's CPU speed: the same page blocks longer on a slower host. */
  benchmarkIndex: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-chromium-'));
  const child: ChildProcess = spawn(
    chromiumPath,
    [...chromiumFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  await waitForHttp(`http://127.0.0.1:${port}/json/version`, 30_000);
  return {
    port,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      }
      // Chromium's helpers may still be writing into the profile as it exits (ENOTEMPTY). A
      // profile left in the temp folder must not cost the figures already measured.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 300 });
      } catch (error) {
        console.log(`Chromium's profile ${profile} was not removed: ${String(error)}`);
      }
    },
  };
}

/**
 * Puts the session in Chromium's cookie jar over the DevTools protocol, so the app's own fetches
 * carry it as a browser's would (Lighthouse keeps cookies between runs; it clears caches only).
 */
async function setCookies(port: number, cookieHeader: string, origin: string): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const cookies = cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
  });
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () =>
      socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies } })),
    );
    socket.addEventListener('message', (event) => {
      const reply = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (reply.id !== 1) return;
      socket.close();
      if (reply.error) reject(new Error(reply.error.message));
      else resolve();
    });
    socket.addEventListener('error', () => reject(new Error('DevTools socket failed')));
  });
}

async function clearCookies(port: number): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () =>
      socket.send(JSON.stringify({ id: 1, method: 'Storage.clearCookies' })),
    );
    socket.addEventListener('message', () => {
      socket.close();
      resolve();
    });
    socket.addEventListener('error', () => reject(new Error('DevTools socket failed')));
  });
}

/** A run's figures, or null when Lighthouse could not measure it (e.g. NO_NAVSTART on a busy machine). */
async function audit(url: string, port: number, run: number): Promise<Figures | null> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportDir) {
    const name = new URL(url).pathname.replace(/^\/$/, '/terminal').slice(1).replaceAll('/', '-');
    writeFileSync(join(reportDir, `${name}-${run + 1}.json`), JSON.stringify(result.lhr, null, 1));
    // The page load's trace too, for what the report's long tasks were (bench/lighthouse/tasks.ts).
    const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (trace) writeFileSync(join(reportDir, `${name}-${run + 1}.trace.json`), JSON.stringify(trace));
  }
  const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
  if (runtimeError) {
    console.log(`  ${url}: Lighthouse error ${runtimeError.code}: ${runtimeError.message} (run left out)`);
    return null;
  }
  // A lost session would measure the sign-in page instead; refuse to print that as the route.
  if (new URL(finalDisplayedUrl).pathname !== new URL(url).pathname) {
    throw new Error(`${url} ended on ${finalDisplayedUrl}`);
  }
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  if (showShifts) {
    const details = audits['layout-shifts']?.details as
      | { items?: { node?: { selector?: string; snippet?: string }; score?: number }[] }
      | undefined;
    for (const item of details?.items ?? []) {
      console.log(
        `  shift ${item.score?.toFixed(3)} ${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`,
      );
    }
  }
  return {
    performance: (categories.performance?.score ?? 0) * 100,
    accessibility: (categories.accessibility?.score ?? 0) * 100,
    bestPractices: (categories['best-practices']?.score ?? 0) * 100,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    benchmarkIndex: result.lhr.environment.benchmarkIndex,
  };
}

if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

const app = await startBuiltApp();
const { base } = app;
const chromium = await startChromium();
try {
  const cookie = await signedInCookie(base);
  console.log(`\nLighthouse ${runs}x per route, mobile, default simulated throttling (median of the runs)`);
  console.log('| route | perf | a11y | best practices | FCP ms | LCP ms | TBT ms | CLS | bytes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const indexes: number[] = [];
  for (const route of routes) {
    if (route.signedIn) await setCookies(chromium.port, cookie, base);
    else await clearCookies(chromium.port);
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++) {
      const figures = await audit(`${base}${route.path}`, chromium.port, i);
      if (figures !== null) all.push(figures);
    }
    // A failed run has no figures (NaN would sort anywhere): the median is of the runs measured.
    const counted = all.length === runs ? '' : ` (${all.length} of ${runs} runs)`;
    const m = (pick: (f: Figures) => number) => median(all.map(pick));
    indexes.push(...all.map((f) => f.benchmarkIndex));
    console.log(
      `| ${route.path}${counted} | ${m((f) => f.performance).toFixed(0)} | ${m((f) => f.accessibility).toFixed(0)} | ${m((f) => f.bestPractices).toFixed(0)} | ${m((f) => f.fcpMs).toFixed(0)} | ${m((f) => f.lcpMs).toFixed(0)} | ${m((f) => f.tbtMs).toFixed(0)} | ${m((f) => f.cls).toFixed(3)} | ${m((f) => f.bytes).toFixed(0)} |`,
    );
  }
  // Lighthouse's simulated 4x CPU slowdown scales what this host measured, so TBT and LCP are only
  // comparable between runs on hosts of a similar index; print it beside the figures.
  if (indexes.length > 0)
    console.log(
      `\nHost: Lighthouse benchmarkIndex median ${median(indexes).toFixed(0)} (${Math.min(...indexes).toFixed(0)}-${Math.max(...indexes).toFixed(0)} over ${indexes.length} runs)`,
    );
} finally {
  // The app first: it shares this process's stderr, so a failure below must not leave it running
  // (a pipe into `tail` would then never close).
  await app.stop();
  await chromium.stop();
}
