import type { ExchangeClient } from '../exchange-client.ts';
import { byTimeThenId, type ExchangeHistory, type ReadHistoryOptions } from '../exchange-history.ts';
import type { ExchangeMovement, ExchangeTrade } from '../exchange-records.ts';
import { coinbaseBalancesOf, readCoinbaseAccounts } from './coinbase-accounts.ts';
import type { CoinbaseCursor } from './coinbase-cursor.ts';
import { teachCoinbaseErrorCodes } from './coinbase-error-codes.ts';
import { coinbaseFillPages } from './coinbase-fill-pages.ts';
import { coinbaseMovementOf } from './coinbase-movements.ts';
import { coinbaseTimeSchema } from './coinbase-schemas.ts';
import { coinbaseTradeOf } from './coinbase-trades.ts';
import { coinbaseWalletPages } from './coinbase-wallet-pages.ts';

/** Fills are read up to this long ago on Coinbase's clock, so one recorded this minute is settled when read. */
const settleMs = 60_000;
/** A wallet transaction still pending after this long is not waited for any more. */
const pendingGiveUpMs = 30 * 86_400_000;

/**
 * A Coinbase account's history since the cursor: balances and the list of wallets from Advanced
 * Trade's accounts; trades from its fills, up to a minute ago on Coinbase's clock (public time);
 * deposits, withdrawals, rewards, wallet moves and conversions from each wallet's transactions in
 * the wallet API (their Advanced Trade fills are the fills again and are left out).
 *
 * Every wallet is asked every time: the accounts list tells nothing of which ones moved.
 */
export async function readCoinbaseHistory(
  client: ExchangeClient<'coinbase'>,
  cursor: CoinbaseCursor,
  options: ReadHistoryOptions,
): Promise<ExchangeHistory> {
  teachCoinbaseErrorCodes(client);
  const firstRequest = client.requestCount();
  const checkStop = () => options.signal?.throwIfAborted();
  const serverTime = await client.call('brokerage/time', coinbaseTimeSchema, (coinbase) =>
    coinbase.v3PublicGetBrokerageTime(),
  );
  const end = new Date(serverTime.epochMillis - settleMs).toISOString();
  checkStop();
  const accounts = await readCoinbaseAccounts(client);

  let state: CoinbaseCursor = structuredClone(cursor);
  const trades: ExchangeTrade[] = [];
  for await (const page of coinbaseFillPages(client, state.fills, end)) {
    const batch = page.fills.flatMap((fill) => coinbaseTradeOf(client, fill) ?? []);
    state = { ...state, fills: page.cursor };
    trades.push(...batch);
    await options.onProgress?.({
      endpoint: 'orders/historical/fills',
      trades: batch,
      movements: [],
      cursor: state,
    });
    checkStop();
  }

  const movements: ExchangeMovement[] = [];
  const giveUpBefore = serverTime.epochMillis - pendingGiveUpMs;
  const walletIds = [...new Set(accounts.map((account) => account.uuid))].sort();
  for (const accountId of walletIds) {
    const from = state.wallets[accountId] ?? { after: null, handedOut: [] };
    for await (const page of coinbaseWalletPages(client, accountId, from, giveUpBefore)) {
      const batch = page.transactions.flatMap((transaction) => coinbaseMovementOf(client, transaction) ?? []);
      state = { ...state, wallets: { ...state.wallets, [accountId]: page.cursor } };
      movements.push(...batch);
      await options.onProgress?.({
        endpoint: 'accounts/:id/transactions',
        trades: [],
        movements: batch,
        cursor: state,
      });
      checkStop();
    }
  }

  return {
    trades: trades.sort(byTimeThenId),
    movements: movements.sort(byTimeThenId),
    balances: coinbaseBalancesOf(client, accounts),
    nextCursor: state,
    requests: client.requestCount() - firstRequest,
  };
}
