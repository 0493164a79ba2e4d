import type { ExchangeClient } from '../exchange-client.ts';
import type { CoinbaseWalletCursor } from './coinbase-cursor.ts';
import { type CoinbaseTransactionJson, coinbaseTransactionsSchema } from './coinbase-schemas.ts';
import { coinbaseTimeMs } from './coinbase-time.ts';
import { coinbaseTransactionState } from './coinbase-transaction-kinds.ts';

/** The most the wallet API answers per request. */
export const coinbaseTransactionPageSize = 100;

/**
 * One wallet's completed transactions after the cursor, oldest first, a page at a time, each with
 * the cursor that includes it. The wallet API pages with `starting_after` (a transaction id) and
 * names the next page's in `pagination.next_starting_after`; in `order=asc` what comes after an id
 * is newer, so the last transaction handed out is where the next read starts.
 *
 * A transaction still pending holds `after` in front of it, so the next read sees it again; what
 * completed behind it is handed out now and remembered in `handedOut`. One pending since before
 * `giveUpBefore` (epoch ms) is taken as void: Coinbase will not finish it any more.
 */
export async function* coinbaseWalletPages(
  client: ExchangeClient<'coinbase'>,
  accountId: string,
  cursor: CoinbaseWalletCursor,
  giveUpBefore: number,
): AsyncGenerator<{ transactions: CoinbaseTransactionJson[]; cursor: CoinbaseWalletCursor }> {
  let after = cursor.after;
  const handed = new Set(cursor.handedOut);
  let held = false;
  let startingAfter = cursor.after;
  for (;;) {
    const params: Record<string, string | number> = {
      account_id: accountId,
      limit: coinbaseTransactionPageSize,
      order: 'asc',
    };
    if (startingAfter !== null) params.starting_after = startingAfter;
    const answer = await client.call('accounts/:id/transactions', coinbaseTransactionsSchema, (coinbase) =>
      coinbase.v2PrivateGetAccountsAccountIdTransactions(params),
    );
    const fresh: CoinbaseTransactionJson[] = [];
    for (const transaction of answer.data) {
      const status = coinbaseTransactionState(transaction.status);
      const state =
        status === 'pending' && coinbaseTimeMs(transaction.created_at) < giveUpBefore ? 'void' : status;
      if (state === 'pending') {
        held = true;
        continue;
      }
      const already = handed.has(transaction.id);
      if (state === 'final' && !already) fresh.push(transaction);
      if (held) {
        if (state === 'final') handed.add(transaction.id);
      } else {
        after = transaction.id;
        handed.delete(transaction.id);
      }
    }
    yield { transactions: fresh, cursor: { after, handedOut: [...handed] } };
    const next = answer.pagination.next_starting_after;
    if (next === undefined || next === null || next === '' || answer.data.length === 0) return;
    startingAfter = next;
  }
}
