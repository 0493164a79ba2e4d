import { createHash } from 'node:crypto';
import { Precise } from 'ccxt';
import { canonicalDecimal } from '../decimal.ts';
import { coinbaseCurrency } from './coinbase-catalog.ts';
import { uuidFrom } from './coinbase-key.ts';
import { type PlanTime, planMs } from './kraken-account.ts';

/** Rows exactly as Coinbase's endpoints send them. */
export interface CoinbaseWalletRow {
  uuid: string;
  name: string;
  currency: string;
  available_balance: { value: string; currency: string };
  default: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
  deleted_at: null;
  type: 'ACCOUNT_TYPE_CRYPTO' | 'ACCOUNT_TYPE_FIAT';
  ready: boolean;
  hold: { value: string; currency: string };
  retail_portfolio_id: string;
  platform: string;
}

export interface CoinbaseFillRow {
  entry_id: string;
  trade_id: string;
  order_id: string;
  trade_time: string;
  trade_type: string;
  price: string;
  size: string;
  commission: string;
  product_id: string;
  sequence_timestamp: string;
  liquidity_indicator: 'MAKER' | 'TAKER' | 'UNKNOWN_LIQUIDITY_INDICATOR';
  size_in_quote: boolean;
  user_id: string;
  side: 'BUY' | 'SELL';
  retail_portfolio_id: string;
}

interface Money {
  amount: string;
  currency: string;
}

export interface CoinbaseTransactionRow {
  id: string;
  type: string;
  status: string;
  amount: Money;
  native_amount: Money;
  description: string | null;
  created_at: string;
  updated_at: string;
  resource: 'transaction';
  resource_path: string;
  instant_exchange: boolean;
  network?: {
    status: string;
    hash?: string;
    network_name?: string;
    transaction_fee?: Money;
  };
  to?: { resource: string; address?: string; currency?: string };
  from?: { resource: string; address?: string; currency?: string };
  idem?: string;
  details: { title: string; subtitle: string };
  /** The resources a transaction belongs to, under the name of its type. */
  fiat_deposit?: { id: string; resource: string };
  trade?: { id: string; resource: string };
  advanced_trade_fill?: {
    fill_price: string;
    product_id: string;
    order_id: string;
    commission: string;
    order_side: 'buy' | 'sell';
  };
}

type BookedFields = Omit<
  CoinbaseTransactionRow,
  | 'id'
  | 'amount'
  | 'native_amount'
  | 'created_at'
  | 'updated_at'
  | 'resource'
  | 'resource_path'
  | 'instant_exchange'
  | 'description'
> & { amount: string };

/** One wallet's list, in the order the transactions happened. */
export interface CoinbaseWallet {
  row: CoinbaseWalletRow;
  transactions: CoinbaseTransactionRow[];
}

export interface CoinbaseAccount {
  wallets: CoinbaseWallet[];
  /** In the order they happened. */
  fills: CoinbaseFillRow[];
}

export interface CoinbaseFillPlan {
  product: string;
  side: 'buy' | 'sell';
  /** In the base currency, or in the quote currency with `sizeInQuote`. */
  size: string;
  price: string;
  /** In the quote currency; 0.6 % of the cost by default. */
  commission?: string;
  sizeInQuote?: boolean;
  time: PlanTime;
  maker?: boolean;
  orderId?: string;
}

export interface CoinbaseDepositPlan {
  currency: string;
  amount: string;
  time: PlanTime;
  /** A chain transaction for crypto; none for money or a send between Coinbase users. */
  txHash?: string;
  address?: string;
  status?: string;
}

export interface CoinbaseWithdrawalPlan {
  currency: string;
  /** What was sent; the network fee is charged on top. */
  amount: string;
  fee: string;
  time: PlanTime;
  txHash?: string;
  address: string;
  status?: string;
}

export interface CoinbaseRewardPlan {
  currency: string;
  amount: string;
  time: PlanTime;
  /** staking_reward by default. */
  type?: string;
}

export interface CoinbaseConversionPlan {
  from: string;
  fromAmount: string;
  to: string;
  toAmount: string;
  time: PlanTime;
}

export interface CoinbaseAccountPlan {
  fills?: CoinbaseFillPlan[];
  deposits?: CoinbaseDepositPlan[];
  withdrawals?: CoinbaseWithdrawalPlan[];
  rewards?: CoinbaseRewardPlan[];
  conversions?: CoinbaseConversionPlan[];
  /** Wallets listed without any activity (Coinbase lists empty wallets too). */
  emptyWallets?: string[];
}

const exact = (value: string | undefined) => canonicalDecimal(value ?? '0');
const mul = (a: string, b: string) => exact(Precise.stringMul(a, b));
const add = (a: string, b: string) => exact(Precise.stringAdd(a, b));
const negate = (a: string) => exact(Precise.stringNeg(a));
const takerRate = '0.006';

/** Wallet transactions are dated to the second. */
export function coinbaseSecondsText(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A fill's trade time has nanoseconds, its sequence time microseconds, both within the planned millisecond. */
function fillTimes(ms: number): { trade_time: string; sequence_timestamp: string } {
  const base = new Date(ms).toISOString().slice(0, 23);
  return { trade_time: `${base}377090Z`, sequence_timestamp: `${base}520Z` };
}

/**
 * An account whose wallets hold what their transactions add up to. Every fill is also booked in
 * the wallets of both its currencies as an advanced_trade_fill transaction, as Coinbase books it.
 */
export function buildCoinbaseAccount(plan: CoinbaseAccountPlan): CoinbaseAccount {
  const portfolio = uuidFrom('portfolio:main');
  const wallets = new Map<string, CoinbaseWallet>();
  const walletOf = (code: string): CoinbaseWallet => {
    const existing = wallets.get(code);
    if (existing) return existing;
    const info = coinbaseCurrency(code);
    const created = coinbaseSecondsText(Date.parse('2023-01-04T06:20:06Z'));
    const wallet: CoinbaseWallet = {
      row: {
        uuid: uuidFrom(`wallet:${code}`),
        name: `${code} Wallet`,
        currency: code,
        available_balance: { value: '0', currency: code },
        default: true,
        active: true,
        created_at: created,
        updated_at: created,
        deleted_at: null,
        type: info.type === 'fiat' ? 'ACCOUNT_TYPE_FIAT' : 'ACCOUNT_TYPE_CRYPTO',
        ready: true,
        hold: { value: '0', currency: code },
        retail_portfolio_id: portfolio,
        platform: 'ACCOUNT_PLATFORM_CONSUMER',
      },
      transactions: [],
    };
    wallets.set(code, wallet);
    return wallet;
  };
  /** `label` names the planned entry, so adding to a plan leaves the ids of the others as they were. */
  const book = (code: string, ms: number, label: string, fields: BookedFields): CoinbaseTransactionRow => {
    const wallet = walletOf(code);
    const id = uuidFrom(`transaction:${label}`);
    const { amount, ...rest } = fields;
    const row: CoinbaseTransactionRow = {
      id,
      amount: { amount, currency: code },
      native_amount: { amount: '0.00', currency: 'USD' },
      description: null,
      created_at: coinbaseSecondsText(ms),
      updated_at: coinbaseSecondsText(ms),
      resource: 'transaction',
      resource_path: `/v2/accounts/${wallet.row.uuid}/transactions/${id}`,
      instant_exchange: false,
      ...rest,
    };
    wallet.transactions.push(row);
    return row;
  };

  for (const code of plan.emptyWallets ?? []) walletOf(code);

  for (const [index, deposit] of (plan.deposits ?? []).entries()) {
    const info = coinbaseCurrency(deposit.currency);
    const status = deposit.status ?? 'completed';
    const ms = planMs(deposit.time);
    if (info.type === 'fiat') {
      book(deposit.currency, ms, `deposit:${index}`, {
        type: 'fiat_deposit',
        status,
        amount: deposit.amount,
        fiat_deposit: { id: uuidFrom(`fiat-deposit:${index}`), resource: 'fiat_deposit' },
        details: { title: 'Deposited funds', subtitle: 'From bank account' },
      });
      continue;
    }
    book(deposit.currency, ms, `deposit:${index}`, {
      type: 'send',
      status,
      amount: deposit.amount,
      network:
        deposit.txHash === undefined
          ? { status: 'off_blockchain' }
          : {
              status: status === 'completed' ? 'confirmed' : 'pending',
              hash: deposit.txHash,
              network_name: info.network ?? '',
            },
      from: deposit.address
        ? { resource: `${info.network}_address`, address: deposit.address, currency: deposit.currency }
        : { resource: 'user', currency: deposit.currency },
      details: { title: `Received ${info.name}`, subtitle: `From ${info.name} address` },
    });
  }

  for (const [index, withdrawal] of (plan.withdrawals ?? []).entries()) {
    const info = coinbaseCurrency(withdrawal.currency);
    const status = withdrawal.status ?? 'completed';
    book(withdrawal.currency, planMs(withdrawal.time), `withdrawal:${index}`, {
      type: 'send',
      status,
      amount: negate(add(withdrawal.amount, withdrawal.fee)),
      network: {
        status: status === 'completed' ? 'confirmed' : 'pending',
        ...(withdrawal.txHash === undefined ? {} : { hash: withdrawal.txHash }),
        network_name: info.network ?? '',
        transaction_fee: { amount: withdrawal.fee, currency: withdrawal.currency },
      },
      to: {
        resource: `${info.network}_address`,
        address: withdrawal.address,
        currency: withdrawal.currency,
      },
      idem: uuidFrom(`idem:${index}`),
      details: { title: `Sent ${info.name}`, subtitle: `To ${info.name} address` },
    });
  }

  for (const [index, reward] of (plan.rewards ?? []).entries()) {
    book(reward.currency, planMs(reward.time), `reward:${index}`, {
      type: reward.type ?? 'staking_reward',
      status: 'completed',
      amount: reward.amount,
      details: { title: 'Staking income', subtitle: `Earned ${reward.currency}` },
    });
  }

  for (const [index, conversion] of (plan.conversions ?? []).entries()) {
    const trade = { id: uuidFrom(`convert:${index}`), resource: 'trade' };
    const ms = planMs(conversion.time);
    book(conversion.from, ms, `conversion:${index}:from`, {
      type: 'trade',
      status: 'completed',
      amount: negate(conversion.fromAmount),
      trade,
      details: { title: `Converted from ${conversion.from}`, subtitle: `Using ${conversion.from} Wallet` },
    });
    book(conversion.to, ms, `conversion:${index}:to`, {
      type: 'trade',
      status: 'completed',
      amount: conversion.toAmount,
      trade,
      details: { title: `Converted to ${conversion.to}`, subtitle: `Using ${conversion.from} Wallet` },
    });
  }

  const fills = (plan.fills ?? []).map((fill, index): CoinbaseFillRow => {
    const [baseId, quoteId] = fill.product.split('-');
    if (!baseId || !quoteId) throw new Error(`not a spot product: ${fill.product}`);
    const ms = planMs(fill.time);
    const baseSize = fill.sizeInQuote ? exact(Precise.stringDiv(fill.size, fill.price, 18)) : fill.size;
    const cost = fill.sizeInQuote ? fill.size : mul(fill.size, fill.price);
    const commission = fill.commission ?? mul(cost, takerRate);
    const buy = fill.side === 'buy';
    const orderId = fill.orderId ?? uuidFrom(`order:${index}`);
    const linked = {
      advanced_trade_fill: {
        fill_price: fill.price,
        product_id: fill.product,
        order_id: orderId,
        commission,
        order_side: buy ? ('buy' as const) : ('sell' as const),
      },
      details: { title: buy ? 'Bought' : 'Sold', subtitle: 'Advanced Trade' },
    };
    book(baseId, ms, `fill:${index}:base`, {
      type: 'advanced_trade_fill',
      status: 'completed',
      amount: buy ? baseSize : negate(baseSize),
      ...linked,
    });
    book(quoteId, ms, `fill:${index}:quote`, {
      type: 'advanced_trade_fill',
      status: 'completed',
      amount: buy ? negate(add(cost, commission)) : exact(Precise.stringSub(cost, commission)),
      ...linked,
    });
    return {
      entry_id: createHash('sha256').update(`entry:${index}`).digest('hex'),
      trade_id: uuidFrom(`trade:${index}`),
      order_id: orderId,
      ...fillTimes(ms),
      trade_type: 'FILL',
      price: fill.price,
      size: fill.size,
      commission,
      product_id: fill.product,
      liquidity_indicator: fill.maker === undefined ? 'TAKER' : fill.maker ? 'MAKER' : 'TAKER',
      size_in_quote: fill.sizeInQuote ?? false,
      user_id: uuidFrom('user:main'),
      side: buy ? 'BUY' : 'SELL',
      retail_portfolio_id: portfolio,
    };
  });

  const account: CoinbaseAccount = { wallets: [...wallets.values()], fills };
  settleCoinbaseBalances(account);
  return account;
}

/** Sets every wallet's balance to what its completed transactions add up to. */
export function settleCoinbaseBalances(account: CoinbaseAccount): void {
  for (const wallet of account.wallets) {
    wallet.transactions.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0,
    );
    const total = wallet.transactions
      .filter((row) => row.status === 'completed')
      .reduce((sum, row) => add(sum, row.amount.amount), '0');
    wallet.row.available_balance.value = total;
  }
}
