import {
  dashboardQuerySchema,
  decimalString,
  transactionCheckBodySchema,
  transactionCreateBodySchema,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';

/*
 * The wire rules the ledger relies on (packages/contracts/src/portfolio.ts). They live here
 * because the ledger is what breaks if they loosen: amounts must be plain decimals that fit
 * NUMERIC(38,18).
 */
describe('decimalString', () => {
  const positive = decimalString('positive', 'Quantity');
  it.each(['1', '0.5', '00012.50', '123456789012345678.123456789012345678'])('accepts %s', (v) => {
    expect(positive.safeParse(v).success).toBe(true);
  });
  it.each([
    ['0', 'greater than 0'],
    ['-1', 'greater than 0'],
    ['1e5', 'plain decimal'],
    ['1,000', 'plain decimal'],
    ['+1', 'plain decimal'],
    ['0.0000000000000000001', 'at most 18 decimal places'],
    ['123456789012345678901', 'too large'],
    ['', 'plain decimal'],
  ])('refuses %s', (v, message) => {
    const result = positive.safeParse(v);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
  it('allows zero but not a negative where non-negative is asked', () => {
    expect(decimalString('nonNegative').safeParse('0').success).toBe(true);
    expect(decimalString('nonNegative').safeParse('-0.1').success).toBe(false);
  });
});

describe('transaction body', () => {
  const body = {
    portfolio_id: '6f1c2d0e-3b4a-4c5d-8e9f-0a1b2c3d4e5f',
    coin_id: 'bitcoin',
    type: 'buy',
    quantity: '0.5',
    date: '2024-01-01T00:00:00Z',
  };
  it('defaults price, fee and note', () => {
    expect(transactionCreateBodySchema.parse(body)).toMatchObject({
      price_per_coin: '0',
      fee: '0',
      note: '',
    });
  });
  it('refuses a future date, a long note, and a reward kind on a buy', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(transactionCreateBodySchema.safeParse({ ...body, date: future }).success).toBe(false);
    expect(transactionCreateBodySchema.safeParse({ ...body, note: 'x'.repeat(1001) }).success).toBe(false);
    const kind = transactionCreateBodySchema.safeParse({ ...body, reward_kind: 'staking' });
    expect(kind.error?.issues[0]?.path).toEqual(['reward_kind']);
    expect(
      transactionCreateBodySchema.safeParse({ ...body, type: 'reward', reward_kind: 'staking' }).success,
    ).toBe(true);
  });
  it('validate/preview take the id of the transaction being edited', () => {
    expect(
      transactionCheckBodySchema.parse({ ...body, transaction_id: body.portfolio_id }).transaction_id,
    ).toBe(body.portfolio_id);
  });
});

describe('dashboard query', () => {
  it('splits metrics and parses the flag', () => {
    expect(
      dashboardQuerySchema.parse({ metrics: 'holdings, roi', include_technical_metrics: 'true' }),
    ).toEqual({
      portfolio_id: 'all',
      metrics: ['holdings', 'roi'],
      include_technical_metrics: true,
    });
    expect(dashboardQuerySchema.safeParse({ metrics: 'holdings,news' }).success).toBe(false);
  });
});
