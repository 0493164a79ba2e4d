// Lighthouse (mobile, default simulated throttling) on the main routes of the built app:
// `npm run bench:lighthouse` (LIGHTHOUSE_SKIP_BUILD=1 reuses the current build, LIGHTHOUSE_RUNS
// sets the runs per route, default 3; LIGHTHOUSE_ROUTES=/,/dashboard measures only those;
// LIGHTHOUSE_SHIFTS=1 also prints the elements behind each route's layout shifts;
// LIGHTHOUSE_LCP=1 prints each run's LCP element, when it painted in the unthrottled load, and
// the requests that had started by then: Lighthouse's simulated LCP counts every one of them;
// LIGHTHOUSE_REPORTS=<dir> writes each run's full JSON report there, for its diagnostics;
// LIGHTHOUSE_BASELINE=<checkout> also measures that checkout's build, already made there with
// `npm ci && npm run build`, its runs alternating with these, and prints its rows beside;
// LIGHTHOUSE_ACCOUNT=seeded signs in an account with a portfolio of five buys and an exit plan of
// 20 sells, bench/lib/load-users, instead of a new one whose pages show their empty states;
// LIGHTHOUSE_MARKET=live runs the app(s) in live mode, MARKET_DATA=coingecko against a fake
// CoinGecko on 127.0.0.1 serving the snapshot's 283 coins, bench/lib/fake-live-market, and audits
// once the market is live, instead of demo mode on the bundled snapshot with its "Demo data" banner).
// Before a build's first signed-in audit the browser opens its /settings once, as a browser that
// signed up in the app has run it (the app's cookies, such as the reader's clock, then go along).
// Offline: Chromium at /usr/bin/chromium, the app on the bundled market snapshot or the fake. Not
// part of `npm test`: it prints figures, it asserts nothing.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { liveMarketEnv, startFakeLiveMarket } from '../lib/fake-live-market.ts';
import { newUser } from '../lib/load-users.ts';
import { freePort, waitForHttp } from '../lib/processes.ts';
import { signedInCookie } from '../lib/session.ts';
import { median } from '../lib/stats.ts';
import { type BuiltApp, chromiumFlags, chromiumPath, startBuiltApp, waitForLiveMarket } from './built-app.ts';

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
const showLcp = process.env.LIGHTHOUSE_LCP === '1';
const reportDir = process.env.LIGHTHOUSE_REPORTS;
const marketMode = process.env.LIGHTHOUSE_MARKET || 'demo';
if (marketMode !== 'demo' && marketMode !== 'live')
  throw new Error(`LIGHTHOUSE_MARKET=${marketMode}: expected live (or demo, the default)`);
if (reportDir) mkdirSync(reportDir, { recursive: true });
/**
 * LIGHTHOUSE_CPU_SLOWDOWN=6 replaces the default 4x CPU slowdown: Lighthouse scales what this host
 * measured, so 4 × (this host's benchmarkIndex ÷ another's) estimates the figures on that slower
 * host. Only for that estimate: the budgets are the default throttling's.
 */
const cpuSlowdown = process.env.LIGHTHOUSE_CPU_SLOWDOWN
  ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN)
  : undefined;
if (cpuSlowdown !== undefined && !(cpuSlowdown >= 1))
  throw new Error(
    `LIGHTHOUSE_CPU_SLOWDOWN=${process.env.LIGHTHOUSE_CPU_SLOWDOWN}: expected a factor of 1 or more`,
  );

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

/**
 * Opens `url` in a new tab for `ms`, then closes it: the app's start-up sets what a browser that has
 * used the app carries (the reader's clock cookie, which the terminal's painted badge needs, as it
 * would after signing up in the app rather than over HTTP as the bench does).
 */
async function visitOnce(port: number, url: string, ms = 3000): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  const call = (id: number, method: string, params: object) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const onMessage = (event: MessageEvent) => {
        const reply = JSON.parse(String(event.data)) as {
          id?: number;
          result?: Record<string, unknown>;
          error?: { message: string };
        };
        if (reply.id !== id) return;
        socket.removeEventListener('message', onMessage);
        if (reply.error) reject(new Error(reply.error.message));
        else resolve(reply.result ?? {});
      };
      socket.addEventListener('message', onMessage);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('DevTools socket failed')));
  });
  try {
    const { targetId } = (await call(1, 'Target.createTarget', { url })) as { targetId: string };
    await new Promise((r) => setTimeout(r, ms));
    await call(2, 'Target.closeTarget', { targetId });
  } finally {
    socket.close();
  }
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
async function audit(url: string, port: number, run: string): Promise<Figures | null> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cpuSlowdown === undefined
      ? {}
      : { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (reportDir) {
    const name = new URL(url).pathname.replace(/^\/$/, '/terminal').slice(1).replaceAll('/', '-');
    writeFileSync(join(reportDir, `${name}-${run}.json`), JSON.stringify(result.lhr, null, 1));
    // The page load's trace too, for what the report's long tasks were (DevTools' Performance panel).
    const trace = (result.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (trace) writeFileSync(join(reportDir, `${name}-${run}.trace.json`), JSON.stringify(trace));
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
  if (showLcp) console.log(lcpLine(audits));
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

type Audits = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']['audits'];

/**
 * What a run's LCP waited for: its element, when it painted in the unthrottled load, and the
 * requests started by then. Lighthouse simulates the LCP from every one of those (their bytes and
 * the chain of requests behind each), not from the element's own request alone.
 */
function lcpLine(audits: Audits): string {
  const items = (id: string) => (audits[id]?.details as { items?: unknown[] } | undefined)?.items ?? [];
  const observed = (items('metrics')[0] as { observedLargestContentfulPaint?: number } | undefined)
    ?.observedLargestContentfulPaint;
  const element = items('lcp-breakdown-insight').find(
    (item): item is { type: 'node'; nodeLabel?: string } => (item as { type?: string }).type === 'node',
  );
  const before = (
    items('network-requests') as { networkRequestTime?: number; transferSize?: number }[]
  ).filter((r) => observed !== undefined && (r.networkRequestTime ?? Number.POSITIVE_INFINITY) < observed);
  const kb = before.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1000;
  return `  LCP "${element?.nodeLabel ?? '?'}" painted at ${observed?.toFixed(0) ?? '?'} ms unthrottled; ${before.length} requests (${kb.toFixed(1)} kB) had started`;
}

/** A route's table row: the median of the runs measured (a failed run has no figures). */
function row(name: string, all: Figures[]): string {
  const counted = all.length === runs ? '' : ` (${all.length} of ${runs} runs)`;
  const m = (pick: (f: Figures) => number) => median(all.map(pick));
  return `| ${name}${counted} | ${m((f) => f.performance).toFixed(0)} | ${m((f) => f.accessibility).toFixed(0)} | ${m((f) => f.bestPractices).toFixed(0)} | ${m((f) => f.fcpMs).toFixed(0)} | ${m((f) => f.lcpMs).toFixed(0)} | ${m((f) => f.tbtMs).toFixed(0)} | ${m((f) => f.cls).toFixed(3)} | ${m((f) => f.bytes).toFixed(0)} |`;
}

/**
 * Two runs of a pair whose benchmarkIndex differs by more than this factor ran on a host that
 * changed under them (seen here: 2,168 against 1,344 within one pair, a TBT difference of +470 ms
 * where the other pairs said -50 to -350): their difference measures the host, not the builds.
 */
const unevenHostFactor = 1.25;

function evenHost([ours, baseline]: readonly [Figures, Figures]): boolean {
  const low = Math.min(ours.benchmarkIndex, baseline.benchmarkIndex);
  return Math.max(ours.benchmarkIndex, baseline.benchmarkIndex) <= low * unevenHostFactor;
}

/**
 * The two builds' runs paired in the order they were measured: a pair shares the host's state of
 * the moment, so the median of their differences sees changes the medians' spread hides. Pairs on
 * an uneven host are left out of the medians (when any pair is even) and named, and each metric's
 * differences are printed pair by pair, so a reader sees the spread a median hides.
 */
function pairedDifference(path: string, ours: (Figures | null)[], baseline: (Figures | null)[]): string {
  const both = ours.flatMap((o, i) => {
    const b = baseline[i];
    return o && b ? [[o, b] as const] : [];
  });
  const even = both.filter(evenHost);
  const counted = even.length > 0 ? even : both;
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(0)}`;
  const d = (pick: (f: Figures) => number) => signed(median(counted.map(([o, b]) => pick(o) - pick(b))));
  const each = (pick: (f: Figures) => number) => both.map(([o, b]) => signed(pick(o) - pick(b))).join(', ');
  const uneven = both.length - even.length;
  const apart = `benchmarkIndex more than ${unevenHostFactor}x apart`;
  const pairs =
    uneven === 0
      ? `${both.length} pairs`
      : even.length === 0
        ? `${both.length} pairs, every one with its ${apart}`
        : `${even.length} of ${both.length} pairs; ${uneven} left out, their ${apart}`;
  return [
    `  ${path}: perf ${d((f) => f.performance)}, FCP ${d((f) => f.fcpMs)} ms, LCP ${d((f) => f.lcpMs)} ms, TBT ${d((f) => f.tbtMs)} ms, bytes ${d((f) => f.bytes)} (${pairs})`,
    `    pair by pair: LCP ${each((f) => f.lcpMs)}; TBT ${each((f) => f.tbtMs)}; benchmarkIndex ${both.map(([o, b]) => `${o.benchmarkIndex.toFixed(0)}/${b.benchmarkIndex.toFixed(0)}`).join(', ')}`,
  ].join('\n');
}

if (process.env.LIGHTHOUSE_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** One build under test: its server and its signed-in session. */
interface Side {
  /** After the route in the table, and after the run number in a report's file name. */
  label: string;
  reportTag: string;
  app: BuiltApp;
  cookie: string;
}

const baselineRoot = process.env.LIGHTHOUSE_BASELINE;
const seeded = process.env.LIGHTHOUSE_ACCOUNT === 'seeded';
/** The signed-in account's cookies: a new account's, or one with data (LIGHTHOUSE_ACCOUNT=seeded). */
const accountCookie = async (base: string): Promise<string> =>
  seeded ? (await newUser(base, 0)).cookie : signedInCookie(base);
const fake = marketMode === 'live' ? await startFakeLiveMarket() : null;
const marketEnv = fake ? liveMarketEnv(fake) : {};
/** A build's server; in live mode, once its first refresh from the fake has made it live. */
async function startSide(checkout?: string): Promise<BuiltApp> {
  const started = await startBuiltApp(checkout, marketEnv);
  if (fake)
    await waitForLiveMarket(started.base, 120_000).catch(async (error) => {
      await started.stop();
      throw error;
    });
  return started;
}
const app = await startSide().catch(async (error) => {
  await fake?.close();
  throw error;
});
const baselineApp = baselineRoot
  ? await startSide(resolve(baselineRoot)).catch(async (error) => {
      await app.stop();
      await fake?.close();
      throw error;
    })
  : null;
const chromium = await startChromium();
try {
  const sides: Side[] = [{ label: '', reportTag: '', app, cookie: await accountCookie(app.base) }];
  if (baselineApp)
    sides.push({
      label: ' (baseline)',
      reportTag: '-baseline',
      app: baselineApp,
      cookie: await accountCookie(baselineApp.base),
    });
  const throttled =
    cpuSlowdown === undefined
      ? 'default simulated throttling'
      : `simulated throttling with a ${cpuSlowdown}x CPU slowdown instead of 4x`;
  console.log(`\nLighthouse ${runs}x per route, mobile, ${throttled} (median of the runs)`);
  console.log(
    seeded ? 'Account: seeded (a portfolio of five buys, an exit plan of 20 sells)' : 'Account: new, no data',
  );
  console.log(
    fake
      ? `Market: live (fake CoinGecko on 127.0.0.1 serving ${fake.coinCount} coins)`
      : 'Market: demo (bundled snapshot)',
  );
  if (baselineApp)
    console.log(`Baseline: the build in ${baselineRoot}, its runs alternating with these on the same host`);
  console.log('| route | perf | a11y | best practices | FCP ms | LCP ms | TBT ms | CLS | bytes |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  const indexes: number[] = [];
  const differences: string[] = [];
  // Each side's app opened once, signed in, before its first signed-in audit (visitOnce).
  const visited = new Set<Side>();
  for (const route of routes) {
    // Each side's runs in the order measured, a failed run as null, so run i pairs with run i.
    const measured = new Map(sides.map((side) => [side, [] as (Figures | null)[]]));
    for (let i = 0; i < runs; i++) {
      // Alternating which build goes first spreads the host's drift evenly over both.
      for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
        // Both servers are on 127.0.0.1, whose cookies Chromium keeps per host, not per port.
        if (route.signedIn) {
          await setCookies(chromium.port, side.cookie, side.app.base);
          if (!visited.has(side)) await visitOnce(chromium.port, `${side.app.base}/settings`);
          visited.add(side);
        } else await clearCookies(chromium.port);
        const run = `${i + 1}${side.reportTag}`;
        measured.get(side)?.push(await audit(`${side.app.base}${route.path}`, chromium.port, run));
      }
    }
    const all = (side: Side | undefined) => (side ? (measured.get(side) ?? []) : []);
    for (const side of sides) {
      const figures = all(side).filter((f): f is Figures => f !== null);
      indexes.push(...figures.map((f) => f.benchmarkIndex));
      console.log(row(`${route.path}${side.label}`, figures));
    }
    if (baselineApp) differences.push(pairedDifference(route.path, all(sides[0]), all(sides[1])));
  }
  if (differences.length > 0) {
    console.log('\nThis build minus the baseline, run by run (each pair measured back to back), median:');
    for (const line of differences) console.log(line);
  }
  // Lighthouse's simulated 4x CPU slowdown scales what this host measured, so TBT and LCP are only
  // comparable between runs on hosts of a similar index; print it beside the figures.
  if (indexes.length > 0)
    console.log(
      `\nHost: Lighthouse benchmarkIndex median ${median(indexes).toFixed(0)} (${Math.min(...indexes).toFixed(0)}-${Math.max(...indexes).toFixed(0)} over ${indexes.length} runs)`,
    );
  if (fake)
    console.log(
      `Fake CoinGecko answered: ${[...fake.counts].map(([route, n]) => `${route} ${n}`).join(', ')}`,
    );
} finally {
  // The apps first: they share this process's stderr, so a failure below must not leave them
  // running (a pipe into `tail` would then never close).
  await app.stop();
  await baselineApp?.stop();
  await fake?.close();
  await chromium.stop();
}
