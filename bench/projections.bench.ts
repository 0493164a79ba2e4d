import { cpus, loadavg } from 'node:os';
import {
  createFastRecalculator,
  type FastProjectionFigures,
  recalculate,
  recalculateFast,
  type SellRow,
  shouldAppendBlankRow,
} from '@app/core';
import autocannon from 'autocannon';
import { type LoadResult, load, printTable } from './lib/load.ts';
import { startAppAndBaseline } from './lib/servers.ts';
import { signedInJsonHeaders } from './lib/session.ts';

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

/** Long mantissas (24-decimal prices, 12-decimal fees): sums pass 40 digits, so the reference rounds. */
function longRows(n: number): SellRow[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `local-${i + 1}`,
    coins_sold: `0.0123456${i % 10}`,
    price_per_coin: `${50_000 + i}.${String(i * 7919).padStart(6, '0')}123456789012345678`,
    fees_percentage: `0.${String(i % 97).padStart(2, '0')}1234567891`,
    price_impact_percentage: '0.5',
    sell_tax: '20',
    transaction_order: i + 1,
  }));
}

/** The sell table's formulas in binary floats: the cheapest thing that could compute the table. */
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

interface Timing {
  label: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

/** `runs` timed calls after `warmUp` untimed ones; `fn(i)` gets the call's number. */
function timeIt(label: string, runs: number, fn: (i: number) => unknown, warmUp = 100): Timing {
  for (let i = 0; i < warmUp; i++) fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn(warmUp + i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const pick = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] ?? 0;
  return { label, runs, medianMs: pick(0.5), p95Ms: pick(0.95) };
}

/**
 * Rows the virtualised sell table mounts at 1280×800 (about 10 in view plus overscan on
 * both sides; fewer as cards at 390 px). Their figures are built per keystroke, so the
 * live cases build them too.
 */
const windowRows = 24;

/** What the live table does per keystroke after the edit: figures, the blank-row rule, the window. */
function liveUpdate(figures: FastProjectionFigures, input: SellRow[], first: number): void {
  shouldAppendBlankRow(input, figures.remainingTokens);
  for (let i = first; i < first + windowRows && i < figures.rowCount; i++) figures.rowFor(i);
}

/** One edited price per call, on a fresh row object, as the table's edit makes it. */
function keystrokes(base: SellRow[], count: number, at: number): SellRow[][] {
  return Array.from({ length: count }, (_, i) => {
    const next = base.slice();
    const row = base[at] as SellRow;
    next[at] = { ...row, price_per_coin: `${row.price_per_coin}${i % 10}` };
    return next;
  });
}

export function benchRecalculation(): Timing[] {
  const context = {
    investedCapital: '100000',
    circulatingSupply: '19930000',
    currentPrice: '100000',
    athPrice: '126000',
  };
  const thousand = rows(1000);
  const long = longRows(1000);
  const runs = Number(process.env.BENCH_RECALC_RUNS ?? 1000);
  const warmUp = 200;
  const edits = keystrokes(thousand, runs + warmUp, 500);
  const longEdits = keystrokes(long, runs + warmUp, 500);
  const live = createFastRecalculator();
  const liveLong = createFastRecalculator();
  const modes = new Set<string>();

  const results = [
    timeIt('float64 loop, totals only (baseline)', runs, () => floatRecalculate(thousand, 20, 20), warmUp),
    timeIt(
      'decimal.js reference, every row and total (the oracle)',
      Math.max(30, Math.round(runs / 20)),
      () => recalculate(thousand, '20', '20', context),
      10,
    ),
    timeIt(
      `fast path, keystroke: edit 1 price, recalculate 1,000 rows, totals, blank-row rule, ${windowRows} window rows`,
      runs,
      (i) => {
        const input = edits[i] as SellRow[];
        const figures = live(input, '20', '20', context);
        modes.add(`keystroke:${figures.mode}`);
        liveUpdate(figures, input, 490);
      },
      warmUp,
    ),
    timeIt(
      `fast path, cold: no caches (every cell parsed), 1,000 rows, totals, ${windowRows} window rows`,
      runs,
      () => {
        const figures = recalculateFast(thousand, '20', '20', context);
        liveUpdate(figures, thousand, 0);
      },
      warmUp,
    ),
    timeIt(
      'fast path, all 1,000 rows built (what calculate-with-transactions/ returns)',
      Math.max(100, Math.round(runs / 5)),
      () => recalculateFast(thousand, '20', '20', context).toFigures(),
      20,
    ),
    timeIt(
      'decimal.js reference, 24-decimal prices (long mantissas)',
      Math.max(30, Math.round(runs / 20)),
      () => recalculate(long, '20', '20', context),
      10,
    ),
    timeIt(
      `fast path, keystroke, 24-decimal prices (the 40-digit rounding path), ${windowRows} window rows`,
      runs,
      (i) => {
        const input = longEdits[i] as SellRow[];
        const figures = liveLong(input, '20', '20', context);
        modes.add(`long keystroke:${figures.mode}`);
        liveUpdate(figures, input, 490);
      },
      warmUp,
    ),
  ];
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nprojection recalculation, 1,000 rows, in process (${runs} timed runs after warm-up; Node ${process.version}; ${cpus().length} cores, load average ${load})`,
  );
  console.log('| case | runs | median ms | p95 ms |');
  console.log('|---|---:|---:|---:|');
  for (const r of results) {
    console.log(`| ${r.label} | ${r.runs} | ${r.medianMs.toFixed(3)} | ${r.p95Ms.toFixed(3)} |`);
  }
  console.log(`paths taken: ${[...modes].join(', ')}`);
  return results;
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
  benchRecalculation();

  const servers = await startAppAndBaseline('projections');
  const { appUrl, bareUrl } = servers;
  try {
    const write = await signedInJsonHeaders(appUrl);
    const cookie = write.cookie ?? '';
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
