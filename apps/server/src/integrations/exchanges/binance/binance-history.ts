import { decimalAdd, isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { byTimeThenId, type ExchangeHistory, type ReadHistoryOptions } from '../exchange-history.ts';
import type { ExchangeBalance, ExchangeMovement, ExchangeTrade } from '../exchange-records.ts';
import { isoOf } from '../exchange-time.ts';
import { readTimeWindows, type TimeWindowCursor, type WindowedRead } from '../time-window-cursor.ts';
import type { BinanceCursor } from './binance-cursor.ts';
import {
  depositMovement,
  depositPages,
  dividendMovement,
  dividendPages,
  identifyDeposit,
  identifyDividend,
  identifyWithdrawal,
  withdrawalMovement,
  withdrawalPages,
} from './binance-funding.ts';
import { binanceCode, binanceSymbolsToRead } from './binance-markets.ts';
import { binanceAccountSchema } from './binance-schemas.ts';
import { binanceTradeOf, binanceTradePages } from './binance-trades.ts';

/** Binance opened on 14 July 2017; nothing of an account can be older. */
export const binanceLaunch = '2017-07-14T00:00:00.000Z';
const dayMs = 86_400_000;
/** Deposit and withdrawal history: "the time between startTime and endTime must be less than 90 days". */
const fundingWindowMs = 90 * dayMs;
/** The asset dividend record allows 180 days per request. */
const dividendWindowMs = 180 * dayMs;
/** A deposit or withdrawal still pending after this long is not waited for any more. */
const pendingGiveUpMs = 30 * dayMs;
/** Windows end this far back, so a deposit credited this minute is read once it shows its final state. */
const settleMs = 60_000;

type WindowedKey = 'deposits' | 'withdrawals' | 'dividends';

/**
 * A Binance spot account's history since the cursor: balances from account; deposits, withdrawals
 * and asset distributions (staking and savings interest, airdrops) in time windows from
 * `historyStart`; then, per market of the assets seen, trades from myTrades by trade id.
 */
export async function readBinanceHistory(
  client: ExchangeClient<'binance'>,
  cursor: BinanceCursor,
  options: ReadHistoryOptions,
): Promise<ExchangeHistory> {
  const firstRequest = client.requestCount();
  const checkStop = () => options.signal?.throwIfAborted();
  const historyStart = Date.parse(options.historyStart ?? binanceLaunch);
  await client.loadMarkets();
  checkStop();
  const account = await client.call('account', binanceAccountSchema, (binance) =>
    binance.privateGetAccount({ omitZeroBalances: true }),
  );

  const assets = new Set(cursor.assets);
  const totals = new Map<string, string>();
  for (const { asset, free, locked } of account.balances) {
    const total = decimalAdd(free, locked);
    if (isZero(total)) continue;
    assets.add(asset);
    const code = binanceCode(client, asset);
    totals.set(code, decimalAdd(totals.get(code) ?? '0', total));
  }

  let state: BinanceCursor = structuredClone(cursor);
  const movements: ExchangeMovement[] = [];
  const end = client.now() - settleMs;
  const giveUpBefore = client.now() - pendingGiveUpMs;

  async function readWindowed<R>(
    key: WindowedKey,
    endpoint: string,
    windowMs: number,
    pages: WindowedRead<R>['pages'],
    identify: WindowedRead<R>['identify'],
    toMovement: (record: R) => ExchangeMovement,
    assetOf: (record: R) => string,
  ): Promise<void> {
    const windows = readTimeWindows({
      cursor: state[key] as TimeWindowCursor,
      historyStart,
      end,
      windowMs,
      giveUpBefore,
      pages,
      identify,
    });
    for await (const batch of windows) {
      for (const record of batch.records) assets.add(assetOf(record));
      const found = batch.records.map(toMovement);
      state = { ...state, [key]: batch.cursor, assets: [...assets].sort() };
      movements.push(...found);
      await options.onProgress?.({ endpoint, trades: [], movements: found, cursor: state });
      checkStop();
    }
  }

  await readWindowed(
    'deposits',
    'capital/deposit/hisrec',
    fundingWindowMs,
    (from, to) => depositPages(client, from, to),
    identifyDeposit,
    (deposit) => depositMovement(client, deposit),
    (deposit) => deposit.coin,
  );
  await readWindowed(
    'withdrawals',
    'capital/withdraw/history',
    fundingWindowMs,
    (from, to) => withdrawalPages(client, from, to),
    identifyWithdrawal,
    (withdrawal) => withdrawalMovement(client, withdrawal),
    (withdrawal) => withdrawal.coin,
  );
  await readWindowed(
    'dividends',
    'asset/assetDividend',
    dividendWindowMs,
    (from, to) => dividendPages(client, from, to),
    identifyDividend,
    (dividend) => dividendMovement(client, dividend),
    (dividend) => dividend.asset,
  );
  state = { ...state, assets: [...assets].sort() };

  const trades: ExchangeTrade[] = [];
  for (const symbol of binanceSymbolsToRead(client, assets, Object.keys(state.trades))) {
    checkStop();
    const fromId = state.trades[symbol]?.fromId ?? '0';
    for await (const page of binanceTradePages(client, symbol, fromId)) {
      const batch = page.trades.map((trade) => binanceTradeOf(client, trade));
      state = { ...state, trades: { ...state.trades, [symbol]: { fromId: page.nextFromId } } };
      trades.push(...batch);
      await options.onProgress?.({ endpoint: 'myTrades', trades: batch, movements: [], cursor: state });
      checkStop();
    }
  }

  const balances: ExchangeBalance[] = [...totals].map(([currency, total]) => ({ currency, total }));
  balances.sort((a, b) => (a.currency < b.currency ? -1 : 1));
  return {
    trades: trades.sort(byTimeThenId),
    movements: movements.sort(byTimeThenId),
    balances,
    nextCursor: state,
    earliestAvailable: isoOf(historyStart),
    requests: client.requestCount() - firstRequest,
  };
}
