import {
  chartResponseSchema,
  coinDetailsResponseSchema,
  coinIdParamsSchema,
  coinListPageSchema,
  coinResultsResponseSchema,
  coinSocialResponseSchema,
  globalDataResponseSchema,
  marketBreadthSchema,
  marketSelectResponseSchema,
  ohlcResponseSchema,
  priceChangesResponseSchema,
  searchResultSchema,
  trendingResponseSchema,
  userCoinsResponseSchema,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signUp, type TestClient } from '../../test/test-client.ts';

let t: TestApp;
let c: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  c = t.client();
  await signUp(c);
});
afterAll(async () => {
  await t?.close();
});

const api = '/api/v2/cryptocurrencies';

/** Field errors keyed by the bare parameter name (the envelope prefixes "querystring."). */
function fields(res: { json(): unknown }): Record<string, string[]> {
  const raw = (res.json() as { error: { details: { fields: Record<string, string[]> } } }).error.details
    .fields;
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [k.replace(/^(querystring|params|body)\./, ''), v]),
  );
}

describe('coin list', () => {
  it('pages 50 at a time with count, next and previous, labelled with its source', async () => {
    const res = await c.get(`${api}/`);
    expect(res.statusCode).toBe(200);
    const body = coinListPageSchema.parse(res.json());
    expect(body.results).toHaveLength(50);
    expect(body.count).toBeGreaterThanOrEqual(250);
    expect(body.previous).toBeNull();
    expect(body.next).toContain('page=2');
    expect(body.source.source).toBe('demo');
    expect(body.results[0]?.id).toBe('bitcoin');
    expect(body.results[0]?.sparkline_in_7d).toBeUndefined();
    const page2 = coinListPageSchema.parse((await c.get(`${api}/?page=2&per_page=50`)).json());
    expect(page2.previous).toContain('page=1');
    expect(page2.results[0]?.id).not.toBe('bitcoin');
  });

  it("answers the terminal's first screen with the same rows as the full page it opens, without sparklines", async () => {
    // The terminal asks for 25 rows without sparklines beside its 250-row page and shows
    // them until the page arrives, so they must be the page's first rows in the same order.
    for (const filters of ['order=market_cap_desc', 'order=change_24h_asc&exclude_stablecoins=true']) {
      for (const page of [1, 2]) {
        const full = coinListPageSchema.parse(
          (await c.get(`${api}/?${filters}&page=${page}&per_page=250&sparkline=true`)).json(),
        );
        const first = coinListPageSchema.parse(
          (await c.get(`${api}/?${filters}&page=${(page - 1) * 10 + 1}&per_page=25`)).json(),
        );
        expect(first.count).toBe(full.count);
        expect(first.results.map((r) => r.id)).toEqual(full.results.slice(0, 25).map((r) => r.id));
        expect(first.results.every((r) => r.sparkline_in_7d === undefined)).toBe(true);
        expect(full.results[0]?.sparkline_in_7d?.price.length).toBeGreaterThan(0);
      }
    }
  });

  it('sends sparklines, converts currencies, sorts, searches and filters', async () => {
    const spark = coinListPageSchema.parse((await c.get(`${api}/?per_page=5&sparkline=true`)).json());
    expect(spark.results[0]?.sparkline_in_7d?.price.length).toBeGreaterThan(100);
    const usd = coinListPageSchema.parse((await c.get(`${api}/?per_page=1`)).json()).results[0];
    const eur = coinListPageSchema.parse((await c.get(`${api}/?per_page=1&vs_currency=eur`)).json())
      .results[0];
    expect(eur && usd && eur.current_price < usd.current_price).toBe(true);
    const byVolume = coinListPageSchema.parse((await c.get(`${api}/?order=volume_desc&per_page=10`)).json());
    const volumes = byVolume.results.map((r) => r.total_volume ?? 0);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));
    const search = coinListPageSchema.parse((await c.get(`${api}/?search=eth`)).json());
    expect(search.results[0]?.id).toBe('ethereum');
    const stable = coinListPageSchema.parse((await c.get(`${api}/?category=stablecoins`)).json());
    expect(stable.results.map((r) => r.id)).toContain('tether');
    const noStable = coinListPageSchema.parse(
      (await c.get(`${api}/?exclude_stablecoins=true&per_page=250`)).json(),
    );
    expect(noStable.results.map((r) => r.id)).not.toContain('tether');
    const few = (await c.get(`${api}/?fields=current_price&per_page=2`)).json() as { results: object[] };
    expect(Object.keys(few.results[0] ?? {}).sort()).toEqual(['current_price', 'id']);
  });

  it('refuses out-of-range page, per_page and unknown values with field details', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page=999', 'page'],
      ['per_page=0', 'per_page'],
      ['per_page=251', 'per_page'],
      ['vs_currency=xyz', 'vs_currency'],
      ['order=best', 'order'],
      ['sparkline=yes', 'sparkline'],
      ['fields=secret', 'fields'],
    ] as const) {
      const res = await c.get(`${api}/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(fields(res)[field], query).toBeTruthy();
    }
  });

  it('serves every coin at once for all_market_data', async () => {
    const res = await c.get(`${api}/all_market_data/?vs_currency=gbp`);
    const body = coinResultsResponseSchema.extend({}).parse(res.json());
    expect(body.results.length).toBeGreaterThanOrEqual(250);
    expect(body.vs_currency).toBe('gbp');
  });
});

describe('market overview routes', () => {
  it('global data in the base currency', async () => {
    const body = globalDataResponseSchema.parse((await c.get(`${api}/global_data/?vs_currency=jpy`)).json());
    expect(body.total_market_cap_vs).toBeGreaterThan(0);
    expect(body.vs_currency).toBe('jpy');
  });

  it('trending (15) and top performers (limit, default 15)', async () => {
    const trending = trendingResponseSchema.parse((await c.get(`${api}/trending/`)).json());
    expect(trending.coins).toHaveLength(15);
    expect(trending.basis).toBe('derived');
    const top = coinResultsResponseSchema.parse((await c.get(`${api}/top_performing/`)).json());
    expect(top.results).toHaveLength(15);
    const changes = top.results.map((r) => r.price_change_percentage_24h ?? 0);
    expect(changes).toEqual([...changes].sort((a, b) => b - a));
    const five = coinResultsResponseSchema.parse(
      (await c.get(`${api}/top_performing/?limit=5&vs_currency=eur`)).json(),
    );
    expect(five.results).toHaveLength(5);
    expect((await c.get(`${api}/top_performing/?limit=101`)).statusCode).toBe(400);
  });

  it('price changes by symbol, with the spec message when none is given', async () => {
    const body = priceChangesResponseSchema.parse(
      (await c.get(`${api}/price-changes/?symbols=btc,ETH,nope`)).json(),
    );
    expect(Object.keys(body.results).sort()).toEqual(['btc', 'eth']);
    expect(body.results.btc?.id).toBe('bitcoin');
    const res = await c.get(`${api}/price-changes/`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Symbol is required');
  });

  it('search: at least two characters, limit 10', async () => {
    expect(searchResultSchema.parse((await c.get(`${api}/search/?q=%20e%20`)).json()).coins).toEqual([]);
    const body = searchResultSchema.parse((await c.get(`${api}/search/?q=eth`)).json());
    expect(body.coins[0]?.id).toBe('ethereum');
    expect(body.coins.length).toBeLessThanOrEqual(10);
    expect((await c.get(`${api}/search/?q=eth&limit=11`)).statusCode).toBe(400);
  });
});

describe('coin routes', () => {
  it('details with ATH, supply and links; include trims the payload', async () => {
    const body = coinDetailsResponseSchema.parse(
      (await c.get(`${api}/details/bitcoin/?vs_currency=eur`)).json(),
    );
    expect(body).toMatchObject({ id: 'bitcoin', vs_currency: 'eur' });
    expect(body.ath).toBeGreaterThan(0);
    expect(body.ath_date).toBeTruthy();
    expect(body.circulating_supply).toBeGreaterThan(0);
    const slim = coinDetailsResponseSchema.parse(
      (await c.get(`${api}/details/bitcoin/?include=links`)).json(),
    );
    expect(slim.description).toBe('');
    expect((await c.get(`${api}/details/bitcoin/?include=everything`)).statusCode).toBe(400);
  });

  it('social figures', async () => {
    const body = coinSocialResponseSchema.parse((await c.get(`${api}/ethereum/social/`)).json());
    expect(body.id).toBe('ethereum');
  });

  it('charts for every timeframe, long ones from the stored daily candles', async () => {
    for (const tf of ['1D', '1W', '1M', '3M', '1Y', 'ALL']) {
      const body = chartResponseSchema.parse((await c.get(`${api}/bitcoin/chart/?timeframe=${tf}`)).json());
      expect(body.prices.length, tf).toBeGreaterThan(5);
    }
    const all = chartResponseSchema.parse((await c.get(`${api}/bitcoin/chart/?timeframe=ALL`)).json());
    expect(all.prices.length).toBeGreaterThanOrEqual(400);
    expect((await c.get(`${api}/bitcoin/chart/?timeframe=2D`)).statusCode).toBe(400);
  });

  it('answers 404 in the envelope for an unknown coin on every coin route', async () => {
    for (const path of [
      `${api}/details/no-such-coin/`,
      `${api}/no-such-coin/social/`,
      `${api}/no-such-coin/chart/`,
      `${api}/no-such-coin/chart/?timeframe=1Y`,
      '/api/v2/terminal/ohlc/no-such-coin/',
      '/api/v2/terminal/ohlc/no-such-coin/?days=7',
      '/api/v2/metrics/ohlc/?coin_id=no-such-coin',
    ]) {
      const res = await c.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json().error.category, path).toBe('not_found');
    }
  });

  it('gives the spec messages for missing ids', async () => {
    const detail = await c.get(`${api}/details//`);
    expect(detail.statusCode).toBe(400);
    expect(detail.json().error.message).toBe('Coin ID is required');
    const metrics = await c.get('/api/v2/metrics/ohlc/');
    expect(metrics.json().error.message).toBe('Coin ID is required');
    expect((await c.get('/api/v2/terminal/ohlc//')).json().error.message).toBe('ID is required');
  });

  it('parses path coin ids once, in the route schema: a blank id is the spec 400', async () => {
    const coinRoutes = [
      `${api}/details/:id/`,
      `${api}/:id/social/`,
      `${api}/:id/chart/`,
      '/api/v2/terminal/ohlc/:id/',
    ];
    for (const url of coinRoutes) {
      const entry = t.app.routeTable.find((r) => r.url === url && r.method === 'GET');
      expect(entry?.schema?.params, url).toBe(coinIdParamsSchema);
      const blank = await c.get(url.replace(':id', '%20%20'));
      expect(blank.statusCode, url).toBe(400);
      expect(blank.json().error, url).toMatchObject({
        code: 'validation_error',
        message: 'Coin ID is required',
        details: { fields: { 'params.id': ['Coin ID is required'] } },
      });
    }
    // The schema hands the handler the trimmed id.
    expect((await c.get(`${api}/%20bitcoin%20/social/`)).json().id).toBe('bitcoin');
  });
});

describe('OHLC', () => {
  it('rows of [timestamp, open, high, low, close]; daily candles match getDailyCloses', async () => {
    const rows = ohlcResponseSchema.parse((await c.get('/api/v2/terminal/ohlc/ethereum/?days=90')).json());
    expect(rows).toHaveLength(90);
    for (const [, o, h, l, cl] of rows) {
      expect(h).toBeGreaterThanOrEqual(Math.max(o, cl) - 1e-9);
      expect(l).toBeLessThanOrEqual(Math.min(o, cl) + 1e-9);
    }
    const same = ohlcResponseSchema.parse(
      (await c.get('/api/v2/metrics/ohlc/?coin_id=ethereum&days=90')).json(),
    );
    expect(same).toEqual(rows);
    const intraday = ohlcResponseSchema.parse((await c.get('/api/v2/terminal/ohlc/ethereum/?days=1')).json());
    expect(intraday.length).toBeGreaterThan(20);
  });

  it('refuses out-of-range days', async () => {
    for (const days of ['0', '3651', 'abc']) {
      const res = await c.get(`/api/v2/terminal/ohlc/bitcoin/?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(fields(res).days, days).toBeTruthy();
    }
  });
});

describe('terminal routes', () => {
  it('market breadth with a defined moving-average share', async () => {
    const body = marketBreadthSchema.parse(
      (await c.get('/api/v2/terminal/market-breadth/?ma_days=3')).json(),
    );
    expect(body.advancers + body.decliners + body.unchanged).toBe(body.total);
    expect(body.above_ma.days).toBe(3);
    expect(body.above_ma.share).toBeGreaterThanOrEqual(0);
    expect(body.above_ma.definition).toContain('3-day simple moving average');
    expect((await c.get('/api/v2/terminal/market-breadth/?ma_days=8')).statusCode).toBe(400);
  });

  it('coin search over the tracked market with prices', async () => {
    const body = coinResultsResponseSchema.parse(
      (await c.get('/api/v2/terminal/coin-search/?q=eth&limit=3')).json(),
    );
    expect(body.results[0]?.id).toBe('ethereum');
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(
      coinResultsResponseSchema.parse((await c.get('/api/v2/terminal/coin-search/?q=e')).json()).results,
    ).toEqual([]);
  });

  it('market select: favourites first, limit at most 100, search, balances', async () => {
    await c.send('PATCH', '/api/v2/settings/', { favorites: ['solana'] });
    const body = marketSelectResponseSchema.parse((await c.get(`${api}/market_select/?limit=5`)).json());
    expect(body.cryptocurrencies).toHaveLength(5);
    expect(body.cryptocurrencies[0]).toMatchObject({
      id: 'solana',
      db_id: 'solana',
      user_favorite: true,
      available_balance: '0',
    });
    const search = marketSelectResponseSchema.parse(
      (await c.get(`${api}/market_select/?search=bitc`)).json(),
    );
    expect(search.cryptocurrencies[0]?.id).toBe('bitcoin');
    expect((await c.get(`${api}/market_select/?limit=101`)).statusCode).toBe(400);
    expect((await t.client().get(`${api}/market_select/`)).statusCode).toBe(401);
  });

  it("user coins: the user's favourites and watch-listed coins", async () => {
    const list = await c.post('/api/v2/terminal/watchlists/', { name: 'Majors', coin_ids: ['cardano'] });
    expect(list.statusCode).toBe(201);
    const body = userCoinsResponseSchema.parse((await c.get('/api/v2/terminal/user-coins/')).json());
    const ids = body.results.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['solana', 'cardano']));
    expect(body.results.find((r) => r.id === 'cardano')?.watchlist_ids).toEqual([list.json().id]);
  });
});
