import {
  type TransferMovementOut,
  type TransferPair,
  type TransfersResponse,
  transferMessages,
} from '@app/contracts';
import { Dec, toDecimalString } from '@app/core';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';

/*
 * A stateful stand-in for the transfer routes, answering through the same fake fetch the other
 * component tests use: confirm, undo and match by hand move movements between the lists as the
 * server does, and a match of a deposit larger than its withdrawal is refused on its field in the
 * server's words.
 */

export const ids = {
  exchange: '00000000-0000-4000-8000-0000000000a1',
  wallet: '00000000-0000-4000-8000-0000000000a2',
  cold: '00000000-0000-4000-8000-0000000000a3',
  out: '00000000-0000-4000-8000-0000000000b1',
  in: '00000000-0000-4000-8000-0000000000b2',
  otherIn: '00000000-0000-4000-8000-0000000000b3',
  lateIn: '00000000-0000-4000-8000-0000000000b4',
  bigIn: '00000000-0000-4000-8000-0000000000b5',
} as const;

const portfolioNames: Record<string, string> = {
  [ids.exchange]: 'Exchange',
  [ids.wallet]: 'Wallet',
  [ids.cold]: 'Cold storage',
};

export function movement(over: Partial<TransferMovementOut> = {}): TransferMovementOut {
  const portfolioId = over.portfolio_id ?? ids.exchange;
  return {
    transaction_id: ids.out,
    portfolio_id: portfolioId,
    portfolio_name: portfolioNames[portfolioId] ?? 'Portfolio',
    coin_id: 'bitcoin',
    direction: 'out',
    quantity: '1',
    executed_at: '2024-03-01T10:00:00.000Z',
    tx_hash: null,
    source: { kind: 'manual', connection_id: null, label: null },
    ...over,
  };
}

export function pair(
  out: TransferMovementOut,
  arrived: TransferMovementOut,
  over: Partial<TransferPair> = {},
): TransferPair {
  const hours = (Date.parse(arrived.executed_at) - Date.parse(out.executed_at)) / 3_600_000;
  return {
    out,
    in: arrived,
    reason: 'window',
    network_fee: toDecimalString(new Dec(out.quantity).sub(arrived.quantity)),
    hours_apart: Math.round(hours * 100) / 100,
    ...over,
  };
}

export const empty = (): TransfersResponse => ({ matched: [], proposed: [], ambiguous: [], unmatched: [] });

export interface FakeTransfersServer {
  state: TransfersResponse;
  calls: RecordedCall[];
  /** Bodies sent to "POST /path", parsed, oldest first. */
  bodies(path: string): Record<string, unknown>[];
}

export function installFakeTransfersServer(initial: TransfersResponse = empty()): FakeTransfersServer {
  const server = { state: structuredClone(initial) } as { state: TransfersResponse };
  const body = (call: RecordedCall) => JSON.parse(call.body ?? '{}') as { out_id: string; in_id: string };
  const refused = (field: string, message: string) =>
    envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
      fields: { [field]: [message] },
    });
  const all = (): TransferMovementOut[] => {
    const s = server.state;
    return [
      ...[...s.matched, ...s.proposed].flatMap((p) => [p.out, p.in]),
      ...s.ambiguous.flatMap((a) => [a.movement, ...a.candidates]),
      ...s.unmatched,
    ];
  };
  const find = (id: string) => all().find((m) => m.transaction_id === id);
  /** Takes the two movements out of every list, as a new decision does. */
  const release = (outId: string, inId: string) => {
    const s = server.state;
    const touches = (p: TransferPair) =>
      [outId, inId].includes(p.out.transaction_id) || [outId, inId].includes(p.in.transaction_id);
    const freed = [...s.matched, ...s.proposed].filter(touches).flatMap((p) => [p.out, p.in]);
    s.matched = s.matched.filter((p) => !touches(p));
    s.proposed = s.proposed.filter((p) => !touches(p));
    const involved = s.ambiguous.filter(
      (a) =>
        [outId, inId].includes(a.movement.transaction_id) ||
        a.candidates.some((c) => [outId, inId].includes(c.transaction_id)),
    );
    s.ambiguous = s.ambiguous.filter((a) => !involved.includes(a));
    const others = [...freed, ...involved.flatMap((a) => [a.movement, ...a.candidates])].filter(
      (m) => ![outId, inId].includes(m.transaction_id),
    );
    s.unmatched = s.unmatched.filter((m) => ![outId, inId].includes(m.transaction_id));
    for (const m of others)
      if (!s.unmatched.some((u) => u.transaction_id === m.transaction_id)) s.unmatched.push(m);
  };

  const routes: Parameters<typeof installFakeFetch>[0] = {
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () =>
      json({ base_currency: 'usd', favorites: [], cost_basis_method: 'average' }),
    'GET /api/v2/notifications/': () =>
      json({ results: [], count: 0, next: null, previous: null, unread_count: 0 }),
    'GET /api/v2/transactions/crypto_options/': () =>
      json({ cryptocurrencies: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: null }] }),
    'GET /api/v2/transfers/': () => json(server.state),
    'POST /api/v2/transfers/confirm/': (call) => {
      const b = body(call);
      const out = find(b.out_id);
      const arrived = find(b.in_id);
      if (!out || !arrived) return envelope(404, 'not_found', 'not_found', transferMessages.outNotFound);
      release(b.out_id, b.in_id);
      server.state.matched.push(pair(out, arrived, { reason: 'confirmed' }));
      return json(server.state);
    },
    'POST /api/v2/transfers/undo/': (call) => {
      const b = body(call);
      const out = find(b.out_id);
      const arrived = find(b.in_id);
      if (!out || !arrived) return envelope(404, 'not_found', 'not_found', transferMessages.outNotFound);
      release(b.out_id, b.in_id);
      server.state.unmatched.push(out, arrived);
      return json(server.state);
    },
    'POST /api/v2/transfers/match/': (call) => {
      const b = body(call);
      const out = find(b.out_id);
      const arrived = find(b.in_id);
      if (!out || !arrived) return envelope(404, 'not_found', 'not_found', transferMessages.outNotFound);
      if (new Dec(arrived.quantity).gt(out.quantity)) return refused('in_id', transferMessages.inExceedsOut);
      release(b.out_id, b.in_id);
      server.state.matched.push(pair(out, arrived, { reason: 'manual' }));
      return json(server.state);
    },
  };
  const fake = installFakeFetch(routes);
  return {
    get state() {
      return server.state;
    },
    set state(value) {
      server.state = value;
    },
    calls: fake.calls,
    bodies: (path) =>
      fake.calls.filter((c) => c.method === 'POST' && c.path === path).map((c) => JSON.parse(c.body ?? '{}')),
  };
}
