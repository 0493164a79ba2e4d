import { ccxtLibrary } from '../ccxt-library.ts';
import { canonicalDecimal, decimalAbs, isNegative, isZero } from '../decimal.ts';
import type { ExchangeClient } from '../exchange-client.ts';
import { ExchangeError } from '../exchange-error.ts';
import type { ExchangeFee, ExchangeMovement } from '../exchange-records.ts';
import { isoOf } from '../exchange-time.ts';
import { isFiatCode } from '../fiat-currencies.ts';
import { coinbaseCode } from './coinbase-products.ts';
import type { CoinbaseTransactionJson } from './coinbase-schemas.ts';
import { coinbaseTimeMs } from './coinbase-time.ts';
import { coinbaseMovementKind } from './coinbase-transaction-kinds.ts';

const endpoint = 'accounts/:id/transactions';

function unreadable(transaction: CoinbaseTransactionJson, why: string): ExchangeError {
  return new ExchangeError({
    kind: 'malformed',
    message: `Coinbase listed the transaction ${transaction.id} with ${why}; it could not be read.`,
    exchange: 'coinbase',
    endpoint,
  });
}

/**
 * What a send out moved and what the network took. The wallet books the two together in `amount`;
 * `network.transaction_amount` (older answers) or `amount` less `network.transaction_fee` is what
 * was sent.
 */
function sentAndFee(
  client: ExchangeClient<'coinbase'>,
  transaction: CoinbaseTransactionJson,
  total: string,
  currency: string,
): { amount: string; fee: ExchangeFee | null } {
  const charged = transaction.network?.transaction_fee;
  if (charged === undefined || isZero(charged.amount)) return { amount: total, fee: null };
  const fee = { cost: decimalAbs(charged.amount), currency: coinbaseCode(client, charged.currency) };
  const sent = transaction.network?.transaction_amount;
  if (sent !== undefined) return { amount: decimalAbs(sent.amount), fee };
  if (fee.currency !== currency) return { amount: total, fee };
  const rest = ccxtLibrary().Precise.stringSub(total, fee.cost);
  if (rest === undefined || isNegative(rest)) throw unreadable(transaction, 'a fee larger than its amount');
  return { amount: canonicalDecimal(rest), fee };
}

/** The resource a transaction belongs to (the buy, sell or convert that booked it), which links its two sides. */
function linkedId(transaction: CoinbaseTransactionJson): string | null {
  const { buy, sell, trade, retail_simple_dust: dust } = transaction;
  return buy?.id ?? sell?.id ?? trade?.id ?? dust?.id ?? null;
}

/** A completed wallet transaction as a movement; null for an Advanced Trade fill. */
export function coinbaseMovementOf(
  client: ExchangeClient<'coinbase'>,
  transaction: CoinbaseTransactionJson,
): ExchangeMovement | null {
  const direction = isNegative(transaction.amount.amount) ? 'out' : 'in';
  const kind = coinbaseMovementKind(transaction.type, direction);
  if (kind === null) return null;
  const currency = coinbaseCode(client, transaction.amount.currency);
  const fiat = isFiatCode(currency);
  const total = decimalAbs(transaction.amount.amount);
  const { amount, fee } =
    direction === 'out' && !fiat
      ? sentAndFee(client, transaction, total, currency)
      : { amount: total, fee: null };
  const network = transaction.network;
  const counterparty = direction === 'out' ? transaction.to : transaction.from;
  return {
    id: transaction.id,
    refId: linkedId(transaction),
    kind,
    fiat,
    direction,
    currency,
    amount,
    fee,
    time: isoOf(coinbaseTimeMs(transaction.created_at)),
    // A send between two Coinbase users stays "off_blockchain": no chain transaction.
    txHash: fiat || network?.status === 'off_blockchain' ? null : (network?.hash ?? null),
    address: fiat ? null : (counterparty?.address ?? null),
    network: fiat ? null : (network?.network_name ?? null),
    exchangeType: transaction.type,
  };
}
