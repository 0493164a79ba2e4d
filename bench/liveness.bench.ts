// bench/liveness: do the health probes still answer while 200 signed-in users keep the server busy?
// `npm run build` first; then
//   node --import tsx bench/liveness.bench.ts [--users 200] [--seconds 60] [--idle-seconds 10]
//        [--probe-every-ms 250] [--probe-timeout-ms 1000] [--think-ms 0]
//
// Two built servers on PGlite, each its own process: one gets the users, the other none. Both are
// probed the same way at the same time (HEAD /health-check and GET /health-check/ready on a fixed
// schedule, each probe with a time limit), so the idle server's row is the baseline: what this
// machine and this load generator do to a probe of a server with nothing to do.
// Three windows: both idle; 200 users signing up and seeding their books at once; the users
// asking for their dashboard and transactions list one request after another (no pause by
// default: the most the users can ask of the server).
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type ProbeOptions, printProbeTable, startHealthProbes } from './lib/health-probes.ts';
import type { LoadResult } from './lib/load.ts';
import { printTable } from './lib/load.ts';
import { summarise } from './lib/load-mix.ts';
import { type LoadUser, seedUsers } from './lib/load-users.ts';
import { freePort, startProcess, stopProcess, waitForHttp } from './lib/processes.ts';

const { values: args } = parseArgs({
  options: {
    users: { type: 'string', default: process.env.BENCH_USERS ?? '200' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '60' },
    'idle-seconds': { type: 'string', default: '10' },
    'probe-every-ms': { type: 'string', default: '250' },
    'probe-timeout-ms': { type: 'string', default: '1000' },
    /** Mean pause between one user's requests; 0 keeps every user's next request waiting on the server. */
    'think-ms': { type: 'string', default: '0' },
  },
});
const users = Number(args.users);
const seconds = Number(args.seconds);
const idleSeconds = Number(args['idle-seconds']);
const thinkMs = Number(args['think-ms']);
const probeOptions: ProbeOptions = {
  everyMs: Number(args['probe-every-ms']),
  timeoutMs: Number(args['probe-timeout-ms']),
};

const root = fileURLToPath(new URL('..', import.meta.url));

interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

async function startApp(tag: string): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), `bench-liveness-${tag}-`));
  const port = await freePort();
  const child = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  });
  const app: RunningApp = {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await stopProcess(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  try {
    await waitForHttp(`${app.url}/health-check/ready`, 120_000, async (res) => res.status === 200);
  } catch (error) {
    await app.stop();
    throw error;
  }
  return app;
}

const pages: { label: string; path: string }[] = [
  { label: 'GET dashboard', path: '/api/v2/dashboard/?portfolio_id=all' },
  { label: 'GET transactions list', path: '/api/v2/transactions/?page=1&page_size=25' },
];

const pause = (meanMs: number): Promise<void> =>
  meanMs <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * meanMs));

/** Every user opens their dashboard, then their transactions list, again and again until time is up. */
async function keepBusy(base: string, seeded: LoadUser[]): Promise<LoadResult[]> {
  const tallies = pages.map(() => ({ latencies: [] as number[], failures: 0 }));
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    seeded.map(async (user) => {
      while (performance.now() < until) {
        for (const [i, page] of pages.entries()) {
          const started = performance.now();
          let ok = false;
          try {
            const res = await fetch(`${base}${page.path}`, { headers: { cookie: user.cookie } });
            await res.arrayBuffer();
            ok = res.ok;
          } catch {
            ok = false;
          }
          const tally = tallies[i];
          tally?.latencies.push(performance.now() - started);
          if (!ok && tally) tally.failures += 1;
          await pause(thinkMs);
        }
      }
    }),
  );
  return pages.map((page, i) =>
    summarise(page.label, tallies[i]?.latencies ?? [], tallies[i]?.failures ?? 0, seconds),
  );
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

export async function benchLiveness(): Promise<void> {
  const startLoad = load();
  const [busy, idle] = await Promise.all([startApp('busy'), startApp('idle')]);
  const probeBoth = () => {
    const probes = [
      startHealthProbes('busy server', busy.url, probeOptions),
      startHealthProbes('idle server (baseline)', idle.url, probeOptions),
    ];
    return async () => (await Promise.all(probes.map((p) => p.stop()))).flat();
  };
  const schedule = `every ${probeOptions.everyMs} ms, ${probeOptions.timeoutMs} ms limit each`;
  try {
    let stop = probeBoth();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    printProbeTable(`liveness — both servers idle, ${idleSeconds} s, probes ${schedule}`, await stop());

    stop = probeBoth();
    const signupStarted = performance.now();
    const seeded = await seedUsers(busy.url, users);
    const signupMs = Math.round(performance.now() - signupStarted);
    printProbeTable(
      `liveness — ${users} users sign up and seed a portfolio (5 buys) and a projection (20 sells) at once on the busy server: ${signupMs} ms; probes ${schedule}`,
      await stop(),
    );

    stop = probeBoth();
    const pagesRun = await keepBusy(busy.url, seeded);
    printProbeTable(
      `liveness — ${users} signed-in users ask for their dashboard and transactions list, ${thinkMs} ms mean pause, ${seconds} s; probes ${schedule}`,
      await stop(),
    );
    printTable(`the users' requests meanwhile (errors = non-2xx or failed)`, pagesRun);
  } finally {
    await Promise.all([busy.stop(), idle.stop()]);
  }
  console.log(`\nload average (1, 5, 15 min) at the start: ${startLoad}; at the end: ${load()}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLiveness();
