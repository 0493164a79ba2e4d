import { decimalAbs, decimalAdd, isNegative, isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { byTimeThenId, type ExchangeHistory, type ReadHistoryOptions } from '../exchange-history.ts';
import type { ExchangeBalance, ExchangeMovement, ExchangeTrade } from '../exchange-records.ts';
import { isoOf, secondsToMs } from '../exchange-time.ts';
import { isFiatCode } from '../fiat-currencies.ts';
import type { KrakenCursor } from './kraken-cursor.ts';
import { type KrakenFunding, readKrakenFunding } from './kraken-funding.ts';
import { krakenMovementKind } from './kraken-ledger-kinds.ts';
import { krakenCode, resolveKrakenPair } from './kraken-markets.ts';
import { type KrakenPageQuery, krakenListPages } from './kraken-pager.ts';
import {
  type KrakenLedgerEntryJson,
  type KrakenTradeJson,
  krakenBalanceSchema,
  krakenLedgersSchema,
  krakenTimeSchema,
  krakenTradesHistorySchema,
} from './kraken-schemas.ts';

/** A deposit or withdrawal Kraken has not finished after this long is not waited for any more. */
const pendingGiveUpMs = 7 * 86_400_000;
/** How far before a pending deposit or withdrawal a read stops, so its ledger entry is left for later. */
const pendingMarginSeconds = 60;

function pageParams(query: KrakenPageQuery): Record<string, number> {
  const params: Record<string, number> = { end: query.end, ofs: query.ofs };
  if (query.start !== undefined) params.start = query.start;
  return params;
}

function tradeOf(client: ExchangeClient<'kraken'>, id: string, trade: KrakenTradeJson): ExchangeTrade {
  const { base, quote } = resolveKrakenPair(client, trade.pair);
  return {
    id,
    orderId: trade.ordertxid,
    time: isoOf(secondsToMs(trade.time)),
    market: trade.pair,
    base,
    quote,
    side: trade.type,
    amount: trade.vol,
    price: trade.price,
    cost: trade.cost,
    fees: isZero(trade.fee) ? [] : [{ cost: trade.fee, currency: quote }],
    maker: trade.maker ?? null,
  };
}

function movementOf(
  client: ExchangeClient<'kraken'>,
  id: string,
  entry: KrakenLedgerEntryJson,
  funding: Map<string, KrakenFunding>,
): ExchangeMovement {
  const currency = krakenCode(client, entry.asset);
  const subtype = entry.subtype ?? '';
  const kind = krakenMovementKind(entry.type, subtype);
  const fiat = isFiatCode(currency.split('.')[0] ?? currency);
  const paid = kind === 'deposit' || kind === 'withdrawal' ? funding.get(entry.refid) : undefined;
  return {
    id,
    refId: entry.refid === '' ? null : entry.refid,
    kind,
    fiat,
    direction: isNegative(entry.amount) ? 'out' : 'in',
    currency,
    amount: decimalAbs(entry.amount),
    fee: isZero(entry.fee) ? null : { cost: entry.fee, currency },
    time: isoOf(secondsToMs(entry.time)),
    // For money Kraken's txid is a bank reference, not a transaction hash.
    txHash: fiat ? null : (paid?.txid ?? null),
    address: paid?.address ?? null,
    network: paid?.network ?? null,
    exchangeType: subtype === '' ? entry.type : `${entry.type}/${subtype}`,
  };
}

/**
 * A Kraken account's history since the cursor: trades from TradesHistory; deposits, withdrawals,
 * rewards and wallet moves from Ledgers (its `trade` entries are the same fills again and are left
 * out), with transaction hashes from DepositStatus and WithdrawStatus; balances from Balance.
 *
 * Both lists are read up to one second that has passed on Kraken's clock (public Time), and not
 * past a deposit or withdrawal Kraken is still working on, so that everything handed out is final.
 */
export async function readKrakenHistory(
  client: ExchangeClient<'kraken'>,
  cursor: KrakenCursor,
  options: ReadHistoryOptions,
): Promise<ExchangeHistory> {
  const firstRequest = client.requestCount();
  const checkStop = () => options.signal?.throwIfAborted();
  await client.loadMarkets();
  const serverTime = await client.call('Time', krakenTimeSchema, (kraken) => kraken.publicGetTime());
  const now = serverTime.result.unixtime;

  // A deposit seen before `through` may be credited to the ledger only now: look back as far as
  // Kraken is waited for, so its transaction hash is still found.
  const done = [cursor.trades.through, cursor.ledger.through];
  const since = done.includes(null) ? null : Math.min(...done.map((t) => t ?? 0)) - pendingGiveUpMs / 1000;
  checkStop();
  const funding = await readKrakenFunding(client, since);
  let end = now - 1;
  for (const item of funding.values()) {
    if (item.pending && item.at >= now * 1000 - pendingGiveUpMs) {
      end = Math.min(end, Math.floor(item.at / 1000) - pendingMarginSeconds);
    }
  }

  let state: KrakenCursor = structuredClone(cursor);
  const trades: ExchangeTrade[] = [];
  for await (const page of krakenListPages(state.trades, end, async (query) => {
    checkStop();
    const answer = await client.call('TradesHistory', krakenTradesHistorySchema, (kraken) =>
      kraken.privatePostTradesHistory(pageParams(query)),
    );
    return { entries: Object.entries(answer.result.trades), count: answer.result.count };
  })) {
    const batch = page.entries.map(([id, trade]) => tradeOf(client, id, trade));
    state = { ...state, trades: page.cursor };
    trades.push(...batch);
    await options.onProgress?.({ endpoint: 'TradesHistory', trades: batch, movements: [], cursor: state });
  }

  const movements: ExchangeMovement[] = [];
  for await (const page of krakenListPages(state.ledger, end, async (query) => {
    checkStop();
    const answer = await client.call('Ledgers', krakenLedgersSchema, (kraken) =>
      kraken.privatePostLedgers(pageParams(query)),
    );
    return { entries: Object.entries(answer.result.ledger), count: answer.result.count };
  })) {
    const batch = page.entries
      .filter(([, entry]) => entry.type !== 'trade')
      .map(([id, entry]) => movementOf(client, id, entry, funding));
    state = { ...state, ledger: page.cursor };
    movements.push(...batch);
    await options.onProgress?.({ endpoint: 'Ledgers', trades: [], movements: batch, cursor: state });
  }

  checkStop();
  const balance = await client.call('Balance', krakenBalanceSchema, (kraken) => kraken.privatePostBalance());
  const totals = new Map<string, string>();
  for (const [asset, total] of Object.entries(balance.result)) {
    if (isZero(total)) continue;
    const code = krakenCode(client, asset);
    totals.set(code, decimalAdd(totals.get(code) ?? '0', total));
  }
  const balances: ExchangeBalance[] = [...totals].map(([currency, total]) => ({ currency, total }));
  balances.sort((a, b) => (a.currency < b.currency ? -1 : 1));

  return {
    trades: trades.sort(byTimeThenId),
    movements: movements.sort(byTimeThenId),
    balances,
    nextCursor: state,
    requests: client.requestCount() - firstRequest,
  };
}
