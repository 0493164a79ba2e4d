// The page views of bench/load's users and the two ways of running them: users who pause between
// page views (think time), and a closed loop with no pause, which measures saturation.
import type { LoadResult } from './load.ts';
import type { LoadUser } from './load-users.ts';

type Request = (base: string, u: LoadUser, n: number) => Promise<Response>;

const get =
  (path: (u: LoadUser) => string, headers: Record<string, string> = {}): Request =>
  (base, u) =>
    fetch(`${base}${path(u)}`, { headers: { cookie: u.cookie, ...headers } });

const requests = {
  'GET market list': get(() => '/api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=100', {
    'accept-encoding': 'br, gzip',
  }),
  'GET dashboard': get(() => '/api/v2/dashboard/?portfolio_id=all'),
  'GET transactions list': get(() => '/api/v2/transactions/?page=1&page_size=25'),
  'POST create transaction': ((base, u, n) =>
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
    })) satisfies Request,
  'GET projection': get(
    (u) => `/api/v2/projections/exit-strategy/${u.projectionId}/calculate-with-transactions/`,
  ),
};
export type RequestLabel = keyof typeof requests;
export const requestLabels = Object.keys(requests) as RequestLabel[];

/**
 * What a user opens, and how often (weights sum to 100): the mix of market list,
 * dashboard, transactions list, create transaction and projections. A page view's requests are
 * sent one after another; saving a transaction reloads the list, as the web app does.
 */
export const pageViews: { weight: number; requests: RequestLabel[] }[] = [
  { weight: 30, requests: ['GET market list'] },
  { weight: 25, requests: ['GET dashboard'] },
  { weight: 20, requests: ['GET transactions list'] },
  { weight: 10, requests: ['POST create transaction', 'GET transactions list'] },
  { weight: 15, requests: ['GET projection'] },
];

export const requestsPerView = pageViews.reduce((sum, v) => sum + (v.weight / 100) * v.requests.length, 0);

function pickView(): (typeof pageViews)[number] {
  let left = Math.random() * 100;
  for (const view of pageViews) {
    left -= view.weight;
    if (left < 0) return view;
  }
  return pageViews[0] as (typeof pageViews)[number];
}

/** Exponentially distributed pause with this mean: users act independently (Poisson arrivals). */
const pause = (meanMs: number): Promise<void> =>
  meanMs <= 0 ? Promise.resolve() : new Promise((r) => setTimeout(r, -Math.log(1 - Math.random()) * meanMs));

const percentile = (sorted: number[], p: number): number =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0);

export function summarise(label: string, latencies: number[], failures: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((x, y) => x - y);
  return {
    label,
    requestsPerSecond: Math.round(sorted.length / seconds),
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    non2xx: failures,
    errors: 0,
  };
}

export interface MixRun {
  total: LoadResult;
  rows: LoadResult[];
}

/**
 * Every user opens page views until `seconds` are over, pausing `thinkMs` on average after each
 * (0: no pause, a closed loop that keeps every user's next request waiting on the server). With a
 * pause each user starts at a random moment of its first pause, so the load does not arrive as
 * one burst.
 */
export async function runMix(
  base: string,
  users: LoadUser[],
  options: { seconds: number; thinkMs: number; title: string },
): Promise<MixRun> {
  const perLabel = new Map(requestLabels.map((l) => [l, { latencies: [] as number[], failures: 0 }]));
  let n = 0;
  const until = performance.now() + options.seconds * 1000;
  await Promise.all(
    users.map(async (u) => {
      if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
      while (performance.now() < until) {
        for (const label of pickView().requests) {
          const started = performance.now();
          let ok = false;
          try {
            const res = await requests[label](base, u, n++);
            await res.arrayBuffer();
            ok = res.ok;
          } catch {
            ok = false;
          }
          const bucket = perLabel.get(label);
          bucket?.latencies.push(performance.now() - started);
          if (!ok && bucket) bucket.failures += 1;
        }
        await pause(options.thinkMs);
      }
    }),
  );
  const buckets = [...perLabel];
  return {
    total: summarise(
      options.title,
      buckets.flatMap(([, b]) => b.latencies),
      buckets.reduce((sum, [, b]) => sum + b.failures, 0),
      options.seconds,
    ),
    rows: buckets.map(([label, b]) => summarise(`  ${label}`, b.latencies, b.failures, options.seconds)),
  };
}

/**
 * The same users and pauses against the bare Fastify route (one GET per page view), in the same
 * seconds as the mix: what the machine itself adds to a request while the mix runs.
 */
export async function runBareUsers(
  url: string,
  count: number,
  options: { seconds: number; thinkMs: number; title: string },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: count }, async () => {
      await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
      while (performance.now() < until) {
        const started = performance.now();
        try {
          const res = await fetch(url);
          await res.arrayBuffer();
          if (!res.ok) failures += 1;
        } catch {
          failures += 1;
        }
        latencies.push(performance.now() - started);
        await pause(options.thinkMs);
      }
    }),
  );
  return summarise(options.title, latencies, failures, options.seconds);
}
