// bench/load: signed-in users' realistic mix against the built app, next to the bare Fastify
// route in the same run. `npm run build` first; then
//   node --import tsx bench/load.bench.ts [--seconds 60] [--users 200]
// PGlite by default; BENCH_DATABASE_URL=postgres://… for PostgreSQL.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { load, printTable } from './lib/load.ts';
import { startAppAndBaseline } from './lib/servers.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '60' },
    users: { type: 'string', default: process.env.BENCH_USERS ?? '200' },
    /** Print the server's own event-loop delay every second (stderr, LOOP lines). */
    monitor: { type: 'boolean', default: false },
    /** Write the server's CPU profile (node --cpu-prof) into this folder when it stops. */
    profile: { type: 'string' },
  },
});
const seconds = Number(args.seconds);
const users = Number(args.users);

interface User {
  cookie: string;
  csrf: string;
  portfolioId: string;
  projectionId: string;
}

/** One request of the mix: its label, and how often a user makes it (weights sum to 100). */
const mix: { label: string; weight: number; run: (base: string, u: User, n: number) => Promise<Response> }[] =
  [
    {
      label: 'GET market list',
      weight: 30,
      run: (base, u) =>
        fetch(`${base}/api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=100`, {
          headers: { cookie: u.cookie, 'accept-encoding': 'br, gzip' },
        }),
    },
    {
      label: 'GET dashboard',
      weight: 25,
      run: (base, u) =>
        fetch(`${base}/api/v2/dashboard/?portfolio_id=all`, { headers: { cookie: u.cookie } }),
    },
    {
      label: 'GET transactions list',
      weight: 20,
      run: (base, u) =>
        fetch(`${base}/api/v2/transactions/?page=1&page_size=25`, { headers: { cookie: u.cookie } }),
    },
    {
      label: 'POST create transaction',
      weight: 10,
      run: (base, u, n) =>
        fetch(`${base}/api/v2/transactions/`, {
          method: 'POST',
          headers: { cookie: u.cookie, 'x-csrftoken': u.csrf, 'content-type': 'application/json' },
          body: JSON.stringify({
            portfolio_id: u.portfolioId,
            coin_id: 'bitcoin',
            type: 'buy',
            quantity: '0.01',
            price_per_coin: String(30_000 + (n % 1000)),
            fee: '0',
            date: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
            note: '',
          }),
        }),
    },
    {
      label: 'GET projection',
      weight: 15,
      run: (base, u) =>
        fetch(`${base}/api/v2/projections/exit-strategy/${u.projectionId}/calculate-with-transactions/`, {
          headers: { cookie: u.cookie },
        }),
    },
  ];

function setCookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) out.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return out;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Signs up like a browser (CSRF cookie, then the form post), then seeds a portfolio and a projection. */
async function newUser(base: string, i: number): Promise<User> {
  const jar = setCookies(await fetch(`${base}/api/auth/csrf/`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: cookie(),
        'x-csrftoken': jar.get('csrftoken') ?? '',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    for (const [k, v] of setCookies(res)) jar.set(k, v);
    return res;
  };
  await json(
    await send('POST', '/api/auth/signup', {
      email: `load-${process.pid}-${i}@example.test`,
      username: `load${i}`,
      password: 'correct horse 42 battery',
    }),
    'signup',
  );
  const portfolio = await json(await send('POST', '/api/v2/portfolios/', { name: 'Main' }), 'portfolio');
  for (let k = 0; k < 5; k++) {
    await json(
      await send('POST', '/api/v2/transactions/', {
        portfolio_id: portfolio.id,
        coin_id: k % 2 === 0 ? 'bitcoin' : 'ethereum',
        type: 'buy',
        quantity: '1',
        price_per_coin: String(1000 + k),
        fee: '0',
        date: new Date(Date.UTC(2023, k, 1)).toISOString(),
        note: '',
      }),
      'transaction',
    );
  }
  const projection = await json(
    await send('POST', '/api/v2/projections/exit-strategy/', {
      name: 'Exit',
      coin_id: 'bitcoin',
      coin_symbol: 'btc',
      coin_name: 'Bitcoin',
      invested_capital: '1000',
      tokens_owned: '1',
      sell_tax: '0',
    }),
    'projection',
  );
  await json(
    await send(
      'POST',
      `/api/v2/projections/exit-strategy/${String(projection.id)}/transactions/replace/`,
      Array.from({ length: 20 }, (_, k) => ({
        coins_sold: '0.01',
        price_per_coin: String(50_000 + k * 1000),
        fees_percentage: '0.1',
        price_impact_percentage: '0',
        transaction_order: k + 1,
      })),
    ),
    'sells',
  );
  return {
    cookie: cookie(),
    csrf: jar.get('csrftoken') ?? '',
    portfolioId: String(portfolio.id),
    projectionId: String(projection.id),
  };
}

/** Runs `count` jobs with at most `width` at once; returns their results in order. */
async function pool<T>(count: number, width: number, job: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

/**
 * A second client asking for the cheapest route every 100 ms: its worst wait is how long a
 * request can sit unread or queued behind the load (the "115 requests not read for
 * ~31 s").
 */
function startProbe(url: string): { stop(): Promise<{ samples: number; p99Ms: number; maxMs: number }> } {
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
      return {
        samples: sorted.length,
        p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
        maxMs: Math.round(sorted.at(-1) ?? 0),
      };
    },
  };
}

/** The mix entry whose weight band holds `roll` (0–100). */
function pickRequest(roll: number): (typeof mix)[number] | undefined {
  let left = roll;
  for (const m of mix) {
    left -= m.weight;
    if (left < 0) return m;
  }
  return mix[0];
}

function percentile(sorted: number[], p: number): number {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);
}

async function runMix(base: string, seeded: User[]) {
  const perLabel = new Map(mix.map((m) => [m.label, { latencies: [] as number[], errors: 0 }]));
  const all: number[] = [];
  let errors = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    seeded.map(async (u) => {
      while (performance.now() < until) {
        const request = pickRequest(Math.random() * 100);
        if (!request) return;
        const started = performance.now();
        let ok = false;
        try {
          const res = await request.run(base, u, n++);
          await res.arrayBuffer();
          ok = res.ok;
        } catch {
          ok = false;
        }
        const ms = performance.now() - started;
        const bucket = perLabel.get(request.label);
        bucket?.latencies.push(ms);
        all.push(ms);
        if (!ok) {
          errors += 1;
          if (bucket) bucket.errors += 1;
        }
      }
    }),
  );
  const rows = [...perLabel].map(([label, b]) => {
    const sorted = b.latencies.sort((x, y) => x - y);
    return {
      label: `  ${label}`,
      requestsPerSecond: Math.round(sorted.length / seconds),
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      non2xx: b.errors,
      errors: 0,
    };
  });
  const sorted = all.sort((x, y) => x - y);
  return {
    total: {
      label: `mix of ${seeded.length} signed-in users`,
      requestsPerSecond: Math.round(sorted.length / seconds),
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
      non2xx: errors,
      errors: 0,
    },
    rows,
  };
}

export async function benchLoad(): Promise<void> {
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  const monitor = new URL('./lib/loop-monitor.mjs', import.meta.url).pathname;
  const servers = await startAppAndBaseline('load', { AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, [
    ...(args.monitor ? ['--import', monitor] : []),
    ...(args.profile ? ['--cpu-prof', '--cpu-prof-dir', args.profile] : []),
  ]);
  const lag = monitorEventLoopDelay();
  lag.enable();
  try {
    const { appUrl, bareUrl } = servers;
    // Sign-ups all at once, as the probe did: 200 password hashes queue on the thread pool.
    console.error('PHASE sign-up');
    const probe = startProbe(`${appUrl}/health-check`);
    const bare = startProbe(`${appUrl}/api/auth/csrf/`);
    const signupStarted = performance.now();
    const seeded = await pool(users, users, (i) => newUser(appUrl, i));
    const signupMs = Math.round(performance.now() - signupStarted);
    const signupProbe = await probe.stop();
    const signupBare = await bare.stop();
    console.log(
      `\n${users} users signed up and seeded at once in ${signupMs} ms; a second client meanwhile: /health-check (one query) p99 ${signupProbe.p99Ms} ms, worst ${signupProbe.maxMs} ms (${signupProbe.samples} samples); /api/auth/csrf/ (no query) p99 ${signupBare.p99Ms} ms, worst ${signupBare.maxMs} ms`,
    );

    console.error('PHASE mix');
    const mixProbe = startProbe(`${appUrl}/health-check`);
    const mixBare = startProbe(`${appUrl}/api/auth/csrf/`);
    const { total, rows } = await runMix(appUrl, seeded);
    const during = await mixProbe.stop();
    const duringBare = await mixBare.stop();
    console.error('PHASE bare');
    const baseline = await load('bare Fastify GET /bare', bareUrl, {
      connections: users,
      durationSeconds: seconds,
    });
    printTable(
      `load — ${users} signed-in users, ${seconds} s, database: ${database} (errors = non-2xx or failed)`,
      [baseline, total, ...rows],
    );
    console.log(
      `a second client during the mix: /health-check (one query) p99 ${during.p99Ms} ms, worst ${during.maxMs} ms (${during.samples} samples); /api/auth/csrf/ (no query) p99 ${duringBare.p99Ms} ms, worst ${duringBare.maxMs} ms`,
    );
    console.log(
      `load generator's own event-loop delay p99: ${Math.round(lag.percentile(99) / 1e6)} ms (a busy generator inflates every figure)`,
    );
  } finally {
    lag.disable();
    await servers.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchLoad();
