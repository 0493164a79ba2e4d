import {
  alertConditionIssues,
  alertCreateBodySchema,
  alertMessages,
  alertOperandInputSchema,
  alertUpdateBodySchema,
  notificationReadBodySchema,
  notificationSchema,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';

/** Zod issues as the server's field-details map: dot path → messages. */
function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

const price = { type: 'indicator', metric: 'price' };
const constant = (value: number) => ({ type: 'value', value });
const body = (left: unknown, right: unknown, op = '>=') => ({ coin_id: 'bitcoin', left, op, right });

describe('alert create body: the four example alerts', () => {
  it('price >= 100000', () => {
    expect(alertCreateBodySchema.parse(body(price, constant(100000)))).toEqual({
      coin_id: 'bitcoin',
      left: { type: 'indicator', metric: 'price', params: { period: null }, value: null },
      op: '>=',
      right: { type: 'value', metric: null, params: { period: null }, value: 100000 },
      active: true,
    });
  });

  it('rsi(14) <= 30', () => {
    const parsed = alertCreateBodySchema.parse(
      body({ type: 'indicator', metric: 'rsi', params: { period: 14 } }, constant(30), '<='),
    );
    expect(parsed.left).toEqual({ type: 'indicator', metric: 'rsi', params: { period: 14 }, value: null });
  });

  it('ema(50) >= sma(200)', () => {
    const parsed = alertCreateBodySchema.parse(
      body(
        { type: 'indicator', metric: 'ema', params: { period: 50 }, value: null },
        { type: 'indicator', metric: 'sma', params: { period: 200 }, value: null },
      ),
    );
    expect(parsed.right.params.period).toBe(200);
  });

  it('macd_histogram crosses_above 0, active false kept', () => {
    const parsed = alertCreateBodySchema.parse({
      ...body({ type: 'indicator', metric: 'macd_histogram' }, constant(0), 'crosses_above'),
      active: false,
    });
    expect(parsed.op).toBe('crosses_above');
    expect(parsed.active).toBe(false);
  });
});

describe('alert create body: field errors', () => {
  it('unknown metric → left.metric', () => {
    const r = alertCreateBodySchema.safeParse(body({ type: 'indicator', metric: 'vwap' }, constant(1)));
    expect(fieldErrors(r)).toEqual({ 'left.metric': [alertMessages.metricUnknown] });
  });

  it('missing period → left.params.period', () => {
    const r = alertCreateBodySchema.safeParse(body({ type: 'indicator', metric: 'rsi' }, constant(30), '<='));
    expect(fieldErrors(r)).toEqual({ 'left.params.period': ['RSI needs a period from 2 to 500.'] });
  });

  it.each([1, 501, 14.5, -3, '14'])('period %s → right.params.period', (period) => {
    const r = alertCreateBodySchema.safeParse(
      body(price, { type: 'indicator', metric: 'sma', params: { period } }),
    );
    expect(fieldErrors(r)).toEqual({ 'right.params.period': [alertMessages.periodInvalid] });
  });

  it('accepts periods 2 and 500', () => {
    for (const period of [2, 500]) {
      expect(
        alertCreateBodySchema.safeParse(body(price, { type: 'indicator', metric: 'ema', params: { period } }))
          .success,
      ).toBe(true);
    }
  });

  it('drops a period given to price or the macd family (they use none / 12-26-9)', () => {
    const parsed = alertCreateBodySchema.parse(
      body({ type: 'indicator', metric: 'macd', params: { period: 14 } }, constant(0)),
    );
    expect(parsed.left.params.period).toBeNull();
  });

  it('still range-checks an ignored period', () => {
    const r = alertCreateBodySchema.safeParse(
      body({ type: 'indicator', metric: 'price', params: { period: 0 } }, constant(1)),
    );
    expect(Object.keys(fieldErrors(r))).toEqual(['left.params.period']);
  });

  it('both operands constant → error on right', () => {
    const r = alertCreateBodySchema.safeParse(body(constant(1), constant(2)));
    expect(fieldErrors(r)).toEqual({ right: [alertMessages.bothConstant] });
  });

  it('the same indicator on both sides → error on right', () => {
    const rsi14 = { type: 'indicator', metric: 'rsi', params: { period: 14 } };
    expect(fieldErrors(alertCreateBodySchema.safeParse(body(rsi14, rsi14)))).toEqual({
      right: [alertMessages.sameOperands],
    });
  });

  it('constant side: value required, finite, and no metric', () => {
    expect(fieldErrors(alertCreateBodySchema.safeParse(body(price, { type: 'value' })))).toEqual({
      'right.value': [alertMessages.valueRequired],
    });
    expect(
      fieldErrors(alertCreateBodySchema.safeParse(body(price, constant(Number.POSITIVE_INFINITY)))),
    ).toEqual({
      'right.value': [alertMessages.valueInvalid],
    });
    expect(
      fieldErrors(alertCreateBodySchema.safeParse(body(price, { ...constant(1), metric: 'rsi' }))),
    ).toEqual({
      'right.metric': [alertMessages.metricOnConstant],
    });
  });

  it('indicator side: metric required, no value', () => {
    expect(fieldErrors(alertCreateBodySchema.safeParse(body({ type: 'indicator' }, constant(1))))).toEqual({
      'left.metric': [alertMessages.metricRequired],
    });
    expect(fieldErrors(alertCreateBodySchema.safeParse(body({ ...price, value: 5 }, constant(1))))).toEqual({
      'left.value': [alertMessages.valueOnIndicator],
    });
  });

  it('bad type, operator and coin', () => {
    const r = alertCreateBodySchema.safeParse({
      coin_id: ' ',
      left: { type: 'x' },
      op: '>',
      right: constant(1),
    });
    expect(fieldErrors(r)).toEqual({
      coin_id: [alertMessages.coinRequired],
      'left.type': [alertMessages.typeInvalid],
      op: [alertMessages.operatorInvalid],
    });
  });
});

describe('alert update body', () => {
  it('accepts a pause on its own', () => {
    expect(alertUpdateBodySchema.parse({ active: false })).toEqual({ active: false });
  });

  it('rejects an empty patch', () => {
    expect(fieldErrors(alertUpdateBodySchema.safeParse({}))).toEqual({ '': [alertMessages.nothingToUpdate] });
  });

  it('applies operand rules and the two-sided rules when both sides are sent', () => {
    expect(
      fieldErrors(alertUpdateBodySchema.safeParse({ left: { type: 'indicator', metric: 'ema' } })),
    ).toEqual({
      'left.params.period': ['EMA needs a period from 2 to 500.'],
    });
    expect(fieldErrors(alertUpdateBodySchema.safeParse({ left: constant(1), right: constant(2) }))).toEqual({
      right: [alertMessages.bothConstant],
    });
  });

  it('alertConditionIssues lets the service check the merged condition', () => {
    const left = alertOperandInputSchema.parse(constant(5));
    const right = alertOperandInputSchema.parse(constant(6));
    expect(alertConditionIssues({ left, right })).toHaveLength(1);
  });
});

describe('notifications', () => {
  it('parses the notification shape: operands, op and their fields', () => {
    const n = {
      id: 'n1',
      is_read: false,
      created_at: '2025-01-01T00:00:00Z',
      coin_coingecko_id: 'bitcoin',
      event_payload: {
        left: { metric: 'rsi', params: { period: 14 }, type: 'indicator', value: 28.4 },
        op: '<=',
        right: { metric: null, params: { period: null }, type: 'value', value: 30 },
      },
    };
    expect(notificationSchema.parse(n)).toEqual(n);
  });

  it('read body needs 1..500 ids', () => {
    expect(notificationReadBodySchema.safeParse({ ids: ['a'] }).success).toBe(true);
    expect(fieldErrors(notificationReadBodySchema.safeParse({ ids: [] }))).toEqual({
      ids: [alertMessages.idsRequired],
    });
    const many = Array.from({ length: 501 }, (_, i) => String(i));
    expect(fieldErrors(notificationReadBodySchema.safeParse({ ids: many }))).toEqual({
      ids: [alertMessages.idsTooMany],
    });
  });
});
