import type {
  CryptoOption,
  CsvImportRow,
  ImportPreviewResponse,
  MarketSelectItem,
  Portfolio,
  UnresolvedSymbol,
} from '@app/contracts';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';

/*
 * A stateful stand-in for the portfolio routes, answering through the same fake fetch the other
 * component tests use: portfolios are created, renamed and deleted in memory; the import preview
 * answers like the server for a fixed file, re-resolving its rows with the `symbol_map` it is sent.
 */

const at = '2026-01-01T00:00:00.000Z';

export function portfolioJson(id: string, name: string, extra: Partial<Portfolio> = {}): Portfolio {
  return {
    id,
    name,
    description: '',
    portfolio_type: 'manual',
    currency: 'usd',
    created_at: at,
    updated_at: at,
    total_value: '0',
    unique_coins_count: 0,
    change_24h: '0',
    change_percentage_24h: null,
    access: 'owner',
    shared_by: null,
    ...extra,
  };
}

export const zzqBig: CryptoOption = { id: 'zzq-big', symbol: 'zzq', name: 'ZZQ Big', image: null };
export const zzqSmall: CryptoOption = { id: 'zzq-small', symbol: 'zzq', name: 'ZZQ Small', image: null };

function marketItem(id: string, symbol: string, name: string, rank: number): MarketSelectItem {
  return {
    id,
    db_id: id,
    symbol,
    name,
    image: '',
    user_favorite: false,
    available_balance: '0',
    current_price: 1,
    market_cap_rank: rank,
  };
}

/** The market list the chooser searches: a name match first, the same symbol further down. */
export const marketSearchResults = [
  marketItem('zzq-finance', 'zqf', 'ZZQ Finance', 50),
  marketItem('zzq-bridged', 'zzq', 'ZZQ Bridged', 400),
];

const draft = (type: 'buy' | 'sell', quantity: string, price: string, date: string) => ({
  type,
  quantity,
  price_per_coin: price,
  fee: '0',
  date,
  note: '',
});

function row(
  line: number,
  symbol: string,
  coinId: string | null,
  tx: CsvImportRow['transaction'],
): CsvImportRow {
  return {
    line,
    symbol,
    coin_id: coinId,
    price_currency: 'USD',
    transaction: tx,
    duplicate_key: `${line}`,
    warnings: [],
  };
}

/**
 * The file: line 2 BTC (ready), line 3 BTC (a likely duplicate of a stored trade), lines 4 and 6
 * ZZQ (unknown symbol), line 5 ETH priced in EUR (a row error). The map fills the ZZQ rows.
 */
export function importPreview(
  portfolioId: string,
  symbolMap: Record<string, string>,
  openingBalances: ImportPreviewResponse['opening_balances'] = [],
): ImportPreviewResponse {
  const zzq = symbolMap.ZZQ ?? null;
  const rows = [
    row(2, 'BTC', 'bitcoin', draft('buy', '0.5', '40000', '2024-01-05T10:00:00.000Z')),
    row(3, 'BTC', 'bitcoin', draft('buy', '0.1', '41000', '2024-01-06T10:00:00.000Z')),
    row(4, 'ZZQ', zzq, draft('buy', '10', '2', '2024-01-07T10:00:00.000Z')),
    row(5, 'ETH', 'ethereum', draft('buy', '1', '2000', '2024-01-08T10:00:00.000Z')),
    row(6, 'ZZQ', zzq, draft('sell', '4', '3', '2024-01-09T10:00:00.000Z')),
  ];
  const unresolved: UnresolvedSymbol[] =
    zzq === null ? [{ symbol: 'ZZQ', lines: [4, 6], candidates: [zzqBig, zzqSmall] }] : [];
  const unknownCoin = (line: number) => ({
    line,
    field: 'coin',
    message: 'ZZQ: Unknown coin: choose one from the list',
  });
  return {
    preset: 'coinbase',
    format: 'coinbase',
    rows,
    errors: [
      ...(zzq === null ? [unknownCoin(4)] : []),
      {
        line: 5,
        field: 'price_per_coin',
        message: 'Prices are in EUR but this portfolio is in USD: import into a EUR portfolio',
      },
      ...(zzq === null ? [unknownCoin(6)] : []),
    ],
    skipped: [{ line: 7, reason: 'Not a trade (a deposit of US dollars)' }],
    opening_balances: openingBalances,
    portfolio_id: portfolioId,
    currency: 'usd',
    needs_rate: [],
    duplicate_lines: [3],
    unresolved_symbols: unresolved,
  };
}

export interface FakePortfoliosServer {
  portfolios: Portfolio[];
  calls: RecordedCall[];
  /** Bodies sent to a route, parsed, oldest first. */
  bodies(method: string, path: string): Record<string, unknown>[];
  /** Answer the next import commit with this response instead of writing. */
  failNextCommit(response: Response): void;
  /**
   * Previews offer an LTC opening balance (the ledger starts mid-history), with LTC's daily closes;
   * with `holdCloses` the history answers only once the returned function is called.
   */
  offerOpeningBalance(options?: { holdCloses?: boolean }): () => void;
}

/** LTC held before line 2; its history has a close of 70.5 USD on that day. */
export const ltcOpening = {
  symbol: 'LTC',
  coin_id: 'litecoin',
  quantity: '34.85833035',
  date: '2024-01-05T09:59:59.000Z',
  first_line: 2,
};

export function installFakePortfoliosServer(initial: Portfolio[] = []): FakePortfoliosServer {
  const portfolios = [...initial];
  let nextId = 1;
  let commitFailure: Response | null = null;
  let openings: ImportPreviewResponse['opening_balances'] = [];
  const body = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;
  const routes: Parameters<typeof installFakeFetch>[0] = {
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () =>
      json({ base_currency: 'usd', favorites: [], cost_basis_method: 'average' }),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/portfolios/': () => json({ results: portfolios, count: portfolios.length }),
    'POST /api/v2/portfolios/': (call) => {
      const b = body(call);
      if (b.name === 'Taken') {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { name: ['A portfolio with this name exists'] },
        });
      }
      const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
      const created = portfolioJson(id, String(b.name), { description: String(b.description ?? '') });
      portfolios.push(created);
      addPortfolioRoutes(id);
      return json(created, 201);
    },
    'GET /api/v2/cryptocurrencies/market_select/': () => json({ cryptocurrencies: marketSearchResults }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({
        cryptocurrencies: [
          { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null },
          { id: 'ethereum', symbol: 'eth', name: 'Ethereum', image: null },
        ],
      }),
  };
  function addPortfolioRoutes(id: string) {
    const base = `/api/v2/portfolios/${id}/`;
    routes[`PUT ${base}`] = (call) => {
      const index = portfolios.findIndex((p) => p.id === id);
      const current = portfolios[index];
      if (!current) return envelope(404, 'not_found', 'not_found');
      const updated = { ...current, ...body(call) } as Portfolio;
      portfolios[index] = updated;
      return json(updated);
    };
    routes[`DELETE ${base}`] = () => {
      const index = portfolios.findIndex((p) => p.id === id);
      if (index >= 0) portfolios.splice(index, 1);
      return new Response(null, { status: 204 });
    };
    routes[`POST ${base}import/preview/`] = (call) => {
      const map = (body(call).symbol_map ?? {}) as Record<string, string>;
      if (Object.values(map).includes('zzq-finance')) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { 'symbol_map.ZZQ': ['ZZQ: Unknown coin: choose one from the list'] },
        });
      }
      return json(importPreview(id, map, openings));
    };
    routes[`POST ${base}import/commit/`] = (call) => {
      if (commitFailure) {
        const failure = commitFailure;
        commitFailure = null;
        return failure;
      }
      const rows = body(call).rows;
      return json({ created: Array.isArray(rows) ? rows.length : 0 });
    };
  }
  for (const p of portfolios) addPortfolioRoutes(p.id);
  // The fake looks routes up per call, so ids created later are answered too.
  const { calls } = installFakeFetch(routes);
  return {
    portfolios,
    calls,
    bodies: (method, path) => calls.filter((c) => c.method === method && c.path.startsWith(path)).map(body),
    failNextCommit: (response) => {
      commitFailure = response;
    },
    offerOpeningBalance: ({ holdCloses = false } = {}) => {
      openings = [ltcOpening];
      let release = () => {};
      const held = holdCloses
        ? new Promise<void>((resolve) => {
            release = resolve;
          })
        : Promise.resolve();
      routes['GET /api/v2/cryptocurrencies/litecoin/chart/'] = async () => {
        await held;
        return json({
          id: 'litecoin',
          timeframe: 'ALL',
          vs_currency: 'usd',
          prices: [
            [Date.UTC(2024, 0, 4), 68],
            [Date.UTC(2024, 0, 5), 70.5],
          ],
          market_caps: [],
          total_volumes: [],
          source: { source: 'coingecko', mode: 'live', as_of: '2024-01-06T00:00:00.000Z', stale: false },
        });
      };
      return release;
    },
  };
}
