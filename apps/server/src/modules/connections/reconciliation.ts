import type { ConnectionChain, ConnectionReconciliation } from '@app/contracts';
import { Dec, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import type { ConnectionRow } from './connections.repository.ts';
import { sourcedTotals } from './sync.repository.ts';
import type { SyncCursor } from './sync-cursor.ts';
import { balanceKey } from './wallet-snapshot.ts';

type Explanation = ConnectionReconciliation['coins'][number]['explained_by'][number];

/** Row types that add to a holding; every other type takes from it. */
export const incoming: ReadonlySet<string> = new Set(['transfer_in', 'buy', 'reward']);

/**
 * The chain a connection's row is on: a Bitcoin connection has one, an exchange account is one
 * place of its own; EVM outside ids start with theirs.
 */
function chainOf(row: ConnectionRow, sourceId: string): string {
  if (row.kind === 'bitcoin' || row.kind === 'exchange') return row.kind;
  return sourceId.split(':')[0] ?? '';
}

/**
 * The ledger's side (what the rows this connection brought add up to, per chain and coin) against
 * the chain's (its balances at the last sync), and what explains the difference: movements not
 * booked yet (pending), rows removed or changed since they were booked. A clean sync leaves every
 * difference at 0.
 */
export async function reconcile(
  db: Db,
  row: ConnectionRow,
  cursor: SyncCursor | null,
): Promise<ConnectionReconciliation> {
  const rows = await sourcedTotals(db, row.id);
  const ledger = new Map<string, Dec>();
  const current = new Map<string, { id: string; coinId: string; signed: Dec }>();
  for (const r of rows) {
    const signed = new Dec(r.quantity).mul(incoming.has(r.type) ? 1 : -1);
    const key = balanceKey(chainOf(row, r.sourceId), r.coinId);
    ledger.set(key, (ledger.get(key) ?? new Dec(0)).add(signed));
    current.set(r.sourceId, { id: r.id, coinId: r.coinId, signed });
  }

  const explained = new Map<string, Explanation[]>();
  const explain = (key: string, line: Explanation) => {
    const list = explained.get(key);
    if (list) list.push(line);
    else explained.set(key, [line]);
  };
  for (const p of cursor?.pending ?? []) {
    explain(balanceKey(p.chain, p.coin_id), {
      source_id: p.source_id,
      transaction_id: null,
      quantity: toDecimalString(new Dec(p.quantity)),
      reason: 'pending',
    });
  }
  for (const [sourceId, [coinId, quantity]] of Object.entries(cursor?.booked ?? {})) {
    const key = balanceKey(chainOf(row, sourceId), coinId);
    const booked = new Dec(quantity);
    const now = current.get(sourceId);
    if (!now) {
      explain(key, {
        source_id: sourceId,
        transaction_id: null,
        quantity: toDecimalString(booked),
        reason: 'removed',
      });
      continue;
    }
    const counted = now.coinId === coinId ? now.signed : new Dec(0);
    if (!counted.eq(booked)) {
      explain(key, {
        source_id: sourceId,
        transaction_id: now.id,
        quantity: toDecimalString(booked.sub(counted)),
        reason: 'changed',
      });
    }
  }

  const balances = row.chainBalances;
  const keys = [...new Set([...Object.keys(balances), ...ledger.keys(), ...explained.keys()])].sort();
  return {
    connection_id: row.id,
    as_of: row.lastSyncedAt?.toISOString() ?? null,
    coins: keys.map((key) => {
      const at = key.indexOf(':');
      const chainQuantity = new Dec(balances[key] ?? '0');
      const ledgerQuantity = ledger.get(key) ?? new Dec(0);
      return {
        coin_id: key.slice(at + 1),
        chain: key.slice(0, at) as ConnectionChain,
        ledger_quantity: toDecimalString(ledgerQuantity),
        chain_quantity: toDecimalString(chainQuantity),
        difference: toDecimalString(chainQuantity.sub(ledgerQuantity)),
        explained_by: explained.get(key) ?? [],
      };
    }),
  };
}
