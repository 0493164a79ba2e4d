import { Precise } from 'ccxt';
import { canonicalDecimal } from '../decimal.ts';
import { type BinanceSymbolInfo, binanceSymbols } from './binance-catalog.ts';
import { styledId } from './fake-exchange-server.ts';
import { type PlanTime, planMs } from './kraken-account.ts';

/** Rows exactly as Binance's endpoints send them. */
export interface BinanceTradeRow {
  symbol: string;
  id: number;
  orderId: number;
  orderListId: number;
  price: string;
  qty: string;
  quoteQty: string;
  commission: string;
  commissionAsset: string;
  time: number;
  isBuyer: boolean;
  isMaker: boolean;
  isBestMatch: boolean;
}

export interface BinanceDepositRow {
  id: string;
  amount: string;
  coin: string;
  network: string;
  status: number;
  address: string;
  addressTag: string;
  txId: string;
  insertTime: number;
  completeTime?: number;
  transferType: number;
  confirmTimes: string;
  unlockConfirm: number;
  walletType: number;
}

export interface BinanceWithdrawalRow {
  id: string;
  amount: string;
  transactionFee: string;
  coin: string;
  status: number;
  address: string;
  txId: string;
  applyTime: string;
  network: string;
  transferType: number;
  confirmNo?: number;
  walletType: number;
  txKey: string;
  completeTime?: string;
}

export interface BinanceDividendRow {
  id: number;
  amount: string;
  asset: string;
  divTime: number;
  enInfo: string;
  tranId: number;
  direction: 1 | -1;
}

export interface BinanceKeyRestrictions {
  ipRestrict: boolean;
  createTime: number;
  enableReading: boolean;
  enableWithdrawals: boolean;
  enableInternalTransfer: boolean;
  enableMargin: boolean;
  enableFutures: boolean;
  permitsUniversalTransfer: boolean;
  enableVanillaOptions: boolean;
  enableFixApiTrade: boolean;
  enableFixReadOnly: boolean;
  enableSpotAndMarginTrading: boolean;
  enablePortfolioMarginTrading: boolean;
}

export interface BinanceAccount {
  symbols: BinanceSymbolInfo[];
  balances: Array<{ asset: string; free: string; locked: string }>;
  trades: BinanceTradeRow[];
  deposits: BinanceDepositRow[];
  withdrawals: BinanceWithdrawalRow[];
  dividends: BinanceDividendRow[];
}

export interface BinanceTradePlan {
  symbol: string;
  side: 'buy' | 'sell';
  qty: string;
  price: string;
  /** 0.1 % of what was received, in that asset, unless given. */
  commission?: string;
  commissionAsset?: string;
  time: PlanTime;
  /** Per symbol, counting up from 1 by default. */
  id?: number;
  orderId?: number;
  maker?: boolean;
}

export interface BinanceDepositPlan {
  coin: string;
  amount: string;
  network: string;
  txId: string;
  address: string;
  time: PlanTime;
  /** 1 success by default; 0 pending, 6 credited but locked. */
  status?: number;
  transferType?: number;
}

export interface BinanceWithdrawalPlan {
  coin: string;
  /** What was sent; the fee is charged on top. */
  amount: string;
  fee: string;
  network: string;
  txId: string;
  address: string;
  time: PlanTime;
  /** 6 completed by default; 4 processing, 1 cancelled. */
  status?: number;
}

export interface BinanceDividendPlan {
  asset: string;
  amount: string;
  time: PlanTime;
  enInfo: string;
}

export interface BinanceAccountPlan {
  trades?: BinanceTradePlan[];
  deposits?: BinanceDepositPlan[];
  withdrawals?: BinanceWithdrawalPlan[];
  dividends?: BinanceDividendPlan[];
  extraSymbols?: BinanceSymbolInfo[];
}

const exact = (value: string | undefined) => canonicalDecimal(value ?? '0');
const mul = (a: string, b: string) => exact(Precise.stringMul(a, b));
const add = (a: string, b: string) => exact(Precise.stringAdd(a, b));

/** Binance's withdrawal time: UTC without a zone. */
export function binanceUtcText(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/** An account whose balances are what its deposits, withdrawals, distributions and trades add up to. */
export function buildBinanceAccount(plan: BinanceAccountPlan): BinanceAccount {
  const symbols = [...binanceSymbols, ...(plan.extraSymbols ?? [])];
  const bySymbol = new Map(symbols.map((info) => [info.symbol, info]));
  const held = new Map<string, string>();
  const change = (asset: string, amount: string) => held.set(asset, add(held.get(asset) ?? '0', amount));
  const nextId = new Map<string, number>();

  const trades = (plan.trades ?? []).map((trade, index): BinanceTradeRow => {
    const info = bySymbol.get(trade.symbol);
    if (!info) throw new Error(`the fake Binance lists no symbol ${trade.symbol}`);
    const id = trade.id ?? nextId.get(trade.symbol) ?? 1;
    nextId.set(trade.symbol, id + 1);
    const quoteQty = mul(trade.qty, trade.price);
    const buy = trade.side === 'buy';
    const received = buy ? trade.qty : quoteQty;
    const commissionAsset = trade.commissionAsset ?? (buy ? info.baseAsset : info.quoteAsset);
    const commission = trade.commission ?? exact(Precise.stringDiv(received, '1000', 8));
    change(info.baseAsset, buy ? trade.qty : `-${trade.qty}`);
    change(info.quoteAsset, buy ? `-${quoteQty}` : quoteQty);
    change(commissionAsset, `-${commission}`);
    return {
      symbol: trade.symbol,
      id,
      orderId: trade.orderId ?? 100_000 + index,
      orderListId: -1,
      price: trade.price,
      qty: trade.qty,
      quoteQty,
      commission,
      commissionAsset,
      time: planMs(trade.time),
      isBuyer: buy,
      isMaker: trade.maker ?? false,
      isBestMatch: true,
    };
  });

  const deposits = (plan.deposits ?? []).map((deposit, index): BinanceDepositRow => {
    const status = deposit.status ?? 1;
    if (status === 1 || status === 6) change(deposit.coin, deposit.amount);
    const insertTime = planMs(deposit.time);
    return {
      id: String(769_800_519_366_885_376n + BigInt(index)),
      amount: deposit.amount,
      coin: deposit.coin,
      network: deposit.network,
      status,
      address: deposit.address,
      addressTag: '',
      txId: deposit.txId,
      insertTime,
      ...(status === 1 ? { completeTime: insertTime + 600_000 } : {}),
      transferType: deposit.transferType ?? 0,
      confirmTimes: status === 1 ? '12/12' : '1/12',
      unlockConfirm: 12,
      walletType: 0,
    };
  });

  const withdrawals = (plan.withdrawals ?? []).map((withdrawal, index): BinanceWithdrawalRow => {
    const status = withdrawal.status ?? 6;
    if (status !== 1 && status !== 3 && status !== 5)
      change(withdrawal.coin, `-${add(withdrawal.amount, withdrawal.fee)}`);
    const applyTime = planMs(withdrawal.time);
    return {
      id: styledId(`withdrawal:${index}`, [32], 'abcdef0123456789'),
      amount: withdrawal.amount,
      transactionFee: withdrawal.fee,
      coin: withdrawal.coin,
      status,
      address: withdrawal.address,
      txId: status === 6 ? withdrawal.txId : '',
      applyTime: binanceUtcText(applyTime),
      network: withdrawal.network,
      transferType: 0,
      walletType: 0,
      txKey: '',
      ...(status === 6 ? { confirmNo: 12, completeTime: binanceUtcText(applyTime + 900_000) } : {}),
    };
  });

  const dividends = (plan.dividends ?? []).map((dividend, index): BinanceDividendRow => {
    change(dividend.asset, dividend.amount);
    return {
      id: 1_637_366_104 + index,
      amount: dividend.amount,
      asset: dividend.asset,
      divTime: planMs(dividend.time),
      enInfo: dividend.enInfo,
      tranId: 2_968_885_920 + index,
      direction: 1,
    };
  });

  const balances = [...held]
    .filter(([, total]) => total !== '0')
    .map(([asset, total]) => ({ asset, free: total, locked: '0.00000000' }));
  return { symbols, balances, trades, deposits, withdrawals, dividends };
}
