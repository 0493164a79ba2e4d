import {
  type ConnectionToken,
  type ConnectionTokenUpdateBody,
  connectionApiMessages,
  connectionSyncMessages,
  type EvmChainName,
} from '@app/contracts';
import { Dec, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  createLedgerWriter,
  type LedgerCache,
  rejectFirstOversell,
  spokenOversells,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { type ConnectionRow, findConnection } from './connections.repository.ts';
import { connectionById, insertSourcedRows, saveCursor, sourcedRows } from './sync.repository.ts';
import { forCheck, rowFor } from './sync-booking.ts';
import { createCursorBox } from './sync-cursor.ts';
import { tokenMovements } from './token-sightings.ts';
import { type ConnectionTokenRow, findToken, listTokens, updateToken } from './tokens.repository.ts';
import { signedQuantity } from './wallet-snapshot.ts';

function toToken(row: ConnectionTokenRow): ConnectionToken {
  return {
    id: row.id,
    chain: row.chain as EvmChainName,
    contract_address: row.contractAddress,
    name: row.name,
    symbol: row.symbol,
    quantity: toDecimalString(new Dec(row.quantity)),
    coin_id: row.coinId,
    hidden: row.hidden,
  };
}

/**
 * The tokens a connection saw that no coin is known for. Mapping one to a coin books every
 * transfer kept for it as rows like any other (through the ledger's writer), and its later
 * transfers are booked by the sync; hiding one only takes it off the list.
 */
export function createTokenService(deps: {
  db: Db;
  clock: Clock;
  ledgers: LedgerCache;
  market: MarketReader;
  sessionSecret: string;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO: mapping a token books its transfers as rows. */
  transactionsPerPortfolio: number;
}) {
  const { db } = deps;
  const writer = createLedgerWriter(deps);
  const cursors = createCursorBox(deps.sessionSecret);

  async function owned(userId: string, connectionId: string): Promise<ConnectionRow> {
    const row = await findConnection(db, userId, connectionId);
    if (!row) throw notFound(connectionApiMessages.notFound);
    return row;
  }

  async function map(connection: ConnectionRow, token: ConnectionTokenRow, coinId: string, hidden?: boolean) {
    return spokenOversells(deps.market, 'en', () =>
      writer.write({
        userId: connection.userId,
        portfolioIds: [connection.portfolioId],
        missingPortfolio: () => notFound(connectionApiMessages.notFound),
        plan: async (tx) => {
          const locked = await connectionById(tx, connection.id, true);
          if (!locked) throw notFound(connectionApiMessages.notFound);
          // Read again under the lock: a sync may have kept more transfers since.
          const current = (await findToken(tx, locked.userId, locked.id, token.id, true)) ?? token;
          const movements = tokenMovements(current).map((m) => ({
            sourceId: m.source_id,
            txKey: m.source_id,
            chain: token.chain,
            kind: m.kind,
            coinId,
            quantity: m.quantity,
            executedAt: new Date(m.executed_at),
          }));
          const have = new Set(
            (
              await sourcedRows(
                tx,
                locked.id,
                movements.map((m) => m.sourceId),
              )
            ).map((r) => r.sourceId),
          );
          const fresh = movements.filter((m) => !have.has(m.sourceId));
          // A token transfer is never a fee (gas is paid in the chain's own coin).
          const values = fresh.map((m) => rowFor(m, locked, () => null));
          const cursor = cursors.open(locked.sealedCursor, locked.id) ?? {};
          const booked = { ...cursor.booked };
          for (const m of fresh) booked[m.sourceId] = [coinId, signedQuantity(m.kind, m.quantity)];
          return {
            edits: values.map((v) => ({
              portfolioId: v.portfolioId,
              change: { kind: 'create' as const, transaction: forCheck(v) },
            })),
            rejectOversells: rejectFirstOversell('self'),
            write: async (writeTx, now) => {
              const added = await insertSourcedRows(writeTx, locked.userId, values, now);
              const updated = await updateToken(
                writeTx,
                token.id,
                { coinId, ...(hidden === undefined ? {} : { hidden }) },
                now,
              );
              await saveCursor(writeTx, locked.id, cursors.seal({ ...cursor, booked }, locked.id), now);
              return { result: updated, added, removedIds: [] };
            },
          };
        },
      }),
    );
  }

  return {
    async list(userId: string, connectionId: string): Promise<ConnectionToken[]> {
      const connection = await owned(userId, connectionId);
      return (await listTokens(db, connection.id)).map(toToken);
    },

    /** Returns the token, and whether its transfers were just booked (its balance is read next sync). */
    async update(
      userId: string,
      connectionId: string,
      tokenId: string,
      body: ConnectionTokenUpdateBody,
    ): Promise<{ token: ConnectionToken; mapped: boolean }> {
      const connection = await owned(userId, connectionId);
      const token = await findToken(db, userId, connection.id, tokenId);
      if (!token) throw notFound(connectionSyncMessages.tokenNotFound);
      const { coin_id: coinId, hidden } = body;
      if (coinId !== undefined && token.coinId !== null && token.coinId !== coinId) {
        throw validationError({ coin_id: [connectionSyncMessages.tokenMapped] });
      }
      if (coinId !== undefined && token.coinId === null) {
        return { token: toToken(await map(connection, token, coinId, hidden)), mapped: true };
      }
      const updated =
        hidden === undefined ? token : await updateToken(db, token.id, { hidden }, deps.clock());
      return { token: toToken(updated), mapped: false };
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
