import {
  calculateRequestSchema,
  coinCacheKey,
  numberToPlainDecimal,
  projectionCreateSchema,
  projectionMessages,
  projectionRoutes,
  projectionStorageKey,
  projectionStorageVersion,
  projectionUpdateSchema,
  replaceTransactionsBodySchema,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { recalculate } from './recalculate.ts';
import { normaliseForSave } from './rows.ts';

const item = {
  coins_sold: '1.5',
  price_per_coin: '100',
  fees_percentage: '0.5',
  price_impact_percentage: '1',
  transaction_order: 1,
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('projection contracts', () => {
  it('replace body: a list or {transactions}, both give the list', () => {
    expect(replaceTransactionsBodySchema.parse([item])).toEqual([{ ...item }]);
    expect(replaceTransactionsBodySchema.parse({ transactions: [item] })).toEqual([{ ...item }]);
  });

  it('replace body that is neither is refused', () => {
    for (const body of ['x', 3, null, { rows: [item] }]) {
      expect(replaceTransactionsBodySchema.safeParse(body).success).toBe(false);
    }
  });

  it("a bad row reports the row's field, in either form", () => {
    const bad = { ...item, coins_sold: '1.123456789' };
    const asList = fieldErrors(replaceTransactionsBodySchema.safeParse([item, bad]));
    const asObject = fieldErrors(replaceTransactionsBodySchema.safeParse({ transactions: [item, bad] }));
    expect(asList).toEqual({ 'transactions.1.coins_sold': 'Use at most 8 decimal places' });
    expect(asObject).toEqual(asList);
  });

  it.each([
    ['negative coins', { coins_sold: '-1' }, 'coins_sold', 'Please enter a valid number'],
    ['zero coins', { coins_sold: '0' }, 'coins_sold', 'Must be greater than 0'],
    ['text price', { price_per_coin: 'abc' }, 'price_per_coin', 'Please enter a valid number'],
    [
      'fees just over 100',
      { fees_percentage: '100.0000000000000001' },
      'fees_percentage',
      'Please enter a valid percentage (0-100)',
    ],
    [
      'negative impact',
      { price_impact_percentage: -1 },
      'price_impact_percentage',
      'Please enter a valid percentage (0-100)',
    ],
    [
      'order 0',
      { transaction_order: 0 },
      'transaction_order',
      'transaction_order must be a whole number from 1',
    ],
  ])('%s is refused', (_name, patch, field, message) => {
    expect(fieldErrors(replaceTransactionsBodySchema.safeParse([{ ...item, ...patch }]))).toEqual({
      [`transactions.0.${field}`]: message,
    });
  });

  it('numbers are accepted on input and become plain decimal strings; missing fees and impact become 0', () => {
    const [row] = replaceTransactionsBodySchema.parse([
      { coins_sold: 1e-7, price_per_coin: 0.5, transaction_order: 1 },
    ]);
    expect(row).toEqual({
      coins_sold: '0.0000001',
      price_per_coin: '0.5',
      fees_percentage: '0',
      price_impact_percentage: '0',
      transaction_order: 1,
    });
    expect(numberToPlainDecimal(1.5e21)).toBe('1500000000000000000000');
    expect(numberToPlainDecimal(-2.5e-9)).toBe('-0.0000000025');
    expect(numberToPlainDecimal(Number.NaN)).toBeNull();
  });

  it('what the client saves, the server accepts', () => {
    const saved = normaliseForSave([
      {
        id: 'local-1',
        coins_sold: '2.123456789',
        price_per_coin: '1,000',
        fees_percentage: '',
        price_impact_percentage: '',
        sell_tax: '5',
        transaction_order: 1,
      },
    ]);
    expect(replaceTransactionsBodySchema.parse(saved)).toHaveLength(1);
  });

  it('create: the dialog messages for missing fields, the spec message for a missing coin', () => {
    const result = projectionCreateSchema.safeParse({ name: ' ' });
    expect(fieldErrors(result)).toEqual({
      name: projectionMessages.enterName,
      coin_id: projectionMessages.missingCreateInput,
      invested_capital: projectionMessages.enterInvestedCapital,
      tokens_owned: projectionMessages.enterCoinsOwned,
      sell_tax: projectionMessages.enterSellTax,
    });
    expect(
      projectionCreateSchema.parse({
        name: 'BTC Position',
        coin_id: 'bitcoin',
        invested_capital: 1000,
        tokens_owned: '0.5',
        sell_tax: 20,
      }),
    ).toMatchObject({ invested_capital: '1000', sell_tax: '20', coin_name: '', coin_image: '' });
  });

  it('update: the coin may be left out (editing keeps it); sell tax stays within 0-100', () => {
    const ok = projectionUpdateSchema.safeParse({
      name: 'n',
      invested_capital: '1',
      tokens_owned: '1',
      sell_tax: '0',
    });
    expect(ok.success).toBe(true);
    const bad = projectionUpdateSchema.safeParse({
      name: 'n',
      invested_capital: '1',
      tokens_owned: '1',
      sell_tax: '101',
    });
    expect(fieldErrors(bad)).toEqual({ sell_tax: 'Please enter a valid percentage (0-100)' });
  });

  it('calculate/ takes a projection and rows; core computes the figures', () => {
    const body = calculateRequestSchema.parse({
      invested_capital: '100',
      tokens_owned: '10',
      sell_tax: '10',
      transactions: [item],
    });
    const rows = body.transactions.map((t, i) => ({
      ...t,
      id: t.id ?? `calc-${i}`,
      sell_tax: body.sell_tax,
    }));
    expect(
      recalculate(rows, body.tokens_owned, body.sell_tax, { investedCapital: body.invested_capital })
        .totalCashOut,
    ).toBe('134.25');
  });

  it('storage constants and routes', () => {
    expect([projectionStorageKey, projectionStorageVersion, coinCacheKey('bitcoin')]).toEqual([
      'exit-liquidity-projections',
      1,
      'crypto_bitcoin',
    ]);
    expect(projectionMessages.syncAfterSaveFailed('timeout')).toBe(
      'Failed to sync with server after save: timeout',
    );
    expect(projectionRoutes.replaceTransactions('a b')).toBe(
      '/v2/projections/exit-strategy/a%20b/transactions/replace/',
    );
  });
});
