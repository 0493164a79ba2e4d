import { indicatorMessages, indicatorResponseSchema } from '@app/contracts';
import { ema, macd, rsi, sma } from '@app/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (query: string, coin = 'bitcoin') =>
  t.client().get(`/api/v2/cryptocurrencies/${coin}/indicators/${query}`);

describe('GET /api/v2/cryptocurrencies/{id}/indicators/', () => {
  it.each([
    ['rsi', 14, rsi],
    ['ema', 20, ema],
    ['sma', 50, sma],
  ] as const)('%s(%i) equals core on the very closes it returns', async (metric, period, fn) => {
    const res = await get(`?metric=${metric}&period=${period}&days=120`);
    expect(res.statusCode, res.body).toBe(200);
    const body = indicatorResponseSchema.parse(res.json());
    expect(body.closes).toHaveLength(120);
    expect(body.timestamps).toHaveLength(120);
    expect(body.timestamps).toEqual([...body.timestamps].sort((a, b) => a - b));
    expect(body.values).toEqual(fn(body.closes, period));
    expect(body.values?.at(-1)).toEqual(expect.any(Number));
  });

  it('macd returns macd, signal and histogram', async () => {
    const body = indicatorResponseSchema.parse((await get('?metric=macd&days=90')).json());
    const expected = macd(body.closes);
    expect(body).toMatchObject({ period: null, macd: expected.macd, signal: expected.signal });
    expect(body.histogram).toEqual(expected.histogram);
    expect(body.values).toBeUndefined();
  });

  it('bad input → 400 with field details; an unknown coin → 404', async () => {
    const missing = await get('?metric=rsi');
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.details.fields)).toEqual(['querystring.period']);
    const bad = await get('?metric=vwap&days=1');
    expect(bad.json().error.details.fields['querystring.days']).toEqual([indicatorMessages.daysInvalid]);
    expect(bad.json().error.details.fields['querystring.metric']).toEqual([indicatorMessages.metricUnknown]);
    expect((await get('?metric=sma&period=600')).statusCode).toBe(400);
    const unknown = await get('?metric=macd', 'no-such-coin');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.category).toBe('not_found');
  });
});
