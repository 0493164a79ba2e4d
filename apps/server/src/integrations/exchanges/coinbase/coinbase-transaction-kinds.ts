import type { MovementKind } from '../exchange-records.ts';
import type { RecordState } from '../time-window-cursor.ts';

/** Money in from or out to somewhere this account does not cover (a bank, a chain, Coinbase Pro, INTX). */
const transfersInOrOut = new Set([
  'send',
  'receive',
  'request',
  'fiat_deposit',
  'fiat_withdrawal',
  'exchange_deposit',
  'exchange_withdrawal',
  'pro_deposit',
  'pro_withdrawal',
  'intx_deposit',
  'intx_withdrawal',
]);
const rewards = new Set([
  'staking_reward',
  'inflation_reward',
  'interest',
  'earn_payout',
  'incentives_rewards_payout',
  'subscription_rebate',
]);
/** Between two wallets of the same person: staked and unstaked, vault and wallet, portfolio and portfolio. */
const ownMoves = new Set(['transfer', 'staking_transfer', 'unstaking_transfer', 'vault_withdrawal']);
/** One asset for another outside the order book: simple buys and sells, converts, dust sweeps, wrapping. */
const conversions = new Set(['buy', 'sell', 'trade', 'retail_simple_dust', 'wrap_asset', 'unwrap_asset']);

/**
 * What a wallet transaction is, from its type and direction; null for an Advanced Trade fill, which
 * the fills list describes with its price and order (the wallet lists each fill again in both of
 * its currencies).
 */
export function coinbaseMovementKind(type: string, direction: 'in' | 'out'): MovementKind | null {
  if (type === 'advanced_trade_fill') return null;
  if (transfersInOrOut.has(type)) return direction === 'in' ? 'deposit' : 'withdrawal';
  if (rewards.has(type)) return direction === 'in' ? 'reward' : 'adjustment';
  if (ownMoves.has(type)) return 'internal';
  if (conversions.has(type)) return 'conversion';
  // clawback, subscription, derivatives_settlement, tx (uncategorised) and any type added later.
  return 'adjustment';
}

const finalStates = new Set(['completed']);
const voidStates = new Set(['failed', 'expired', 'canceled', 'cancelled']);

/**
 * Whether a transaction can be handed out: completed ones moved money for good; failed, expired
 * and cancelled ones moved nothing; anything else (pending, waiting_for_signature,
 * waiting_for_clearing, a status added later) may still change.
 */
export function coinbaseTransactionState(status: string): RecordState {
  if (finalStates.has(status)) return 'final';
  if (voidStates.has(status)) return 'void';
  return 'pending';
}
