import type {
  Connection,
  ConnectionReconciliation,
  ConnectionToken,
  HeldRecord,
  MarketSelectItem,
  Portfolio,
  Transaction,
} from '@app/contracts';
import { connectionMessages } from '@app/contracts';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { decideHeld } from './fake-held-records';

export { heldCandidate, heldIds, heldLeg, heldRecord } from './fake-held-records';

/*
 * A stateful stand-in for the connection routes, answering through the same fake fetch the other
 * component tests use: connections are created, edited, synced and deleted in memory; a create
 * whose key starts "tpub" is refused on its field in the server's words. Held records are decided
 * as the server does: checked by the contract, the decision kept on the record, and a sync started.
 */

const at = '2026-11-20T10:00:00.000Z';
export const ids = {
  main: '00000000-0000-4000-8000-0000000000a1',
  savings: '00000000-0000-4000-8000-0000000000a2',
  btc: '00000000-0000-4000-8000-0000000000c1',
  evm: '00000000-0000-4000-8000-0000000000c2',
  received: '00000000-0000-4000-8000-0000000000d1',
  sent: '00000000-0000-4000-8000-0000000000d2',
  transferOut: '00000000-0000-4000-8000-0000000000d3',
  token: '00000000-0000-4000-8000-0000000000e1',
  kraken: '00000000-0000-4000-8000-0000000000c6',
} as const;

export const testnetKeyMessage = 'This is a testnet key (tpub); connect a mainnet key (xpub, ypub or zpub).';

export function portfolio(id: string, name: string): Portfolio {
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
  };
}

export function connection(over: Partial<Connection> = {}): Connection {
  return {
    id: ids.btc,
    kind: 'bitcoin',
    portfolio_id: ids.main,
    label: 'Cold storage',
    masked: 'xpub6C…x4Lk',
    chains: ['bitcoin'],
    script_type: 'p2wpkh',
    gap_limit: 20,
    state: 'up_to_date',
    progress: { addresses_scanned: 0, transactions_found: 0 },
    last_synced_at: at,
    next_sync_at: '2026-11-20T11:00:00.000Z',
    exchange: null,
    key_permissions: null,
    history_from: null,
    error_message: null,
    created_at: at,
    ...over,
  };
}

export function transaction(over: Partial<Transaction> & Record<string, unknown> = {}): Transaction {
  return {
    id: ids.received,
    portfolio_id: ids.main,
    coin_id: 'bitcoin',
    type: 'transfer_in',
    quantity: '0.5',
    price_per_coin: '0',
    fee: '0',
    executed_at: '2024-01-05T10:00:00.000Z',
    note: '',
    source: { connection_id: ids.btc, source_id: `${'ab'.repeat(32)}:0` },
    classification: 'received',
    created_at: at,
    updated_at: at,
    ...over,
  } as Transaction;
}

export function token(over: Partial<ConnectionToken> = {}): ConnectionToken {
  return {
    id: ids.token,
    chain: 'base',
    contract_address: '0x1111111111111111111111111111111111111111',
    name: 'Mystery Token',
    symbol: 'MYST',
    quantity: '1234.5',
    coin_id: null,
    hidden: false,
    ...over,
  };
}

/** An exchange account's connection (Kraken), read with a key that may only read. */
export function exchangeConnection(over: Partial<Connection> = {}): Connection {
  return connection({
    id: ids.kraken,
    kind: 'exchange',
    label: 'Kraken account',
    masked: 'Kr4k…9xQe',
    chains: [],
    script_type: null,
    gap_limit: null,
    exchange: 'kraken',
    key_permissions: { can_trade: false, can_withdraw: false },
    ...over,
  });
}

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

export interface FakeConnectionsServer {
  connections: Connection[];
  calls: RecordedCall[];
  /** Bodies sent to "METHOD /path" (the path without its query), parsed, oldest first. */
  bodies(method: string, path: string): Record<string, unknown>[];
  /** The full paths (with query) of the calls made with this method to paths starting so. */
  paths(method: string, prefix: string): string[];
  waiting: Transaction[];
  transfers: Transaction[];
  reconciliation: Map<string, ConnectionReconciliation>;
  tokens: ConnectionToken[];
  /** Each connection's held records, as the next GET answers them. */
  held: Map<string, HeldRecord[]>;
}

export interface FakeConnectionsOptions {
  connections?: Connection[];
  portfolios?: Portfolio[];
  waiting?: Transaction[];
  /** The user's transfer rows, answered by the transactions list filtered by type and coin. */
  transfers?: Transaction[];
  reconciliation?: ConnectionReconciliation;
  tokens?: ConnectionToken[];
  /** Held records by connection id. */
  held?: Record<string, HeldRecord[]>;
}

export function installFakeConnectionsServer(options: FakeConnectionsOptions = {}): FakeConnectionsServer {
  const connections = [...(options.connections ?? [])];
  const portfolios = options.portfolios ?? [portfolio(ids.main, 'Main'), portfolio(ids.savings, 'Savings')];
  const waiting = [...(options.waiting ?? [])];
  const transfers = options.transfers ?? [];
  const tokens = [...(options.tokens ?? [])];
  const reconciliation = new Map<string, ConnectionReconciliation>();
  if (options.reconciliation)
    reconciliation.set(options.reconciliation.connection_id, options.reconciliation);
  const held = new Map(Object.entries(options.held ?? {}).map(([id, records]) => [id, [...records]]));
  let nextId = 1;
  const body = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as Record<string, unknown>;
  const list = (results: unknown[]) => json({ results, count: results.length, next: null, previous: null });

  const routes: Parameters<typeof installFakeFetch>[0] = {
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () =>
      json({ base_currency: 'usd', favorites: [], cost_basis_method: 'average' }),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/portfolios/': () => json({ results: portfolios, count: portfolios.length }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null }] }),
    'GET /api/v2/cryptocurrencies/market_select/': (call) => {
      const search = new URL(call.path, 'http://localhost').searchParams.get('search') ?? '';
      const all = [
        marketItem('bitcoin', 'btc', 'Bitcoin', 1),
        marketItem('mystery-coin', 'myst', 'Mystery Coin', 300),
      ];
      return json({
        cryptocurrencies: all.filter((c) => !search || c.symbol.includes(search.toLowerCase())),
      });
    },
    'GET /api/v2/connections/': () => json({ results: connections, count: connections.length }),
    'POST /api/v2/connections/': (call) => {
      const b = body(call);
      if (typeof b.xpub === 'string' && b.xpub.startsWith('tpub')) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { xpub: [testnetKeyMessage] },
        });
      }
      // Like the real server: a key the exchange says can withdraw waits for the owner's yes.
      if (b.kind === 'exchange' && String(b.api_key).startsWith('withdraw') && b.allow_withdrawal !== true) {
        return envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
          fields: { allow_withdrawal: [connectionMessages.exchangeKeyCanWithdraw] },
        });
      }
      const id = `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
      const created = connection({
        id,
        kind: b.kind as Connection['kind'],
        portfolio_id: String(b.portfolio_id),
        label: String(b.label),
        chains:
          b.kind === 'evm' ? (b.chains as Connection['chains']) : b.kind === 'exchange' ? [] : ['bitcoin'],
        script_type:
          b.kind !== 'bitcoin' || b.xpub === undefined ? null : ((b.script_type ?? 'p2pkh') as 'p2pkh'),
        gap_limit: b.kind !== 'bitcoin' || b.xpub === undefined ? null : Number(b.gap_limit),
        exchange: b.kind === 'exchange' ? (b.exchange as Connection['exchange']) : null,
        state: 'pending',
        last_synced_at: null,
        next_sync_at: null,
      });
      connections.push(created);
      addConnectionRoutes(id);
      return json(created, 201);
    },
    'GET /api/v2/transactions/': (call) => {
      const q = new URL(call.path, 'http://localhost').searchParams;
      return list(transfers.filter((t) => t.type === q.get('type') && t.coin_id === q.get('coin_id')));
    },
  };

  function addConnectionRoutes(id: string) {
    const base = `/api/v2/connections/${id}/`;
    const find = () => connections.findIndex((c) => c.id === id);
    routes[`GET ${base}`] = () => {
      const found = connections[find()];
      return found ? json(found) : envelope(404, 'not_found', 'not_found', 'Connection not found');
    };
    routes[`PATCH ${base}`] = (call) => {
      const index = find();
      const current = connections[index];
      if (!current) return envelope(404, 'not_found', 'not_found');
      const updated = { ...current, ...body(call) } as Connection;
      connections[index] = updated;
      return json(updated);
    };
    routes[`DELETE ${base}`] = (call) => {
      if (!/transactions=(keep|remove)/.test(call.path)) {
        return envelope(400, 'validation_error', 'validation', 'Say whether to keep or remove');
      }
      const index = find();
      if (index >= 0) connections.splice(index, 1);
      return new Response(null, { status: 204 });
    };
    routes[`POST ${base}sync/`] = () => {
      const index = find();
      const current = connections[index];
      if (!current) return envelope(404, 'not_found', 'not_found');
      if (current.state === 'syncing') return envelope(409, 'conflict', 'conflict', 'Already syncing');
      const syncing = {
        ...current,
        state: 'syncing' as const,
        progress: { addresses_scanned: 0, transactions_found: 0 },
      };
      connections[index] = syncing;
      return json(syncing, 202);
    };
    routes[`GET ${base}reconciliation/`] = () =>
      json(reconciliation.get(id) ?? { connection_id: id, as_of: null, coins: [] });
    routes[`GET ${base}tokens/`] = () => json({ results: tokens, count: tokens.length });
    routes[`GET ${base}transactions/`] = () => list(waiting.filter((t) => t.source?.connection_id === id));
    routes[`GET ${base}held/`] = () => {
      const records = held.get(id) ?? [];
      return json({ results: records, count: records.length });
    };
    routes[`POST ${base}held/decide/`] = (call) => {
      const answer = decideHeld(held.get(id) ?? [], body(call));
      // The server starts the sync that books it by itself.
      const index = find();
      const current = connections[index];
      if (answer.ok && current) connections[index] = { ...current, state: 'syncing' };
      return answer;
    };
  }
  for (const c of connections) addConnectionRoutes(c.id);
  for (const t of tokens) {
    routes[`PATCH /api/v2/connections/${ids.evm}/tokens/${t.id}/`] = (call) => {
      const index = tokens.findIndex((x) => x.id === t.id);
      const updated = { ...tokens[index], ...body(call) } as ConnectionToken;
      tokens[index] = updated;
      return json(updated);
    };
  }
  for (const t of waiting) {
    routes[`POST /api/v2/transactions/${t.id}/classify/`] = (call) => {
      const index = waiting.findIndex((x) => x.id === t.id);
      const b = body(call);
      const classified = { ...t, classification: b.as } as Transaction;
      waiting.splice(index, 1);
      return json(classified);
    };
  }

  const { calls } = installFakeFetch(routes);
  const pathOnly = (p: string) => p.split('?')[0];
  return {
    connections,
    calls,
    waiting,
    transfers,
    reconciliation,
    tokens,
    held,
    bodies: (method, path) => calls.filter((c) => c.method === method && pathOnly(c.path) === path).map(body),
    paths: (method, prefix) =>
      calls.filter((c) => c.method === method && c.path.startsWith(prefix)).map((c) => c.path),
  };
}
