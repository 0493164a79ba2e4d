// bench/load: 200 signed-in users' mix (market list, dashboard, transactions list, create
// transaction, projection) against the built app, beside the bare Fastify route in the same run,
// on PGlite and then on a throw-away database of the PostgreSQL server at BENCH_POSTGRES_URL.
// `npm run build` first; then
//   node --import tsx bench/load.bench.ts [--seconds 60] [--users 200] [--think-ms 3000]
//        [--saturation-seconds 30] [--databases pglite,postgres]
//
// Two runs per database, both printed:
// - users: each user opens a page view (its requests one after another), then pauses for an
//   exponentially distributed think time (mean --think-ms), like a person reading the page. The
//   offered rate is printed: users × requests per view / (think time + response time). Latency
//   here is what a user waits.
// - saturation: the same users with no pause (a closed loop of --users connections). Every user's
//   next request waits on the server, so this measures the most req/s the server does; by
//   Little's law p50 ≈ users / req/s there, whatever the server.
// The bare Fastify route gets the same users and pauses during the user run (what the machine
// adds to any request meanwhile) and autocannon's closed loop for saturation.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { postgresDatabase } from './lib/databases.ts';
import { type LoadResult, load, printTable } from './lib/load.ts';
import { requestsPerView, runBareUsers, runMix } from './lib/load-mix.ts';
import { seedUsers } from './lib/load-users.ts';
import { startAppAndBaseline } from './lib/servers.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '60' },
    users: { type: 'string', default: process.env.BENCH_USERS ?? '200' },
    /** Mean pause between one user's page views. */
    'think-ms': { type: 'string', default: process.env.BENCH_THINK_MS ?? '3000' },
    'saturation-seconds': { type: 'string', default: process.env.BENCH_SATURATION_SECONDS ?? '30' },
    databases: { type: 'string', default: process.env.BENCH_LOAD_DATABASES ?? 'pglite,postgres' },
    /** Print the server's own event-loop delay every second (stderr, LOOP lines). */
    monitor: { type: 'boolean', default: false },
    /** Write the server's CPU profile (node --cpu-prof) into this folder when it stops. */
    profile: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const users = Number(args.users);
const thinkMs = Number(args['think-ms']);
const saturationSeconds = Number(args['saturation-seconds']);

/**
 * A second client asking for one route every 100 ms: its worst wait is how long a request can
 * sit unread or queued behind the load (the "115 requests not read for ~31 s").
 */
function startProbe(url: string): { stop(): Promise<string> } {
  const waits: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        await (await fetch(url)).arrayBuffer();
      } catch {
        // counted as a wait up to the failure
      }
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...waits].sort((a, b) => a - b);
      const p99 = Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0);
      return `${new URL(url).pathname} p99 ${p99} ms, worst ${Math.round(sorted.at(-1) ?? 0)} ms (${sorted.length} samples)`;
    },
  };
}

/** Both probes of the issue: one query (/health-check), and none (/api/auth/csrf/). */
function startProbes(appUrl: string): { stop(): Promise<string> } {
  const probes = [startProbe(`${appUrl}/health-check`), startProbe(`${appUrl}/api/auth/csrf/`)];
  return {
    async stop() {
      return (await Promise.all(probes.map((p) => p.stop()))).join('; ');
    },
  };
}

async function benchOneDatabase(database: string, env: Record<string, string>): Promise<void> {
  const monitor = new URL('./lib/loop-monitor.mjs', import.meta.url).pathname;
  const servers = await startAppAndBaseline('load', { AUTH_RATE_LIMIT_PER_MINUTE: '100000', ...env }, [
    ...(args.monitor ? ['--import', monitor] : []),
    ...(args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : []),
  ]);
  const lag = monitorEventLoopDelay();
  lag.enable();
  try {
    const { appUrl, bareUrl } = servers;
    console.error(`PHASE ${database} sign-up`);
    let probes = startProbes(appUrl);
    const signupStarted = performance.now();
    const seeded = await seedUsers(appUrl, users);
    console.log(
      `\n${database}: ${users} users signed up and seeded at once in ${Math.round(performance.now() - signupStarted)} ms; a second client meanwhile: ${await probes.stop()}`,
    );

    console.error(`PHASE ${database} users`);
    probes = startProbes(appUrl);
    const userRun = { seconds, thinkMs, title: `mix, ${users} users pausing` };
    const [mix, bare] = await Promise.all([
      runMix(appUrl, seeded, userRun),
      runBareUsers(bareUrl, users, { ...userRun, title: `bare Fastify GET /bare, ${users} users pausing` }),
    ]);
    const userProbes = await probes.stop();
    const offered = (users * requestsPerView) / (thinkMs / 1000);
    printTable(
      `load, ${database} — ${users} signed-in users, ${seconds} s, each pausing ${thinkMs} ms on average (exponential) after a page view of ${requestsPerView.toFixed(2)} requests on average: offered at most ${Math.round(offered)} req/s (errors = non-2xx or failed)`,
      [bare, mix.total, ...mix.rows],
    );
    console.log(`a second client meanwhile: ${userProbes}`);

    console.error(`PHASE ${database} saturation`);
    probes = startProbes(appUrl);
    const saturation = await runMix(appUrl, seeded, {
      seconds: saturationSeconds,
      thinkMs: 0,
      title: `mix, ${users} users with no pause`,
    });
    const saturationProbes = await probes.stop();
    console.error(`PHASE ${database} bare saturation`);
    const bareSaturation: LoadResult = await load(`bare Fastify GET /bare, ${users} connections`, bareUrl, {
      connections: users,
      durationSeconds: saturationSeconds,
    });
    printTable(
      `saturation, ${database} — the same ${users} users with no pause, ${saturationSeconds} s: the most req/s the server does (p50 ≈ users / req/s by Little's law)`,
      [bareSaturation, saturation.total, ...saturation.rows],
    );
    console.log(`a second client meanwhile: ${saturationProbes}`);
    console.log(
      `load generator's own event-loop delay p99: ${Math.round(lag.percentile(99) / 1e6)} ms (a busy generator inflates every figure)`,
    );
  } finally {
    lag.disable();
    await servers.stop();
  }
}

export async function benchLoad(): Promise<void> {
  for (const database of args.databases.split(',')) {
    if (database === 'pglite') await benchOneDatabase('PGlite', { DATABASE_URL: '' });
    else if (database === 'postgres') {
      const scratch = await postgresDatabase('load');
      if (!scratch) continue;
      try {
        await benchOneDatabase('PostgreSQL', scratch.env);
      } finally {
        await scratch.dispose();
      }
    } else throw new Error(`unknown database ${database}: pglite or postgres`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoad();
