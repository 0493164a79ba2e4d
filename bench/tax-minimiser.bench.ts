// The lot-choice minimiser (the lots with the lowest estimated tax for one sale, US rule) over
// 10,000 open lots, beside the realized-gains report on the same data in the same run.
//
// 1. In process (packages/core, no database): 10,000 buys of bitcoin over 3 years and 200 small
//    sales in the last year. Timed per answer, median and p95 of BENCH_MINIMISER_SAMPLES runs:
//    the report (computeTax, the replay, then buildTaxReport for the year), the report from a
//    replay already made (the server's warm case), the minimiser alone (minimiseLotChoice for a
//    sale of half the holding), and the what-if sale with its lowest-tax choice (whatIfSale: the
//    method's figures, the minimiser and the three methods' choices weighed with the year).
// 2. Over HTTP (the built server on PGlite, skipped with BENCH_MINIMISER_HTTP=0): the same rows
//    written with bulk SQL, then GET /api/v2/tax/report/ and POST /api/v2/tax/what-if/ (which
//    answers with the lowest-tax choice under the US rule), cold (first request of a fresh process)
//    and warm (median and p95 of BENCH_WARM_SAMPLES).
// Run: npm run build, then node --import tsx bench/tax-minimiser.bench.ts (BENCH_MINIMISER_LOTS,
// BENCH_MINIMISER_SAMPLES, BENCH_WARM_SAMPLES, BENCH_MINIMISER_HTTP).
import { fileURLToPath } from 'node:url';
import {
  buildTaxReport,
  type ChoiceLot,
  computeTax,
  Dec,
  dayInZone,
  minimiseLotChoice,
  type TaxTransaction,
  whatIfSale,
} from '@app/core';
import { pgliteDatabase, type Run } from './lib/databases.ts';
import { startIdleServer } from './lib/idle-server.ts';
import { signedInJsonHeaders } from './lib/session.ts';
import { median } from './lib/stats.ts';

const lotCount = Number(process.env.BENCH_MINIMISER_LOTS ?? 10_000);
const samples = Number(process.env.BENCH_MINIMISER_SAMPLES ?? 20);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 20);
const http = process.env.BENCH_MINIMISER_HTTP !== '0';
const saleCount = 200;
const dayMs = 86_400_000;
const years = 3;
const today = Math.floor(Date.now() / dayMs) * dayMs;
const year = new Date(today).getUTCFullYear();
const rates = { shortRate: '24', longRate: '15' };

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? Number.NaN;
}

interface Row {
  type: 'buy' | 'sell';
  quantity: string;
  price: string;
  at: string;
}

/** `lotCount` buys over three years, then `saleCount` sales of 0.005 BTC spread over this year. */
function ledgerRows(): Row[] {
  const rand = random(42);
  const end = today - 2 * dayMs;
  const start = end - years * 365 * dayMs;
  const rows: Row[] = [];
  for (let i = 0; i < lotCount; i++) {
    rows.push({
      type: 'buy',
      quantity: (Math.floor((0.01 + rand() * 0.09) * 10_000) / 10_000).toFixed(4),
      price: (20_000 + rand() * 80_000).toFixed(2),
      at: new Date(start + Math.floor((i / lotCount) * (end - start))).toISOString(),
    });
  }
  const yearStart = Date.UTC(year, 0, 1);
  for (let i = 0; i < saleCount; i++) {
    rows.push({
      type: 'sell',
      quantity: '0.005',
      price: (60_000 + rand() * 40_000).toFixed(2),
      at: new Date(yearStart + Math.floor(((i + 0.5) / saleCount) * (end - yearStart)) + 1_000).toISOString(),
    });
  }
  return rows.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

function timeIt(run: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times;
}

function inProcess(rows: readonly Row[]): void {
  const transactions: TaxTransaction[] = rows.map((r, i) => ({
    id: `t${i}`,
    portfolio_id: 'p',
    coin_id: 'bitcoin',
    type: r.type,
    quantity: r.quantity,
    price_per_coin: r.price,
    fee: '0',
    executed_at: r.at,
  }));
  const input = { transactions, rule: 'us' as const, method: 'fifo' as const, links: new Map() };
  const reportOptions = { year, portfolioId: 'p', currency: 'usd', ...rates };
  const computation = computeTax(input);
  const custom = computeTax({ ...input, rule: 'custom', customThresholdDays: 365 });
  const lots: ChoiceLot[] = computation.holdings.flatMap((h) =>
    h.acquisitionId === null || h.acquiredDay === null
      ? []
      : [{ acquisitionId: h.acquisitionId, acquiredDay: h.acquiredDay, quantity: h.quantity, cost: h.cost }],
  );
  const held = lots.reduce((sum, l) => sum.add(l.quantity), new Dec(0));
  const quantity = held.div(2).toDecimalPlaces(4, Dec.ROUND_DOWN);
  const day = dayInZone(today, 'America/New_York');
  const sale = {
    quantity,
    pricePerCoin: new Dec('95000'),
    feesPercentage: new Dec('0.1'),
    day,
    options: computation.options,
    shortRate: new Dec(rates.shortRate),
    longRate: new Dec(rates.longRate),
  };
  const whatIf = {
    coinId: 'bitcoin',
    portfolioId: 'p',
    quantity: quantity.toFixed(),
    pricePerCoin: '95000',
    feesPercentage: '0.1',
    day,
    currency: 'usd',
    ...rates,
  };
  const answer = whatIfSale(computation, whatIf);
  const cases: { label: string; times: number[]; answer: string }[] = [
    {
      label: 'report (replay + year)',
      times: timeIt(() => buildTaxReport(computeTax(input), reportOptions)),
      answer: `${buildTaxReport(computation, reportOptions).disposals.length} disposals`,
    },
    {
      label: 'report (replay kept)',
      times: timeIt(() => buildTaxReport(computation, reportOptions)),
      answer: '',
    },
    {
      label: 'minimiser alone',
      times: timeIt(() => minimiseLotChoice(lots, sale)),
      answer: `${minimiseLotChoice(lots, sale).length} lots named`,
    },
    {
      label: 'what-if + lowest choice',
      times: timeIt(() => whatIfSale(computation, whatIf)),
      answer: `${answer.lots.length} lines, saving ${answer.lowest_tax_choice?.tax_saving ?? '–'}`,
    },
    {
      // The same lots and matching under the custom rule (365 days), which has no lowest-tax choice.
      label: 'what-if, no choice (custom)',
      times: timeIt(() => whatIfSale(custom, whatIf)),
      answer: `${whatIfSale(custom, whatIf).lots.length} lines`,
    },
  ];
  console.log(
    `\nIn process, ${lots.length.toLocaleString('en-US')} open lots (${lotCount.toLocaleString('en-US')} buys, ${saleCount} sales), a sale of ${quantity.toFixed()} BTC, ${samples} samples (ms):`,
  );
  console.log('case                        median      p95   answer');
  for (const c of cases)
    console.log(
      `${c.label.padEnd(26)} ${median(c.times).toFixed(1).padStart(7)} ${p95(c.times).toFixed(1).padStart(8)}   ${c.answer}`,
    );
}

interface Client {
  url: string;
  headers: Record<string, string>;
}

async function call(c: Client, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${c.url}${path}`, {
    method,
    headers: c.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

async function timed(c: Client, method: string, path: string, body?: unknown): Promise<number> {
  const start = performance.now();
  await call(c, method, path, body);
  return performance.now() - start;
}

const arrayLiteral = (values: readonly string[]) => `{${values.join(',')}}`;

async function seed(run: Run, portfolioId: string, rows: readonly Row[]): Promise<void> {
  await run(
    `insert into transactions (user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee, executed_at)
     select p.user_id, p.id, 'bitcoin', u.t, u.q, u.p, 0, u.e
     from portfolios p, unnest($2::text[], $3::numeric[], $4::numeric[], $5::timestamptz[]) as u(t, q, p, e)
     where p.id = $1`,
    [
      portfolioId,
      arrayLiteral(rows.map((r) => r.type)),
      arrayLiteral(rows.map((r) => r.quantity)),
      arrayLiteral(rows.map((r) => r.price)),
      arrayLiteral(rows.map((r) => r.at)),
    ],
  );
  await run('update portfolios set revision = revision + 1 where id = $1', [portfolioId]);
}

async function overHttp(rows: readonly Row[]): Promise<void> {
  const target = pgliteDatabase('minimiser');
  try {
    let client: Client;
    let portfolioId: string;
    {
      const server = await startIdleServer(target.dataDir, target.env);
      try {
        client = { url: server.url, headers: await signedInJsonHeaders(server.url) };
        portfolioId = (
          (await call(client, 'POST', '/api/v2/portfolios/', { name: 'Bench' })) as { id: string }
        ).id;
        await call(client, 'PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
        await call(client, 'PATCH', '/api/v2/tax/settings/', {
          rule: 'us',
          short_rate: '24',
          long_rate: '15',
        });
      } finally {
        await server.stop();
      }
    }
    await target.withSql((run) => seed(run, portfolioId, rows));
    const results: { label: string; cold: number; warm: number[]; answer: string }[] = [];
    const reportPath = `/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${year}`;
    let held = new Dec(0);
    for (const r of rows) held = r.type === 'buy' ? held.add(r.quantity) : held.sub(r.quantity);
    const sale = {
      coin_id: 'bitcoin',
      quantity: held.div(2).toDecimalPlaces(4, Dec.ROUND_DOWN).toFixed(),
      price_per_coin: '95000',
      fees_percentage: '0.1',
      portfolio_id: portfolioId,
    };
    for (const kind of ['report', 'what-if', 'what-if, custom'] as const) {
      const server = await startIdleServer(target.dataDir, target.env);
      const c = { ...client, url: server.url };
      try {
        // The custom rule (365 days) matches like the US rule but has no lowest-tax choice: the
        // what-if without the minimiser. The rule is set before the timed requests; the replay is
        // then built by the first of them, as for the others.
        await call(c, 'PATCH', '/api/v2/tax/settings/', {
          rule: kind === 'what-if, custom' ? 'custom' : 'us',
          custom_threshold_days: 365,
        });
        const request =
          kind === 'report'
            ? () => timed(c, 'GET', reportPath)
            : () => timed(c, 'POST', '/api/v2/tax/what-if/', sale);
        const cold = await request();
        const warm: number[] = [];
        for (let i = 0; i < warmSamples; i++) warm.push(await request());
        let answer: string;
        if (kind === 'report') {
          answer = `${((await call(c, 'GET', reportPath)) as { disposals: unknown[] }).disposals.length} disposals`;
        } else {
          const w = (await call(c, 'POST', '/api/v2/tax/what-if/', sale)) as {
            lots: unknown[];
            lowest_tax_choice: { lots: unknown[]; tax_saving: string | null } | null;
          };
          answer = `${w.lots.length} lines; lowest-tax choice names ${w.lowest_tax_choice?.lots.length ?? 0} lots, saves ${w.lowest_tax_choice?.tax_saving ?? '–'}`;
        }
        results.push({ label: kind, cold, warm, answer });
      } finally {
        await server.stop();
      }
    }
    console.log(
      `\nOver HTTP, PGlite, the same ${rows.length.toLocaleString('en-US')} rows, FIFO, US rule (the last case: the custom rule, no lowest-tax choice) (ms):`,
    );
    console.log('case               cold   warm median   warm p95   answer');
    for (const r of results)
      console.log(
        `${r.label.padEnd(16)} ${r.cold.toFixed(0).padStart(6)} ${median(r.warm).toFixed(1).padStart(13)} ${p95(r.warm).toFixed(1).padStart(10)}   ${r.answer}`,
      );
  } finally {
    await target.dispose();
  }
}

export async function benchTaxMinimiser(): Promise<void> {
  const rows = ledgerRows();
  inProcess(rows);
  if (http) await overHttp(rows);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchTaxMinimiser();
