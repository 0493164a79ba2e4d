import { isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { ExchangeMovement } from '../exchange-records.ts';
import { isoOf, utcTextToMs } from '../exchange-time.ts';
import { isFiatCode } from '../fiat-currencies.ts';
import type { RecordState } from '../time-window-cursor.ts';
import { binanceCode } from './binance-markets.ts';
import {
  type BinanceDepositJson,
  type BinanceDividendJson,
  type BinanceWithdrawalJson,
  binanceDepositsSchema,
  binanceDividendsSchema,
  binanceWithdrawalsSchema,
} from './binance-schemas.ts';

/** Deposit and withdrawal history answer at most this many rows per request, paged by `offset`. */
const fundingPageSize = 1000;
/** The asset dividend record answers at most this many rows, newest first, without an offset. */
const dividendPageSize = 500;

async function* offsetPages<R>(fetchPage: (offset: number) => Promise<R[]>): AsyncGenerator<R[]> {
  for (let offset = 0; ; ) {
    const page = await fetchPage(offset);
    yield page;
    if (page.length < fundingPageSize) return;
    offset += page.length;
  }
}

export function depositPages(
  client: ExchangeClient<'binance'>,
  from: number,
  to: number,
): AsyncGenerator<BinanceDepositJson[]> {
  return offsetPages((offset) =>
    client.call('capital/deposit/hisrec', binanceDepositsSchema, (binance) =>
      binance.sapiGetCapitalDepositHisrec({ startTime: from, endTime: to, offset, limit: fundingPageSize }),
    ),
  );
}

export function withdrawalPages(
  client: ExchangeClient<'binance'>,
  from: number,
  to: number,
): AsyncGenerator<BinanceWithdrawalJson[]> {
  return offsetPages((offset) =>
    client.call('capital/withdraw/history', binanceWithdrawalsSchema, (binance) =>
      binance.sapiGetCapitalWithdrawHistory({ startTime: from, endTime: to, offset, limit: fundingPageSize }),
    ),
  );
}

/**
 * The asset dividend record has no offset: it answers the newest rows of the window. When the
 * window holds more, the next request ends at the oldest time seen (inclusive, so rows sharing that
 * millisecond are not lost; the caller skips the ones it already has).
 */
export async function* dividendPages(
  client: ExchangeClient<'binance'>,
  from: number,
  to: number,
): AsyncGenerator<BinanceDividendJson[]> {
  let until = to;
  const seen = new Set<string>();
  for (;;) {
    const answer = await client.call('asset/assetDividend', binanceDividendsSchema, (binance) =>
      binance.sapiGetAssetAssetDividend({ startTime: from, endTime: until, limit: dividendPageSize }),
    );
    const fresh = answer.rows.filter((row) => !seen.has(row.id)).length;
    for (const row of answer.rows) seen.add(row.id);
    yield answer.rows;
    if (answer.rows.length < dividendPageSize) return;
    if (fresh === 0) {
      throw new ExchangeError({
        kind: 'malformed',
        message: `Binance listed more than ${dividendPageSize} distributions in one millisecond, which cannot be paged through.`,
        exchange: 'binance',
        endpoint: 'asset/assetDividend',
      });
    }
    const oldest = Math.min(...answer.rows.map((row) => row.divTime));
    until = oldest;
  }
}

export function depositId(deposit: BinanceDepositJson): string {
  return `deposit:${deposit.id ?? `${deposit.coin}:${deposit.txId ?? ''}:${deposit.insertTime}`}`;
}

export function identifyDeposit(deposit: BinanceDepositJson): { id: string; at: number; state: RecordState } {
  const state: RecordState =
    deposit.status === 1 || deposit.status === 6
      ? 'final'
      : deposit.status === 2 || deposit.status === 7
        ? 'void'
        : 'pending';
  return { id: depositId(deposit), at: deposit.insertTime, state };
}

export function withdrawalTime(withdrawal: BinanceWithdrawalJson): number {
  const at = utcTextToMs(withdrawal.applyTime);
  if (at === undefined) {
    throw new ExchangeError({
      kind: 'malformed',
      message: `Binance dated a withdrawal "${withdrawal.applyTime}", which is not a time it documents.`,
      exchange: 'binance',
      endpoint: 'capital/withdraw/history',
    });
  }
  return at;
}

export function identifyWithdrawal(withdrawal: BinanceWithdrawalJson): {
  id: string;
  at: number;
  state: RecordState;
} {
  const { status } = withdrawal;
  const state: RecordState =
    status === 6 ? 'final' : status === 1 || status === 3 || status === 5 ? 'void' : 'pending';
  return { id: `withdrawal:${withdrawal.id}`, at: withdrawalTime(withdrawal), state };
}

export function identifyDividend(dividend: BinanceDividendJson): {
  id: string;
  at: number;
  state: RecordState;
} {
  return { id: `dividend:${dividend.id}`, at: dividend.divTime, state: 'final' };
}

export function depositMovement(
  client: ExchangeClient<'binance'>,
  deposit: BinanceDepositJson,
): ExchangeMovement {
  const currency = binanceCode(client, deposit.coin);
  const internal = deposit.transferType === 1;
  return {
    id: depositId(deposit),
    refId: null,
    kind: 'deposit',
    fiat: isFiatCode(currency),
    direction: 'in',
    currency,
    amount: deposit.amount,
    fee: null,
    time: isoOf(deposit.insertTime),
    // A transfer from another Binance account has no chain transaction, only "Internal transfer <id>".
    txHash: internal ? null : deposit.txId,
    address: deposit.address,
    network: deposit.network,
    exchangeType: internal ? 'deposit/internal' : 'deposit',
  };
}

export function withdrawalMovement(
  client: ExchangeClient<'binance'>,
  withdrawal: BinanceWithdrawalJson,
): ExchangeMovement {
  const currency = binanceCode(client, withdrawal.coin);
  const internal = withdrawal.transferType === 1;
  return {
    id: `withdrawal:${withdrawal.id}`,
    refId: null,
    kind: 'withdrawal',
    fiat: isFiatCode(currency),
    direction: 'out',
    currency,
    amount: withdrawal.amount,
    fee: isZero(withdrawal.transactionFee) ? null : { cost: withdrawal.transactionFee, currency },
    time: isoOf(withdrawalTime(withdrawal)),
    txHash: internal ? null : withdrawal.txId,
    address: withdrawal.address,
    network: withdrawal.network,
    exchangeType: internal ? 'withdrawal/internal' : 'withdrawal',
  };
}

export function dividendMovement(
  client: ExchangeClient<'binance'>,
  dividend: BinanceDividendJson,
): ExchangeMovement {
  const currency = binanceCode(client, dividend.asset);
  const out = dividend.direction === -1;
  return {
    id: `dividend:${dividend.id}`,
    refId: dividend.tranId ?? null,
    kind: out ? 'adjustment' : 'reward',
    fiat: isFiatCode(currency),
    direction: out ? 'out' : 'in',
    currency,
    amount: dividend.amount,
    fee: null,
    time: isoOf(dividend.divTime),
    txHash: null,
    address: null,
    network: null,
    exchangeType: dividend.enInfo,
  };
}
