import { Precise } from 'ccxt';
import { canonicalDecimal } from '../decimal.ts';
import { styledId } from './fake-exchange-server.ts';
import { type KrakenAssetInfo, type KrakenPairInfo, krakenAssets, krakenPairs } from './kraken-catalog.ts';

/** Rows exactly as Kraken's private endpoints send them. */
export interface KrakenTradeRow {
  ordertxid: string;
  postxid: string;
  pair: string;
  time: number;
  type: 'buy' | 'sell';
  ordertype: string;
  price: string;
  cost: string;
  fee: string;
  vol: string;
  margin: string;
  misc: string;
  trade_id: number;
  maker: boolean;
}

export interface KrakenLedgerRow {
  refid: string;
  time: number;
  type: string;
  subtype: string;
  aclass: string;
  asset: string;
  amount: string;
  fee: string;
  balance: string;
}

export interface KrakenFundingRow {
  method: string;
  aclass: string;
  asset: string;
  refid: string;
  txid: string;
  info: string;
  amount: string;
  fee: string;
  time: number;
  status: string;
  network?: string;
}

/** The account a fake Kraken serves: what its catalogue lists and everything the account did. */
export interface KrakenAccount {
  assets: KrakenAssetInfo[];
  pairs: KrakenPairInfo[];
  balances: Record<string, string>;
  /** Keyed by trade id (the TradesHistory map), in the order they happened. */
  trades: Array<[id: string, row: KrakenTradeRow]>;
  ledger: Array<[id: string, row: KrakenLedgerRow]>;
  deposits: KrakenFundingRow[];
  withdrawals: KrakenFundingRow[];
}

/** A time as a test writes it: ISO 8601 or epoch ms. */
export type PlanTime = string | number;

export interface KrakenTradePlan {
  pair: string;
  side: 'buy' | 'sell';
  vol: string;
  price: string;
  /** In the quote currency; 0.26 % of the cost by default. */
  fee?: string;
  time: PlanTime;
  id?: string;
  orderId?: string;
  maker?: boolean;
}

export interface KrakenFundingPlan {
  asset: string;
  /** What arrived (deposit) or was sent (withdrawal), without the fee. */
  amount: string;
  fee?: string;
  time: PlanTime;
  txid: string;
  /** The address paid to or from. */
  address: string;
  method: string;
  network?: string;
  status?: 'Success' | 'Pending' | 'Settled' | 'Failure';
  refid?: string;
}

export interface KrakenLedgerPlan {
  type: string;
  subtype?: string;
  asset: string;
  /** Signed. */
  amount: string;
  fee?: string;
  time: PlanTime;
  refid?: string;
}

export interface KrakenAccountPlan {
  trades?: KrakenTradePlan[];
  deposits?: KrakenFundingPlan[];
  withdrawals?: KrakenFundingPlan[];
  /** Other ledger entries: staking rewards, earn, wallet transfers, adjustments. */
  ledger?: KrakenLedgerPlan[];
  extraAssets?: KrakenAssetInfo[];
  extraPairs?: KrakenPairInfo[];
}

export function planMs(time: PlanTime): number {
  return typeof time === 'number' ? time : Date.parse(time);
}

/** Kraken's times: unix seconds with the milliseconds as a fraction. */
export function krakenSeconds(ms: number): number {
  return Number(`${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`);
}

const exact = (value: string | undefined): string => canonicalDecimal(value ?? '0');
const mul = (a: string, b: string) => exact(Precise.stringMul(a, b));
const add = (a: string, b: string) => exact(Precise.stringAdd(a, b));
const sub = (a: string, b: string) => exact(Precise.stringSub(a, b));
const neg = (a: string) => exact(Precise.stringNeg(a));

export const krakenTradeId = (label: string) => styledId(`trade:${label}`, [6, 5, 6]);
export const krakenOrderId = (label: string) => styledId(`order:${label}`, [6, 5, 6]);
export const krakenLedgerId = (label: string) => `L${styledId(`ledger:${label}`, [5, 5, 6])}`;
export const krakenFundingRefid = (label: string) => `F${styledId(`funding:${label}`, [6, 6, 6])}`;

/**
 * An account consistent the way Kraken's is: every trade appears in the ledger as two entries
 * (base and quote, the fee on the quote side) sharing the trade's id as refid; a finished deposit
 * and any withdrawal not failed appear as ledger entries sharing the funding refid; each entry's
 * `balance` is the asset's running balance, and Balance answers the final ones.
 */
export function buildKrakenAccount(plan: KrakenAccountPlan): KrakenAccount {
  const assets = [...Object.values(krakenAssets), ...(plan.extraAssets ?? [])];
  const pairs = [...krakenPairs, ...(plan.extraPairs ?? [])];
  const pairById = new Map(pairs.map((pair) => [pair.id, pair]));
  const entries: Array<{ ms: number; order: number; id: string; row: Omit<KrakenLedgerRow, 'balance'> }> = [];
  let order = 0;
  const ledgerEntry = (
    ms: number,
    label: string,
    row: Omit<KrakenLedgerRow, 'balance' | 'time' | 'aclass'>,
  ) => {
    entries.push({
      ms,
      order: order++,
      id: krakenLedgerId(label),
      row: { ...row, time: krakenSeconds(ms), aclass: 'currency' },
    });
  };

  const trades: Array<[string, KrakenTradeRow]> = (plan.trades ?? []).map((trade, index) => {
    const pair = pairById.get(trade.pair);
    if (!pair) throw new Error(`the fake Kraken lists no pair ${trade.pair}`);
    const ms = planMs(trade.time);
    const id = trade.id ?? krakenTradeId(String(index));
    const cost = mul(trade.vol, trade.price);
    const fee =
      trade.fee === undefined ? exact(Precise.stringDiv(mul(cost, '26'), '10000', 8)) : exact(trade.fee);
    const buy = trade.side === 'buy';
    ledgerEntry(ms, `${id}:base`, {
      refid: id,
      type: 'trade',
      subtype: '',
      asset: pair.base,
      amount: buy ? trade.vol : neg(trade.vol),
      fee: '0',
    });
    ledgerEntry(ms, `${id}:quote`, {
      refid: id,
      type: 'trade',
      subtype: '',
      asset: pair.quote,
      amount: buy ? neg(cost) : cost,
      fee,
    });
    return [
      id,
      {
        ordertxid: trade.orderId ?? krakenOrderId(String(index)),
        postxid: styledId(`post:${index}`, [6, 5, 6]),
        pair: pair.id,
        time: krakenSeconds(ms),
        type: trade.side,
        ordertype: 'limit',
        price: trade.price,
        cost,
        fee,
        vol: trade.vol,
        margin: '0.00000',
        misc: '',
        trade_id: 1000 + index,
        maker: trade.maker ?? true,
      },
    ];
  });

  const funding = (kind: 'deposit' | 'withdrawal', list: KrakenFundingPlan[] = []) =>
    list.map((item, index): KrakenFundingRow => {
      const ms = planMs(item.time);
      const refid = item.refid ?? krakenFundingRefid(`${kind}:${index}`);
      const status = item.status ?? 'Success';
      const credited = kind === 'deposit' ? status === 'Success' : status !== 'Failure';
      if (credited) {
        ledgerEntry(ms, `${kind}:${index}`, {
          refid,
          type: kind,
          subtype: '',
          asset: item.asset,
          amount: kind === 'deposit' ? item.amount : neg(item.amount),
          fee: exact(item.fee),
        });
      }
      const row: KrakenFundingRow = {
        method: item.method,
        aclass: 'currency',
        asset: item.asset,
        refid,
        txid: item.txid,
        info: item.address,
        amount: item.amount,
        fee: exact(item.fee),
        time: Math.floor(ms / 1000),
        status,
      };
      if (item.network !== undefined) row.network = item.network;
      return row;
    });
  const deposits = funding('deposit', plan.deposits);
  const withdrawals = funding('withdrawal', plan.withdrawals);

  for (const [index, item] of (plan.ledger ?? []).entries()) {
    ledgerEntry(planMs(item.time), `extra:${index}`, {
      refid: item.refid ?? styledId(`extra-ref:${index}`, [6, 6, 6]),
      type: item.type,
      subtype: item.subtype ?? '',
      asset: item.asset,
      amount: exact(item.amount),
      fee: exact(item.fee),
    });
  }

  entries.sort((a, b) => a.ms - b.ms || a.order - b.order);
  const balances: Record<string, string> = {};
  const ledger = entries.map(({ id, row }): [string, KrakenLedgerRow] => {
    const balance = sub(add(balances[row.asset] ?? '0', row.amount), row.fee);
    balances[row.asset] = balance;
    return [id, { ...row, balance }];
  });

  return { assets, pairs, balances, trades, ledger, deposits, withdrawals };
}
