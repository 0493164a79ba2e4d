import type { MarketSelectItem, Transaction, TransactionType } from '@app/contracts';
import { knownCoinSymbol } from '@app/core';
import {
  authRoutesFor,
  envelope,
  heldUntilReleased,
  installFakeFetch,
  json,
  type RecordedCall,
} from '@/test/fake-fetch';

/*
 * A stateful stand-in for the transaction routes, through the fake fetch the other component
 * tests use. The list filters like the server; preview/ answers an oversell for a sell above the
 * (fixed) holding of 1 bitcoin, and a field error for a negative price, as the server does.
 */

export const mainId = '00000000-0000-4000-8000-000000000001';
export const otherId = '00000000-0000-4000-8000-000000000002';
const at = '2026-01-01T00:00:00.000Z';

export function txJson(
  n: number,
  fields: Partial<Transaction> & { coin_id: string; type: TransactionType },
): Transaction {
  return {
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    portfolio_id: mainId,
    quantity: '1',
    price_per_coin: '100',
    fee: '0',
    executed_at: '2024-01-01T10:00:00.000Z',
    note: '',
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

const coin = (id: string, symbol: string, name: string): MarketSelectItem => ({
  id,
  db_id: id,
  symbol,
  name,
  image: '',
  user_favorite: false,
  available_balance: '0',
  current_price: 1,
  market_cap_rank: 1,
});

const negativePrice = () =>
  envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
    fields: { price_per_coin: ['Price per coin cannot be negative'] },
  });

export function installFakeTransactionsServer(initial: Transaction[]) {
  const transactions = [...initial];
  const body = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, string>;
  let nextId = 100;
  let refuseDelete = false;
  const routes: Parameters<typeof installFakeFetch>[0] = {
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () =>
      json({ base_currency: 'usd', favorites: [], cost_basis_method: 'average' }),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/transactions/options/': () =>
      json({
        types: [],
        reward_kinds: [],
        cost_basis_methods: [],
        currencies: ['usd', 'eur', 'gbp', 'jpy'],
        portfolios: [
          { id: mainId, name: 'Main', currency: 'usd' },
          { id: otherId, name: 'Trading', currency: 'eur' },
        ],
      }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({
        cryptocurrencies: [
          { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null },
          { id: 'ethereum', symbol: 'eth', name: 'Ethereum', image: null },
        ],
      }),
    'GET /api/v2/transactions/available-cryptocurrencies/': () =>
      json({
        cryptocurrencies: [
          {
            id: 'bitcoin',
            symbol: 'btc',
            name: 'Bitcoin',
            image: null,
            portfolio_id: mainId,
            available_quantity: '1',
          },
        ],
      }),
    'GET /api/v2/cryptocurrencies/market_select/': () =>
      json({
        cryptocurrencies: [
          coin('bitcoin', 'btc', 'Bitcoin'),
          coin('ethereum', 'eth', 'Ethereum'),
          coin('binancecoin', 'bnb', 'BNB'),
          // Shares no symbol the books know: not offered for fees.
          coin('zzq-bridged', 'zzq', 'ZZQ Bridged'),
        ],
      }),
    'GET /api/v2/transactions/': (call) => {
      const q = new URL(call.path, 'http://localhost').searchParams;
      const results = transactions.filter(
        (t) =>
          (!q.get('portfolio_id') || t.portfolio_id === q.get('portfolio_id')) &&
          (!q.get('coin_id') || t.coin_id === q.get('coin_id')) &&
          (!q.get('type') || t.type === q.get('type')) &&
          (!q.get('q') ||
            t.coin_id.includes(q.get('q') ?? '') ||
            t.note.toLowerCase().includes((q.get('q') ?? '').toLowerCase())),
      );
      return json({ results, count: results.length, next: null, previous: null });
    },
    'POST /api/v2/transactions/preview/': (call) => {
      const b = body(call);
      if (b.price_per_coin?.startsWith('-')) return negativePrice();
      const quantity = Number(b.quantity);
      if (b.type === 'sell' && quantity > 1) {
        return json({
          method: 'average',
          coin_id: b.coin_id,
          holding_before: '1',
          holding_after: '1',
          cost_basis_before: '100',
          cost_basis_after: '100',
          average_cost_after: '100',
          realized_pnl: null,
          violation: {
            code: 'oversell',
            transaction_id: 'new',
            coin_id: b.coin_id,
            type: 'sell',
            executed_at: b.date,
            requested: b.quantity,
            available: '1',
            message: `Only 1 ${knownCoinSymbol(b.coin_id ?? '') ?? b.coin_id} held on Feb 1, 2024, 12:00 AM UTC; this sell needs ${b.quantity}.`,
          },
        });
      }
      // A transfer in without a price: its units join the holding at an unknown cost, as the server says.
      if (b.type === 'transfer_in' && !b.price_per_coin) {
        return json({
          method: 'average',
          coin_id: b.coin_id,
          holding_before: '1',
          holding_after: String(1 + quantity),
          cost_basis_before: '100',
          cost_basis_after: '100',
          average_cost_after: '100',
          realized_pnl: null,
          unknown_cost_quantity_after: b.quantity,
          lots_without_cost_after: 1,
          violation: null,
        });
      }
      const sell = b.type === 'sell';
      return json({
        method: 'average',
        coin_id: b.coin_id,
        holding_before: '1',
        holding_after: sell ? String(1 - quantity) : String(1 + quantity),
        cost_basis_before: '100',
        cost_basis_after: sell ? '50' : '150',
        average_cost_after: '100',
        realized_pnl: sell ? '50' : null,
        violation: null,
      });
    },
    'POST /api/v2/transactions/': (call) => {
      const b = body(call);
      if (b.price_per_coin?.startsWith('-')) return negativePrice();
      // The second portfolio holds no BNB: a fee's sale would oversell, as the server says.
      if (String(b.record_fee_sale) === 'true' && b.portfolio_id === otherId) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: {
            record_fee_sale: ['Only 0 BNB held on Mar 5, 2024, 10:00 AM UTC; this sell needs 0.0075.'],
          },
        });
      }
      const created = txJson(nextId++, {
        portfolio_id: b.portfolio_id ?? mainId,
        coin_id: b.coin_id ?? '',
        type: (b.type ?? 'buy') as TransactionType,
        quantity: b.quantity ?? '0',
        // The server keeps a transfer in without a price unknown (null), anything else defaults to 0.
        price_per_coin: b.type === 'transfer_in' && !b.price_per_coin ? null : (b.price_per_coin ?? '0'),
        fee: b.fee ?? '0',
        ...(b.fee_currency ? { fee_currency: b.fee_currency } : {}),
        executed_at: b.date ?? at,
        note: b.note ?? '',
      });
      transactions.unshift(created);
      addRoutes(created.id);
      return json(created, 201);
    },
  };
  function addRoutes(id: string) {
    routes[`PUT /api/v2/transactions/${id}/`] = (call) => {
      const index = transactions.findIndex((t) => t.id === id);
      const current = transactions[index];
      if (!current) return envelope(404, 'not_found', 'not_found', 'Transaction not found');
      const b = body(call);
      const updated: Transaction = {
        ...current,
        quantity: b.quantity ?? current.quantity,
        price_per_coin: b.price_per_coin ?? current.price_per_coin,
        note: b.note ?? current.note,
      };
      transactions[index] = updated;
      return json(updated);
    };
    routes[`DELETE /api/v2/transactions/${id}/`] = () => {
      if (refuseDelete) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { quantity: ['Deleting it would oversell a later transaction: Only 0 BTC held.'] },
        });
      }
      const index = transactions.findIndex((t) => t.id === id);
      if (index >= 0) transactions.splice(index, 1);
      return new Response(null, { status: 204 });
    };
  }
  for (const t of transactions) addRoutes(t.id);
  const { calls } = installFakeFetch(routes);
  return {
    calls,
    /**
     * Bitcoin's history answers with a close of 42,000 USD an hour ago (the form's default day),
     * held back until the returned function is called.
     */
    offerDayCloseLater: () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      routes['GET /api/v2/cryptocurrencies/bitcoin/chart/'] = async () => {
        await held;
        return json({
          id: 'bitcoin',
          timeframe: 'ALL',
          vs_currency: 'usd',
          prices: [[Date.now() - 3_600_000, 42_000]],
          market_caps: [],
          total_volumes: [],
          source: { source: 'coingecko', mode: 'live', as_of: new Date().toISOString(), stale: false },
        });
      };
      return release;
    },
    bodies: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).map(body),
    listQueries: () =>
      calls
        .filter((c) => c.method === 'GET' && c.path.startsWith('/api/v2/transactions/?'))
        .map((c) => c.path.slice('/api/v2/transactions/?'.length)),
    refuseDeletes: () => {
      refuseDelete = true;
    },
    /** Answers (or answers differently) one more route: `answer('GET /api/v2/tax/sale-lots/', …)`. */
    answer: (route: string, handler: (call: RecordedCall) => Response | Promise<Response>) => {
      routes[route] = handler;
    },
    /** The portfolios answer (none, when `none`) held back until the returned function is called. */
    holdPortfolios: ({ none = false } = {}) => {
      const options = routes['GET /api/v2/transactions/options/'];
      if (!options) throw new Error('no options route');
      const held = heldUntilReleased(async (call) => {
        const answer = (await (await options(call)).json()) as Record<string, unknown>;
        return json(none ? { ...answer, portfolios: [] } : answer);
      });
      routes['GET /api/v2/transactions/options/'] = held.handler;
      return held.release;
    },
  };
}
