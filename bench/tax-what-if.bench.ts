// "What if I sell?" (POST /api/v2/tax/what-if/) for a sale drawing on 1,000 lots, beside the
// realized-gains report (GET /api/v2/tax/report/) on the same data in the same run, under the US
// rule (FIFO: the sale takes every lot, one line each) and the UK rule (the sale is replayed through
// HMRC's matching over the coin's 1,000 acquisitions and meets the Section 104 pool); on PGlite.
//
// Data: one user and portfolio made over HTTP; 1,000 buys of bitcoin over 3 years (the lots the
// sale draws on) and 9,000 rows over 99 other coins (mostly buys, some sells of 30 % of what is
// held, like tax.bench.ts), written with bulk SQL while the server is stopped.
//
// cold = the first request of a fresh server process (started per case, once it has gone idle):
//        the books, the rule's replay and the JIT are all built by that request.
// warm = repeated requests on one running process (the replay is cached per portfolio revision and
//        rule: a warm what-if is the planned sale against the cached lots, a warm report a lookup).
// Run: npm run build, then node --import tsx bench/tax-what-if.bench.ts (BENCH_WHATIF_LOTS,
// BENCH_WHATIF_OTHER, BENCH_WARM_SAMPLES).
import { fileURLToPath } from 'node:url';
import { pgliteDatabase, type Run } from './lib/databases.ts';
import { startIdleServer } from './lib/idle-server.ts';
import { signedInJsonHeaders } from './lib/session.ts';
import { median } from './lib/stats.ts';

const lotCount = Number(process.env.BENCH_WHATIF_LOTS ?? 1_000);
const otherRows = Number(process.env.BENCH_WHATIF_OTHER ?? 9_000);
const warmSamples = Number(process.env.BENCH_WARM_SAMPLES ?? 20);
const dayMs = 86_400_000;
const years = 3;
const today = Math.floor(Date.now() / dayMs) * dayMs;
const rules = ['us', 'uk'] as const;

interface Client {
  url: string;
  headers: Record<string, string>;
}

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
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

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)] ?? Number.NaN;
}

const arrayLiteral = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/** The lots' coin: `lotCount` buys of bitcoin; the rest of the history over the other coins. */
async function seed(run: Run, portfolioId: string, others: string[]): Promise<string> {
  const rand = random(42);
  const end = today - dayMs;
  const start = end - years * 365 * dayMs;
  const cols = {
    coin: [] as string[],
    type: [] as string[],
    q: [] as string[],
    p: [] as string[],
    at: [] as string[],
  };
  let bitcoin = 0;
  for (let i = 0; i < lotCount; i++) {
    const quantity = Math.floor((0.01 + rand() * 0.09) * 10_000) / 10_000;
    bitcoin += quantity * 10_000;
    cols.coin.push('bitcoin');
    cols.type.push('buy');
    cols.q.push(quantity.toFixed(4));
    cols.p.push((20_000 + rand() * 80_000).toFixed(2));
    cols.at.push(new Date(start + Math.floor((i / lotCount) * (end - start))).toISOString());
  }
  const held = new Map<string, number>();
  for (let i = 0; i < otherRows; i++) {
    const coin = others[i % others.length] ?? 'ethereum';
    const have = held.get(coin) ?? 0;
    const sell = have > 2 && rand() < 0.3;
    const quantity = sell ? Math.floor(have * 0.3 * 1000) / 1000 : Math.floor((1 + rand() * 9) * 1000) / 1000;
    held.set(coin, have + (sell ? -quantity : quantity));
    cols.coin.push(coin);
    cols.type.push(sell ? 'sell' : 'buy');
    cols.q.push(quantity.toFixed(3));
    cols.p.push((1 + rand() * 1000).toFixed(4));
    cols.at.push(
      new Date(
        start + Math.floor((i / otherRows) * (end - start)) + Math.floor(rand() * 3_600_000),
      ).toISOString(),
    );
  }
  await run(
    `insert into transactions (user_id, portfolio_id, coin_id, type, quantity, price_per_coin, fee, executed_at)
     select p.user_id, p.id, u.c, u.t, u.q, u.p, 0, u.e
     from portfolios p,
          unnest($2::text[], $3::text[], $4::numeric[], $5::numeric[], $6::timestamptz[]) as u(c, t, q, p, e)
     where p.id = $1`,
    [
      portfolioId,
      arrayLiteral(cols.coin),
      arrayLiteral(cols.type),
      arrayLiteral(cols.q),
      arrayLiteral(cols.p),
      arrayLiteral(cols.at),
    ],
  );
  await run('update portfolios set revision = revision + 1 where id = $1', [portfolioId]);
  return (bitcoin / 10_000).toFixed(4);
}

export async function benchTaxWhatIf(): Promise<void> {
  const target = pgliteDatabase('what-if');
  try {
    let client: Client;
    let portfolioId: string;
    let others: string[];
    {
      const server = await startIdleServer(target.dataDir, target.env);
      try {
        client = { url: server.url, headers: await signedInJsonHeaders(server.url) };
        portfolioId = (
          (await call(client, 'POST', '/api/v2/portfolios/', { name: 'Bench' })) as { id: string }
        ).id;
        const market = (await call(client, 'GET', '/api/v2/cryptocurrencies/market_select/?limit=100')) as {
          cryptocurrencies: { id: string }[];
        };
        others = market.cryptocurrencies.map((c) => c.id).filter((id) => id !== 'bitcoin');
        await call(client, 'PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
      } finally {
        await server.stop();
      }
    }
    const held = await target.withSql((run) => seed(run, portfolioId, others));
    const year = new Date(today).getUTCFullYear();
    const sale = { coin_id: 'bitcoin', quantity: held, price_per_coin: '95000', portfolio_id: portfolioId };
    const results: { label: string; cold: number; warm: number[]; lines: string }[] = [];
    for (const rule of rules) {
      for (const kind of ['report', 'what-if'] as const) {
        const server = await startIdleServer(target.dataDir, target.env);
        const c = { ...client, url: server.url };
        try {
          await call(c, 'PATCH', '/api/v2/tax/settings/', { rule, short_rate: '24', long_rate: '15' });
          const request =
            kind === 'report'
              ? () => timed(c, 'GET', `/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${year}`)
              : () => timed(c, 'POST', '/api/v2/tax/what-if/', sale);
          const cold = await request();
          const warm: number[] = [];
          for (let i = 0; i < warmSamples; i++) warm.push(await request());
          let lines = '';
          if (kind === 'what-if') {
            const answer = (await call(c, 'POST', '/api/v2/tax/what-if/', sale)) as {
              lots: unknown[];
              quantity: string;
            };
            lines = `${answer.lots.length} lines, ${answer.quantity} BTC`;
          } else {
            const report = (await call(
              c,
              'GET',
              `/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${year}`,
            )) as {
              disposals: unknown[];
            };
            lines = `${report.disposals.length} disposals`;
          }
          results.push({ label: `${kind}, rule ${rule}`, cold, warm, lines });
        } finally {
          await server.stop();
        }
      }
    }
    console.log(
      `\nPGlite, ${lotCount.toLocaleString('en-US')} bitcoin lots + ${otherRows.toLocaleString('en-US')} other rows, report year ${year} (ms):`,
    );
    console.log('case                     cold   warm median   warm p95   answer');
    for (const r of results) {
      console.log(
        `${r.label.padEnd(22)} ${r.cold.toFixed(0).padStart(6)} ${median(r.warm).toFixed(1).padStart(13)} ${p95(r.warm).toFixed(1).padStart(10)}   ${r.lines}`,
      );
    }
  } finally {
    await target.dispose();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await benchTaxWhatIf();
