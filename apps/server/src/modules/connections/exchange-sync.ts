import { connectionApiMessages, connectionMessages, exchangeDescriptors } from '@app/contracts';
import { bestKnownCoinId, isFiat } from '@app/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { connections } from '../../db/schema/index.ts';
import type { ExchangeHistory } from '../../integrations/exchanges/index.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  type createLedgerWriter,
  findPortfolio,
  rejectFirstOversell,
  spokenOversells,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import type { ConnectionRow } from './connections.repository.ts';
import { planExchangeBooking } from './exchange-booking.ts';
import type { ExchangeGateway } from './exchange-gateway.ts';
import {
  deleteRecords,
  holdRecords,
  listRecords,
  type OwnerDecision,
  recordDecisions,
  stageRecords,
} from './exchange-records.repository.ts';
import { type RecordInput, recordKey } from './exchange-rows.ts';
import type { ExchangeCredentials } from './exchange-source.ts';
import { stagedRows } from './exchange-staged.ts';
import type { DayCloses } from './fee-closes.ts';
import { connectionById, lockConnection, saveCursor, saveSynced } from './sync.repository.ts';
import type { createCursorBox, SyncCursor } from './sync-cursor.ts';
import { ConnectionGone, SyncStop } from './sync-failure.ts';
import type { progressWriter } from './sync-state.ts';

export interface ExchangeSyncDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
  closes: DayCloses;
  exchanges: ExchangeGateway | undefined;
  intervalMs: number;
  writer: ReturnType<typeof createLedgerWriter>;
  cursors: ReturnType<typeof createCursorBox>;
}

/**
 * One sync of an exchange account. Each page the reader hands out is staged with the reader's
 * cursor in one transaction, so a read killed half way resumes where it was with nothing lost or
 * doubled. Once the read is through, every staged and held record is booked in ONE transaction
 * through the ledger's writer (a trade with its fee and both legs of a swap together, and a sale
 * never checked before the deposit that funded it), with the exchange's balances for
 * reconciliation. What cannot be booked yet stays held, with why.
 */
export async function syncExchange(
  deps: ExchangeSyncDeps,
  row: ConnectionRow,
  credentials: ExchangeCredentials,
  cursor: SyncCursor,
  progress: ReturnType<typeof progressWriter>,
  signal: AbortSignal | undefined,
): Promise<void> {
  const { db, clock } = deps;
  const gateway = deps.exchanges;
  if (!gateway) throw new SyncStop(connectionApiMessages.exchangesOff, true);
  await checkKeyOnce(db, gateway, row, credentials, clock());

  let state: SyncCursor = { ...cursor };
  let pages = 0;
  let found = 0;
  const history = await gateway.read(credentials, cursor.exchange ?? null, {
    signal,
    onBatch: async (batch) => {
      const records: { key: string; record: RecordInput }[] = [
        ...batch.trades.map((trade) => ({ kind: 'trade' as const, trade })),
        ...batch.movements.map((movement) => ({ kind: 'movement' as const, movement })),
      ].map((record) => ({ key: recordKey(record), record }));
      const next: SyncCursor = { ...state, exchange: batch.cursor };
      await db.transaction(async (tx) => {
        if (!(await lockConnection(tx, row.id))) throw new ConnectionGone();
        await stageRecords(tx, row.id, records);
        await saveCursor(tx, row.id, deps.cursors.seal(next, row.id), clock());
      });
      state = next;
      pages += 1;
      found += records.length;
      progress.report({ addresses_scanned: pages, transactions_found: found });
    },
  });
  await progress.flush();
  await bookStaged(deps, row, { ...state, exchange: history.nextCursor }, history, { pages, found });
}

/** A key not asked about at creation (the exchange was unreachable) is asked before its first read. */
async function checkKeyOnce(
  db: Db,
  gateway: ExchangeGateway,
  row: ConnectionRow,
  credentials: ExchangeCredentials,
  now: Date,
): Promise<void> {
  if (row.keyPermissions !== null) return;
  const check = await gateway.checkKey(credentials);
  if (check.kind === 'unreachable') return;
  const name = exchangeDescriptors[credentials.exchange].name;
  if (check.kind === 'rejected') throw new SyncStop(connectionMessages.exchangeKeyRejected(name), true);
  const permissions = { can_trade: check.permissions.canTrade, can_withdraw: check.permissions.canWithdraw };
  await db
    .update(connections)
    .set({ keyPermissions: permissions, updatedAt: now })
    .where(eq(connections.id, row.id));
  if (check.permissions.canWithdraw === true && !row.withdrawalAllowed) {
    throw new SyncStop(connectionMessages.exchangeKeyCanWithdraw, true);
  }
}

/** The exchange's balances as reconciliation reads them: `exchange:<coin>`; money and unknown assets left out. */
function exchangeBalances(history: ExchangeHistory): Record<string, string> {
  const out: Record<string, string> = {};
  for (const b of history.balances) {
    if (isFiat(b.currency)) continue;
    const coinId = bestKnownCoinId(b.currency);
    if (coinId !== null) out[`exchange:${coinId}`] = b.total;
  }
  return out;
}

async function bookStaged(
  deps: ExchangeSyncDeps,
  row: ConnectionRow,
  cursor: SyncCursor,
  history: ExchangeHistory,
  counts: { pages: number; found: number },
): Promise<void> {
  const { db } = deps;
  const portfolio = await findPortfolio(db, row.userId, row.portfolioId);
  if (!portfolio) throw new ConnectionGone();
  const stored = await listRecords(db, row.id);
  const { bookable, parts, holds, skipped } = await stagedRows(deps, row, portfolio.currency, stored);

  await spokenOversells(deps.market, 'en', () =>
    deps.writer.write({
      userId: row.userId,
      portfolioIds: [row.portfolioId],
      missingPortfolio: () => notFound(connectionApiMessages.notFound),
      plan: async (tx) => {
        const locked = await connectionById(tx, row.id, true);
        if (!locked) throw new ConnectionGone();
        // Read under the lock: a decision the owner gave while the exchange was being read counts.
        const decided = await recordDecisions(tx, row.id);
        const decisions = new Map<string, OwnerDecision>();
        for (const r of bookable) {
          const decision = (parts.get(r.key) ?? [r.key]).map((k) => decided.get(k)).find((d) => d);
          if (decision) decisions.set(r.key, decision);
        }
        const booking = await planExchangeBooking(tx, {
          connection: locked,
          records: bookable,
          booked: cursor.booked,
          decisions,
        });
        return {
          edits: booking.edits,
          rejectOversells: rejectFirstOversell('self'),
          write: async (writeTx, now) => {
            const written = await booking.write(writeTx, now);
            const done = [...booking.done.flatMap((k) => parts.get(k) ?? [k]), ...skipped];
            await deleteRecords(writeTx, row.id, done);
            const held = [
              ...holds,
              ...booking.holds.flatMap((h) => (parts.get(h.key) ?? [h.key]).map((key) => ({ ...h, key }))),
            ];
            await holdRecords(writeTx, row.id, held);
            await saveSynced(
              writeTx,
              row.id,
              {
                sealedCursor: deps.cursors.seal({ ...cursor, booked: booking.booked }, row.id),
                chainBalances: exchangeBalances(history),
                progress: { addresses_scanned: counts.pages, transactions_found: counts.found },
                nextSyncAt: new Date(now.getTime() + deps.intervalMs),
              },
              now,
            );
            if (history.earliestAvailable) {
              await writeTx
                .update(connections)
                .set({ historyFrom: new Date(history.earliestAvailable) })
                .where(eq(connections.id, row.id));
            }
            return { result: undefined, ...written };
          },
        };
      },
    }),
  );
}
