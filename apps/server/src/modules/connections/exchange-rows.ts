import { randomUUID } from 'node:crypto';
import type { ExchangeId } from '@app/contracts';
import {
  bestKnownCoinId,
  type CurrencyFactor,
  Dec,
  isFiat,
  normaliseTxHash,
  outsideRefs,
  type PricedLeg,
  pricedTradeLegs,
} from '@app/core';
import {
  type ExchangeMovement,
  type ExchangeTrade,
  exchangeLabel,
} from '../../integrations/exchanges/index.ts';
import type { SourcedRowValues } from './sync.repository.ts';
import { type CloseOn, feeDisposal } from './sync-booking.ts';

/** One exchange record as ledger rows: every leg of a trade, or a movement and its fee. */
export interface RecordRows {
  key: string;
  outsideRef: string;
  rows: SourcedRowValues[];
  /** What the record did to the account's money: a fiat deposit or withdrawal, or a trade's payment. */
  cash?: RecordCash[];
}

/** A cash entry as a record gives it; a trade's names the leg (by source id) it paid for. */
export interface RecordCash {
  sourceId: string;
  kind: 'deposit' | 'withdrawal' | 'trade';
  currency: string;
  amount: string;
  fee: string;
  rate: string;
  executedAt: Date;
  outsideRef: string;
  legSourceId: string | null;
}

export interface RowContext {
  exchange: ExchangeId;
  connection: { id: string; portfolioId: string };
  /** The portfolio's currency, lower case. */
  currency: string;
  factor: CurrencyFactor;
  closeOn: CloseOn;
}

/** One record of an exchange's history, as staged. */
export type RecordInput =
  | { kind: 'trade'; trade: ExchangeTrade }
  | { kind: 'movement'; movement: ExchangeMovement };

export type HoldReason = 'no_price' | 'unknown_asset' | 'unrecordable' | 'possible_duplicate' | 'incomplete';

/** Why a record waits, and in words what for ("EUR to USD rate", the rows it may duplicate). */
export interface Hold {
  key: string;
  reason: HoldReason;
  detail: string;
  /** The owner's decision no longer applies (a row they chose is gone): they are asked again. */
  undecided?: true;
}

export const recordKey = (r: RecordInput): string =>
  r.kind === 'trade' ? `trade:${r.trade.market}:${r.trade.id}` : `movement:${r.movement.id}`;

function tradeRef(exchange: ExchangeId, t: ExchangeTrade): string {
  if (exchange === 'kraken') return outsideRefs.kraken.trade(t.id);
  if (exchange === 'binance') return outsideRefs.binance.trade(t.market, t.id);
  return outsideRefs.coinbase.trade(t.id);
}

function movementRef(exchange: ExchangeId, m: ExchangeMovement): string {
  if (exchange === 'kraken') return outsideRefs.kraken.ledger(m.id);
  if (exchange === 'coinbase') return outsideRefs.coinbase.transaction(m.id);
  if (m.kind === 'deposit') return outsideRefs.binance.deposit(m.id);
  if (m.kind === 'withdrawal') return outsideRefs.binance.withdrawal(m.id);
  return `binance:${m.kind}:${m.id}`;
}

/** The exchange's id of a record, as a CSV export of the same account writes it. */
export const recordRef = (exchange: ExchangeId, r: RecordInput): string =>
  r.kind === 'trade' ? tradeRef(exchange, r.trade) : movementRef(exchange, r.movement);

/**
 * What is ours to book: coins paid in, taken out or earned, and money paid in or taken out (kept
 * as the account's cash, never a row). Internal moves and the exchange's own entries are not.
 */
export function isBookable(m: ExchangeMovement): boolean {
  if (m.fiat) return m.kind === 'deposit' || m.kind === 'withdrawal';
  return m.kind === 'deposit' || m.kind === 'withdrawal' || m.kind === 'reward';
}

/**
 * What a trade against money did to the account's cash, in that money: a purchase spent its cost
 * and the fees charged in it, a sale brought its proceeds less them. A trade against a coin (a
 * stablecoin too: it is a holding) touches no cash.
 */
function tradeCash(t: ExchangeTrade, key: string, ref: string, ctx: RowContext): RecordCash[] {
  const quote = t.quote.toUpperCase();
  if (!isFiat(quote)) return [];
  const rate = ctx.factor(quote, t.time);
  if (rate === null) return [];
  let fees = new Dec(0);
  for (const f of t.fees) if (f.currency.toUpperCase() === quote) fees = fees.add(f.cost);
  const amount = t.side === 'buy' ? new Dec(t.cost).add(fees).neg() : new Dec(t.cost).sub(fees);
  return [
    {
      sourceId: `${key}:cash`,
      kind: 'trade',
      currency: quote.toLowerCase(),
      amount: amount.toFixed(),
      fee: '0',
      rate,
      executedAt: new Date(t.time),
      outsideRef: ref,
      legSourceId: `${key}:0`,
    },
  ];
}

/** A fiat deposit or withdrawal as cash, valued at its day's rate; without one it waits. */
function movementCash(m: ExchangeMovement, key: string, ref: string, ctx: RowContext): RecordRows | Hold {
  const currency = m.currency.toUpperCase();
  const rate = ctx.factor(currency, m.time);
  if (rate === null) {
    return { key, reason: 'no_price', detail: `${currency} to ${ctx.currency.toUpperCase()} rate` };
  }
  const fee = m.fee && m.fee.currency.toUpperCase() === currency ? m.fee.cost : '0';
  return {
    key,
    outsideRef: ref,
    rows: [],
    cash: [
      {
        sourceId: key,
        kind: m.kind === 'deposit' ? 'deposit' : 'withdrawal',
        currency: currency.toLowerCase(),
        amount: m.amount,
        fee,
        rate,
        executedAt: new Date(m.time),
        outsideRef: ref,
        legSourceId: null,
      },
    ],
  };
}

/**
 * The rows of one record, or why it waits. A trade is booked at its own price (core's
 * pricedTradeLegs); a coin deposited from outside is a transfer in of unknown cost, a withdrawal
 * a transfer out until its owner says what it was, its network fee a disposal at the day's close
 * (a transfer out when there is none); a reward is income at the day's close, or a coin received
 * of unknown cost when the close is not known.
 */
export function recordRows(record: RecordInput, ctx: RowContext): RecordRows | Hold {
  const key = recordKey(record);
  const base = (sourceId: string, at: string) => ({
    id: randomUUID(),
    portfolioId: ctx.connection.portfolioId,
    executedAt: new Date(at),
    sourceConnectionId: ctx.connection.id,
    sourceId,
  });
  if (record.kind === 'trade') {
    const t = record.trade;
    const ref = tradeRef(ctx.exchange, t);
    const legs = pricedTradeLegs(
      {
        side: t.side,
        base: t.base,
        quote: t.quote,
        amount: t.amount,
        cost: t.cost,
        fees: t.fees,
        time: t.time,
        note: `${exchangeLabel[ctx.exchange]} trade ${t.id}`,
        ref,
      },
      ctx.currency,
      ctx.factor,
    );
    if ('reason' in legs) return { key, reason: legs.reason, detail: legs.detail };
    return {
      key,
      outsideRef: ref,
      rows: legs.map((leg, i) => ({ ...base(`${key}:${i}`, leg.executedAt), ...legValues(leg) })),
      cash: tradeCash(t, key, ref, ctx),
    };
  }
  const m = record.movement;
  const ref = movementRef(ctx.exchange, m);
  if (m.fiat) return movementCash(m, key, ref, ctx);
  const coinId = bestKnownCoinId(m.currency);
  if (coinId === null) return { key, reason: 'unknown_asset', detail: m.currency.toUpperCase() };
  const note = `${exchangeLabel[ctx.exchange]} ${m.exchangeType} ${m.id}`.slice(0, 1000);
  const common = { coinId, quantity: m.amount, note, outsideRef: ref };
  const onChain = { txHash: normaliseTxHash(m.txHash) };
  const rows: SourcedRowValues[] = [];
  if (m.kind === 'deposit') {
    rows.push({
      ...base(key, m.time),
      ...common,
      ...onChain,
      type: 'transfer_in',
      pricePerCoin: null,
      classification: 'received',
    });
  } else if (m.kind === 'withdrawal') {
    rows.push({
      ...base(key, m.time),
      ...common,
      ...onChain,
      type: 'transfer_out',
      pricePerCoin: '0',
      classification: 'sent',
    });
  } else {
    const close = ctx.closeOn(coinId, new Date(m.time));
    rows.push(
      close === null
        ? {
            ...base(key, m.time),
            ...common,
            type: 'transfer_in',
            pricePerCoin: null,
            classification: 'received',
          }
        : {
            ...base(key, m.time),
            ...common,
            type: 'reward',
            pricePerCoin: close,
            rewardKind: 'staking',
            classification: 'income',
          },
    );
  }
  if (m.fee && m.fee.cost !== '0') {
    const feeCoin = bestKnownCoinId(m.fee.currency);
    if (feeCoin === null) return { key, reason: 'unknown_asset', detail: m.fee.currency.toUpperCase() };
    rows.push({
      ...base(`${key}:fee`, m.time),
      coinId: feeCoin,
      quantity: m.fee.cost,
      note,
      outsideRef: ref,
      ...feeDisposal(ctx.closeOn(feeCoin, new Date(m.time))),
    });
  }
  return { key, outsideRef: ref, rows };
}

function legValues(leg: PricedLeg) {
  return {
    coinId: leg.coinId,
    type: leg.type as SourcedRowValues['type'],
    quantity: leg.quantity,
    pricePerCoin: leg.pricePerCoin,
    fee: leg.fee,
    feeCurrency: leg.feeCurrency,
    note: leg.note,
    rewardKind: leg.rewardKind,
    outsideRef: leg.outsideRef,
    classification: null,
  };
}
