import { recalculate, type SellRow } from '@app/core';
import autocannon from 'autocannon';
import { type LoadResult, load, printTable } from './lib/load.ts';
import { startAppAndBaseline } from './lib/servers.ts';
import { signedInCookie } from './lib/session.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

function rows(n: number): SellRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `local-${i + 1}`,
    coins_sold: '0.01234567',
    price_per_coin: String(50_000 + i * 37.5),
    fees_percentage: '0.1',
    price_impact_percentage: '0.5',
    sell_tax: '20',
    transaction_order: i + 1,
  }));
}

/** The spec §4 formulas in binary floats: the cheapest thing that could compute the table. */
function floatRecalculate(input: SellRow[], owned: number, tax: number) {
  let remaining = owned;
  let cash = 0;
  let gross = 0;
  let sold = 0;
  for (const r of input) {
    const s = Math.min(Number(r.coins_sold), remaining);
    const g = s * Number(r.price_per_coin);
    cash += g - (g * Number(r.fees_percentage)) / 100 - (g * tax) / 100;
    remaining -= s;
    gross += g;
    sold += s;
  }
  return { remaining, cash, average: gross / sold };
}

function timeIt(label: string, runs: number, fn: () => unknown) {
  for (let i = 0; i < 5; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { label, medianMs: pick(0.5), p95Ms: pick(0.95) };
}

function benchRecalculate(): void {
  const thousand = rows(1000);
  const context = {
    investedCapital: '100000',
    circulatingSupply: '19930000',
    currentPrice: '100000',
    athPrice: '126000',
  };
  const results = [
    timeIt('float loop, 1,000 rows (baseline)', 200, () => floatRecalculate(thousand, 20, 20)),
    timeIt('core recalculate, 1,000 rows (decimal.js)', 50, () => recalculate(thousand, '20', '20', context)),
    timeIt('core recalculate, 50 rows', 200, () => recalculate(thousand.slice(0, 50), '20', '20', context)),
  ];
  console.log('\nprojection recalculation (in process)');
  console.log('| case | median ms | p95 ms |');
  console.log('|---|---:|---:|');
  for (const r of results) console.log(`| ${r.label} | ${r.medianMs.toFixed(3)} | ${r.p95Ms.toFixed(3)} |`);
}

async function loadPost(
  label: string,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: durationSeconds,
    headers,
    body,
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export async function benchProjections(): Promise<void> {
  benchRecalculate();

  const servers = await startAppAndBaseline('projections');
  const { appUrl, bareUrl } = servers;
  try {
    const cookie = await signedInCookie(appUrl);
    const token = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
    const write = { cookie, 'x-csrftoken': token, 'content-type': 'application/json' };
    const base = `${appUrl}/api/v2/projections/exit-strategy/`;
    const created = await fetch(base, {
      method: 'POST',
      headers: write,
      body: JSON.stringify({
        name: 'BTC Position',
        coin_id: 'bitcoin',
        invested_capital: '100000',
        tokens_owned: '20',
        sell_tax: '20',
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const plan = JSON.stringify(
      rows(20).map(
        ({ coins_sold, price_per_coin, fees_percentage, price_impact_percentage, transaction_order }) => ({
          coins_sold,
          price_per_coin,
          fees_percentage,
          price_impact_percentage,
          transaction_order,
        }),
      ),
    );
    const saved = await fetch(`${base}${id}/transactions/replace/`, {
      method: 'POST',
      headers: write,
      body: plan,
    });
    if (!saved.ok) throw new Error(`replace failed: ${saved.status}`);

    const figuresUrl = `${base}${id}/calculate-with-transactions/`;
    const opts = { connections, durationSeconds };
    await load('warm-up', bareUrl, { connections, durationSeconds: 2 });
    await load('warm-up', figuresUrl, { connections, durationSeconds: 2, headers: { cookie } });
    const bareResult = await load('bare Fastify GET /bare', bareUrl, opts);
    // The app's cheapest signed-in route: session lookup and serialisation, no projection work.
    const session = await load(
      'GET /api/auth/session-status (app baseline)',
      `${appUrl}/api/auth/session-status`,
      {
        ...opts,
        headers: { cookie },
      },
    );
    const figures = await load('GET {id}/calculate-with-transactions/ (20 rows)', figuresUrl, {
      ...opts,
      headers: { cookie },
    });
    const replace = await loadPost(
      'POST {id}/transactions/replace/ (20 rows)',
      `${base}${id}/transactions/replace/`,
      write,
      plan,
    );
    printTable(
      `projections vs bare route — ${connections} connections, ${durationSeconds} s each, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
      [bareResult, session, figures, replace],
    );
    const pct = (r: LoadResult, of: LoadResult) =>
      ((r.requestsPerSecond / of.requestsPerSecond) * 100).toFixed(1);
    for (const r of [figures, replace]) {
      console.log(
        `ratio: ${r.label} serves ${pct(r, bareResult)}% of the bare route, ${pct(r, session)}% of session-status`,
      );
    }
  } finally {
    await servers.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchProjections();
