import { Dec } from '@app/core';
import type { MovementKind } from '@app/core/wallets';
import type { Db } from '../../db/client.ts';
import { type ConnectionTokenRow, listTokens, upsertToken } from './tokens.repository.ts';
import { type SourcedMovement, signedQuantity } from './wallet-snapshot.ts';

/** A transfer of an unrecognised token, kept with the token until its owner maps it to a coin. */
export interface StoredTokenMovement {
  source_id: string;
  kind: MovementKind;
  /** In the token's own unit, exact, positive. */
  quantity: string;
  executed_at: string;
}

/**
 * The table keeps 20 integer digits (NUMERIC(38,18)). A token that moves more units than that is
 * no coin anybody holds (spam mints absurd amounts): it is left out rather than failing the sync.
 */
const fits = (quantity: string) => (quantity.split('.')[0] ?? '').replace(/^-/, '').length <= 20;

export function tokenMovements(row: ConnectionTokenRow): StoredTokenMovement[] {
  return row.movements as StoredTokenMovement[];
}

/**
 * Keeps the transfers of tokens no coin is known for beside the connection, never as
 * transactions: anyone can send anyone a token (spam does), so one is neither valued nor held
 * until its owner says which coin it is. A transfer already kept is not kept twice.
 */
export async function recordTokenSightings(
  tx: Db,
  connection: { id: string; userId: string },
  movements: readonly SourcedMovement[],
  now: Date,
): Promise<void> {
  const sighted = movements.filter((m) => m.coinId === null && m.token !== undefined && fits(m.quantity));
  if (sighted.length === 0) return;
  const existing = new Map(
    (await listTokens(tx, connection.id)).map((row) => [`${row.chain}:${row.contractAddress}`, row]),
  );
  const byToken = new Map<string, SourcedMovement[]>();
  for (const m of sighted) {
    const key = `${m.token?.chain}:${m.token?.contract}`;
    const list = byToken.get(key);
    if (list) list.push(m);
    else byToken.set(key, [m]);
  }
  for (const [key, list] of byToken) {
    const token = list[0]?.token;
    if (!token) continue;
    const kept = existing.get(key);
    const all = kept ? [...tokenMovements(kept)] : [];
    const have = new Set(all.map((m) => m.source_id));
    for (const m of list) {
      if (have.has(m.sourceId)) continue;
      all.push({
        source_id: m.sourceId,
        kind: m.kind,
        quantity: m.quantity,
        executed_at: m.executedAt.toISOString(),
      });
    }
    const quantity = all.reduce((sum, m) => sum.add(signedQuantity(m.kind, m.quantity)), new Dec(0));
    if (!fits(quantity.toFixed())) continue;
    await upsertToken(
      tx,
      {
        connectionId: connection.id,
        userId: connection.userId,
        chain: token.chain,
        contractAddress: token.contract,
        name: token.name,
        symbol: token.symbol,
        decimals: token.decimals,
        quantity: quantity.toFixed(),
        movements: all,
      },
      now,
    );
  }
}
