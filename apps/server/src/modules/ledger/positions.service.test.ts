import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SnapshotProvider } from '../../integrations/market-data/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp } from '../../test/test-client.ts';
import { createProviderMarketReader } from '../market/index.ts';
import { createSettingsService } from '../settings/index.ts';
import { createLedgerCache } from './ledger-cache.ts';
import { bumpPortfolioRevision, insertPortfolio } from './portfolios.repository.ts';
import { createPositionsService } from './positions.service.ts';
import { insertTransactions, type TransactionValues } from './transactions.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function tx(values: Partial<TransactionValues> & Pick<TransactionValues, 'portfolioId'>): TransactionValues {
  return {
    coinId: 'bitcoin',
    type: 'buy',
    quantity: '1',
    pricePerCoin: '100',
    fee: '0',
    feeCurrency: null,
    executedAt: new Date('2024-01-01T00:00:00Z'),
    note: '',
    rewardKind: null,
    ...values,
  };
}

async function setup() {
  const db = t.database.db;
  const settings = createSettingsService({ db, clock: t.clock });
  const market = createProviderMarketReader(new SnapshotProvider());
  const positions = createPositionsService({
    db,
    market,
    preferences: settings,
    ledgers: createLedgerCache(),
  });
  const { user } = await signUp(t.client());
  const now = new Date();
  const a = await insertPortfolio(db, {
    userId: user.id,
    name: 'A',
    description: '',
    portfolioType: 'manual',
    currency: 'usd',
    now,
  });
  const b = await insertPortfolio(db, {
    userId: user.id,
    name: 'B',
    description: '',
    portfolioType: 'manual',
    currency: 'usd',
    now,
  });
  return { db, settings, market, positions, user, a, b, now };
}

describe('positions service (projections portfolio-data, coin picker balance)', () => {
  it('reports no data for a coin the user never traded', async () => {
    const { positions, user } = await setup();
    expect(await positions.getCoinPosition(user.id, 'bitcoin')).toEqual({
      portfolio_data_available: false,
      invested_capital: '0',
      tokens_owned: '0',
    });
    expect((await positions.getPositions(user.id)).size).toBe(0);
  });

  it('sums units and the cost basis still held across portfolios, per the cost-basis method', async () => {
    const { db, positions, settings, user, a, b, now } = await setup();
    await insertTransactions(
      db,
      user.id,
      [
        tx({ portfolioId: a.id, quantity: '1', pricePerCoin: '100', fee: '1' }),
        tx({
          portfolioId: a.id,
          quantity: '1',
          pricePerCoin: '300',
          executedAt: new Date('2024-02-01T00:00:00Z'),
        }),
        tx({
          portfolioId: a.id,
          type: 'sell',
          quantity: '1',
          pricePerCoin: '500',
          executedAt: new Date('2024-03-01T00:00:00Z'),
        }),
        tx({ portfolioId: b.id, quantity: '0.5', pricePerCoin: '200' }),
        tx({ portfolioId: b.id, coinId: 'ethereum', quantity: '2', pricePerCoin: '10' }),
      ],
      now,
    );
    // average: A holds 1 at (401/2) = 200.5, B holds 0.5 at 100.
    expect(await positions.getCoinPosition(user.id, 'bitcoin')).toEqual({
      portfolio_data_available: true,
      invested_capital: '300.5',
      tokens_owned: '1.5',
    });
    await settings.update(user.id, { cost_basis_method: 'fifo' });
    // FIFO sells the 101 lot: A keeps the 300 lot.
    expect((await positions.getCoinPosition(user.id, 'bitcoin')).invested_capital).toBe('400');
    await settings.update(user.id, { cost_basis_method: 'lifo' });
    expect((await positions.getCoinPosition(user.id, 'bitcoin')).invested_capital).toBe('201');

    const all = await positions.getPositions(user.id);
    expect(Object.fromEntries(all)).toEqual({
      bitcoin: { quantity: '1.5', cost_basis: '201', unknown_cost_quantity: '0', lots_without_cost: 0 },
      ethereum: { quantity: '2', cost_basis: '20', unknown_cost_quantity: '0', lots_without_cost: 0 },
    });
  });

  it('counts units of unknown cost in the tokens owned, never in the invested capital', async () => {
    const { db, positions, user, a, b, now } = await setup();
    await insertTransactions(
      db,
      user.id,
      [
        tx({ portfolioId: a.id, quantity: '1', pricePerCoin: '100' }),
        tx({ portfolioId: a.id, type: 'transfer_in', quantity: '0.5', pricePerCoin: null }),
        tx({ portfolioId: b.id, type: 'transfer_in', quantity: '0.25', pricePerCoin: null }),
      ],
      now,
    );
    expect(await positions.getCoinPosition(user.id, 'bitcoin')).toEqual({
      portfolio_data_available: true,
      invested_capital: '100',
      tokens_owned: '1.75',
      unknown_cost_quantity: '0.75',
      lots_without_cost: 2,
    });
  });

  it('sees a write once the portfolio revision moves, and hides closed positions', async () => {
    const { db, positions, user, a, now } = await setup();
    await insertTransactions(db, user.id, [tx({ portfolioId: a.id })], now);
    await bumpPortfolioRevision(db, a.id, now);
    expect((await positions.getPositions(user.id)).get('bitcoin')?.quantity).toBe('1');
    await insertTransactions(
      db,
      user.id,
      [tx({ portfolioId: a.id, type: 'sell', executedAt: new Date('2024-06-01T00:00:00Z') })],
      now,
    );
    await bumpPortfolioRevision(db, a.id, now);
    expect((await positions.getPositions(user.id)).has('bitcoin')).toBe(false);
    const closed = await positions.getCoinPosition(user.id, 'bitcoin');
    expect(closed).toEqual({ portfolio_data_available: true, invested_capital: '0', tokens_owned: '0' });
  });

  it('converts a portfolio in another currency into the base currency at today rate', async () => {
    const { db, positions, market, user, now } = await setup();
    const eur = await insertPortfolio(db, {
      userId: user.id,
      name: 'EUR',
      description: '',
      portfolioType: 'manual',
      currency: 'eur',
      now,
    });
    await insertTransactions(db, user.id, [tx({ portfolioId: eur.id, pricePerCoin: '100' })], now);
    const rates = await market.getUsdRates();
    const expected = (100 / (rates.eur ?? Number.NaN)).toFixed(6);
    const position = await positions.getCoinPosition(user.id, 'bitcoin');
    expect(Number(position.invested_capital).toFixed(6)).toBe(expected);
  });

  it('never reads another user rows', async () => {
    const { db, positions, user, a, now } = await setup();
    await insertTransactions(db, user.id, [tx({ portfolioId: a.id })], now);
    const other = await signUp(t.client());
    expect((await positions.getCoinPosition(other.user.id, 'bitcoin')).portfolio_data_available).toBe(false);
  });
});
