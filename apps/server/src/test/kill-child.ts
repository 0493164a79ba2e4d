// A child process for the kill -9 tests (kill-atomicity.test.ts), run with `node --import tsx`.
// It opens the database, prints what is stored, then starts one write and, once the write's rows
// are in (inside its transaction, before the commit), prints the kill point and waits to be killed.
//   kill-child.ts <pglite:dir | postgres-url> setup | report | csv | projection
import { sql } from 'drizzle-orm';
import { type Database, migrateDatabase, openPglite, openPostgres } from '../db/client.ts';
import { SnapshotProvider } from '../integrations/market-data/snapshot/snapshot-provider.ts';
import { createLedgerCache, insertPortfolio } from '../modules/ledger/index.ts';
import { createDailyClosesCache, createProviderMarketReader } from '../modules/market/index.ts';
import { insertProjection, replaceTransactions } from '../modules/projections/index.ts';
import { createCsvImportService } from '../modules/transactions/index.ts';

export const killPoint = 'KILL-POINT inside the write';
export const stateLine = 'STATE ';

const [target = '', mode = 'report'] = process.argv.slice(2);

async function open(): Promise<Database> {
  return target.startsWith('pglite:') ? openPglite({ dataDir: target.slice(7) }) : openPostgres(target);
}

/** Waits for the kill: the write's transaction stays open with its rows written. */
const pause = (): Promise<void> =>
  new Promise(() => {
    process.stdout.write(`${killPoint}\n`);
    setInterval(() => {}, 60_000);
  });

const database = await open();
const { db } = database;

if (mode === 'setup') {
  await migrateDatabase(database);
  const [user] = (
    (await db.execute(sql`
      insert into users (email, username, password_hash) values ('kill@example.test', 'kill', 'x')
      returning id`)) as unknown as { rows: { id: string }[] }
  ).rows;
  if (!user) throw new Error('no user');
  const now = new Date();
  const portfolio = await insertPortfolio(db, {
    userId: user.id,
    name: 'Main',
    description: '',
    portfolioType: 'manual',
    currency: 'usd',
    now,
  });
  const projection = await insertProjection(db, {
    userId: user.id,
    name: 'Exit',
    coinId: 'bitcoin',
    coinName: 'Bitcoin',
    coinSymbol: 'BTC',
    coinImage: '',
    investedCapital: '1000',
    tokensOwned: '10',
    sellTax: '0',
    description: null,
    circulatingSupply: null,
    currency: 'usd',
    now,
  });
  await replaceTransactions(db, user.id, projection.id, sells(10, '100'));
  process.stdout.write(
    `IDS ${JSON.stringify({ user: user.id, portfolio: portfolio.id, projection: projection.id })}\n`,
  );
  await database.close();
  process.exit(0);
}

const ids = JSON.parse(process.env.KILL_IDS ?? '{}') as {
  user: string;
  portfolio: string;
  projection: string;
};

function sells(count: number, price: string) {
  return Array.from({ length: count }, (_, i) => ({
    coinsSold: '0.01',
    pricePerCoin: price,
    feesPercentage: '0.1',
    priceImpactPercentage: '0',
    transactionOrder: i + 1,
  }));
}

const state = (
  (await db.execute(sql`
    select
      (select count(*)::int from transactions where portfolio_id = ${ids.portfolio}) as transactions,
      (select revision from portfolios where id = ${ids.portfolio}) as revision,
      (select count(*)::int from projection_transactions where projection_id = ${ids.projection}) as sells,
      (select count(distinct price_per_coin)::int from projection_transactions
        where projection_id = ${ids.projection}) as prices`)) as unknown as {
    rows: Record<string, unknown>[];
  }
).rows[0];
process.stdout.write(`${stateLine}${JSON.stringify(state)}\n`);

if (mode === 'csv') {
  const csv = createCsvImportService({
    db,
    clock: () => new Date(),
    market: createProviderMarketReader(new SnapshotProvider()),
    ledgers: createLedgerCache(),
    closes: createDailyClosesCache({ db, clock: () => new Date() }),
    // The kill lands mid-write whatever the size; no limit is under test here.
    transactionsPerPortfolio: Number.POSITIVE_INFINITY,
    afterRowsWritten: pause,
  });
  await csv.commit(
    ids.user,
    ids.portfolio,
    {
      rows: Array.from({ length: 200 }, (_, i) => ({
        line: i + 2,
        coin_id: 'bitcoin',
        transaction: {
          type: 'buy' as const,
          quantity: '0.5',
          price_per_coin: '100',
          fee: '0',
          date: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
          note: '',
        },
      })),
    },
    'en-US',
  );
} else if (mode === 'projection') {
  // The stored plan has 10 sells at one price; this one has 200 at another.
  await replaceTransactions(db, ids.user, ids.projection, sells(200, '200'), { afterWrite: pause });
}
await database.close();
process.exit(0);
