import { connectionApiMessages, type EvmChainName } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import {
  createLedgerWriter,
  findPortfolio,
  type LedgerCache,
  rejectFirstOversell,
  spokenOversells,
} from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { readBitcoinSnapshot } from './bitcoin-snapshot.ts';
import { openConnectionSource } from './connection-source.ts';
import type { ConnectionRow } from './connections.repository.ts';
import { readEvmSnapshot } from './evm-snapshot.ts';
import type { ExchangeGateway } from './exchange-gateway.ts';
import { openExchangeCredentials } from './exchange-source.ts';
import { syncExchange } from './exchange-sync.ts';
import type { Explorers } from './explorers.ts';
import { type DayCloses, feeCloses } from './fee-closes.ts';
import {
  connectionById,
  dueConnectionIds,
  markSyncing,
  saveSynced,
  unpricedFeeRows,
} from './sync.repository.ts';
import { planBooking } from './sync-booking.ts';
import { createCursorBox, type SyncCursor } from './sync-cursor.ts';
import { ConnectionGone, describeFailure, SyncStop, syncMessages } from './sync-failure.ts';
import { type FailureNotifier, progressWriter, recordFailure } from './sync-state.ts';
import { recordTokenSightings } from './token-sightings.ts';
import { mappedTokens } from './tokens.repository.ts';
import type { WalletSnapshot } from './wallet-snapshot.ts';

export interface ConnectionSyncDeps {
  db: Db;
  clock: Clock;
  sessionSecret: string;
  explorers: Explorers;
  ledgers: LedgerCache;
  market: MarketReader;
  closes: DayCloses;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO: a sync that would pass it books nothing and says why. */
  transactionsPerPortfolio: number;
  /** CONNECTION_SYNC_INTERVAL_HOURS: a good sync plans the next one this much later. */
  intervalMs: number;
  /** BITCOIN_CONFIRMATIONS: blocks deep before a Bitcoin transaction is booked. */
  bitcoinConfirmations: number;
  /** EVM_CONFIRMATIONS: blocks deep before an EVM transaction is booked. */
  evmConfirmations: number;
  notifier?: FailureNotifier | undefined;
  /** The exchanges exchange connections read; absent, their syncs stop and say so. */
  exchanges?: ExchangeGateway | undefined;
}

/** How one run ended: booked, recorded as failed, or the connection no longer exists. */
export type SyncOutcome = 'synced' | 'failed' | 'gone';

/**
 * One sync of one connection: open its key and cursor, read the chain (progress on the row),
 * then book the new confirmed movements, the reorganisation's corrections, the unrecognised
 * tokens, the new cursor and the chain's balances in ONE transaction through the ledger's writer.
 * The cursor is saved only with the rows it led to, so a sync killed at any point is simply run
 * again and adds nothing twice. A fault leaves every row as it was and records why.
 */
export function createConnectionSync(deps: ConnectionSyncDeps) {
  const { db, clock } = deps;
  const secrets = createSecretBox(deps.sessionSecret, 'connection-secrets:v1');
  const cursors = createCursorBox(deps.sessionSecret);
  const writer = createLedgerWriter({
    db,
    clock,
    ledgers: deps.ledgers,
    transactionsPerPortfolio: deps.transactionsPerPortfolio,
  });
  const failureDeps = { clock, intervalMs: deps.intervalMs, notifier: deps.notifier };

  async function read(
    row: ConnectionRow,
    source: { value: string; form: 'key' | 'address' },
    cursor: SyncCursor,
    onProgress: Parameters<typeof readBitcoinSnapshot>[0]['onProgress'],
    signal: AbortSignal | undefined,
  ): Promise<WalletSnapshot> {
    if (row.kind === 'bitcoin') {
      return readBitcoinSnapshot({
        client: deps.explorers.esplora,
        source: {
          ...source,
          scriptType: row.scriptType as Parameters<typeof readBitcoinSnapshot>[0]['source']['scriptType'],
          gapLimit: row.gapLimit,
        },
        cursor,
        confirmations: deps.bitcoinConfirmations,
        onProgress,
        signal,
      });
    }
    const client = deps.explorers.etherscan;
    if (!client) throw new SyncStop(syncMessages.noEtherscanKey);
    const mapped = (await mappedTokens(db, row.id)).map((t) => ({
      chain: t.chain,
      contract: t.contractAddress,
      coinId: t.coinId ?? '',
      decimals: t.decimals,
    }));
    return readEvmSnapshot({
      client,
      address: source.value,
      chains: row.chains as EvmChainName[],
      cursor,
      mapped,
      confirmations: deps.evmConfirmations,
      onProgress,
      signal,
    });
  }

  async function book(row: ConnectionRow, snapshot: WalletSnapshot, cursor: SyncCursor): Promise<void> {
    const portfolio = await findPortfolio(db, row.userId, row.portfolioId);
    if (!portfolio) throw new ConnectionGone();
    // Day closes are read before the transaction: the ledger's write does no market reads.
    const unpriced = [...new Set((await unpricedFeeRows(db, row.id)).map((r) => r.coinId))];
    const closeOn = await feeCloses(
      deps.closes,
      deps.market,
      snapshot.movements,
      portfolio.currency,
      unpriced,
    );
    await spokenOversells(deps.market, 'en', () =>
      writer.write({
        userId: row.userId,
        portfolioIds: [row.portfolioId],
        missingPortfolio: () => notFound(connectionApiMessages.notFound),
        plan: async (tx) => {
          const locked = await connectionById(tx, row.id, true);
          if (!locked) throw new ConnectionGone();
          const booking = await planBooking(tx, {
            connection: locked,
            snapshot,
            booked: cursor.booked,
            closeOn,
          });
          return {
            edits: booking.edits,
            rejectOversells: rejectFirstOversell('self'),
            write: async (writeTx, now) => {
              const written = await booking.write(writeTx, now);
              await recordTokenSightings(writeTx, locked, snapshot.movements, now);
              const next: SyncCursor = {
                ...snapshot.cursor,
                pending: snapshot.pending,
                booked: booking.booked,
              };
              await saveSynced(
                writeTx,
                locked.id,
                {
                  sealedCursor: cursors.seal(next, locked.id),
                  chainBalances: snapshot.balances,
                  progress: snapshot.progress,
                  nextSyncAt: new Date(now.getTime() + deps.intervalMs),
                },
                now,
              );
              return { result: undefined, ...written };
            },
          };
        },
      }),
    );
  }

  const exchangeDeps = {
    db,
    clock,
    market: deps.market,
    closes: deps.closes,
    exchanges: deps.exchanges,
    intervalMs: deps.intervalMs,
    writer,
    cursors,
  };

  /** An exchange account's sync: the same failure handling as a wallet's around its own read and booking. */
  async function runExchange(row: ConnectionRow, signal: AbortSignal | undefined): Promise<SyncOutcome> {
    const credentials = openExchangeCredentials(secrets, row);
    const cursor = cursors.open(row.sealedCursor, row.id);
    if (!credentials || !cursor) {
      await recordFailure(db, failureDeps, row.id, { message: syncMessages.sealed, needsAttention: true });
      return 'failed';
    }
    await markSyncing(db, row.id, clock());
    const progress = progressWriter(db, row.id);
    try {
      await syncExchange(exchangeDeps, row, credentials, cursor, progress, signal);
      return 'synced';
    } catch (error) {
      return settle(error, progress, signal, row.id);
    }
  }

  async function settle(
    error: unknown,
    progress: ReturnType<typeof progressWriter>,
    signal: AbortSignal | undefined,
    id: string,
  ): Promise<SyncOutcome> {
    await progress.flush();
    if (error instanceof ConnectionGone) return 'gone';
    // Stopped from outside (the process stops, the lease ends): the job's next attempt resumes.
    if (signal?.aborted) throw error;
    const failure = describeFailure(error);
    if (failure) {
      await recordFailure(db, failureDeps, id, failure);
      return 'failed';
    }
    // A fault of ours: said on the row when the database still answers, then retried by the job.
    await recordFailure(db, failureDeps, id, { message: syncMessages.internal }).catch(() => undefined);
    throw error;
  }

  return {
    /** Connections whose next sync is due now, oldest due first. */
    dueConnections: (limit: number): Promise<string[]> => dueConnectionIds(db, clock(), limit),

    async run(connectionId: string, options: { signal?: AbortSignal } = {}): Promise<SyncOutcome> {
      const row = await connectionById(db, connectionId);
      if (!row) return 'gone';
      if (row.kind === 'exchange') return runExchange(row, options.signal);
      const source = openConnectionSource(secrets, row);
      const cursor = cursors.open(row.sealedCursor, row.id);
      if (!source || !cursor) {
        await recordFailure(db, failureDeps, row.id, { message: syncMessages.sealed, needsAttention: true });
        return 'failed';
      }
      await markSyncing(db, row.id, clock());
      const progress = progressWriter(db, row.id);
      try {
        const snapshot = await read(row, source, cursor, progress.report, options.signal);
        await progress.flush();
        await book(row, snapshot, cursor);
        return 'synced';
      } catch (error) {
        return settle(error, progress, options.signal, row.id);
      }
    },
  };
}

export type ConnectionSync = ReturnType<typeof createConnectionSync>;
