import type { MovementKind } from '../exchange-records.ts';

/** Moves between the spot wallet and Kraken's staking, earn and futures wallets. */
const walletTransfers = new Set([
  'spottostaking',
  'stakingfromspot',
  'stakingtospot',
  'spotfromstaking',
  'spottofutures',
  'spotfromfutures',
]);

/** Earn bookings that move an asset between wallets rather than pay anything. */
const earnMoves = new Set(['allocation', 'deallocation', 'migration', 'autoallocation']);

/**
 * What a Kraken ledger entry is, from its type and subtype. `trade` entries are left out by the
 * caller: TradesHistory describes the same fills with their price and order.
 */
export function krakenMovementKind(type: string, subtype: string): MovementKind {
  switch (type) {
    case 'deposit':
      return 'deposit';
    case 'withdrawal':
      return 'withdrawal';
    case 'staking':
    case 'reward':
    case 'dividend':
      return 'reward';
    case 'earn':
      return earnMoves.has(subtype) ? 'internal' : 'reward';
    case 'transfer':
      return walletTransfers.has(subtype) ? 'internal' : 'adjustment';
    case 'spend':
    case 'receive':
    case 'conversion':
    case 'sale':
      return 'conversion';
    default:
      return 'adjustment';
  }
}
