import type { Subscription } from '@app/contracts';
import type { Clock } from '../../lib/clock.ts';

/** Everything the self-hosted build offers; there are no paid tiers to unlock. */
export const selfHostedFeatures = [
  'portfolios',
  'transactions',
  'dashboard',
  'market',
  'watchlists',
  'alerts',
  'notifications',
  'projections',
  'insights',
] as const;

export function createSubscriptionService(deps: { clock: Clock }) {
  return {
    sync(): Subscription {
      return {
        plan: 'self_hosted',
        status: 'active',
        features: [...selfHostedFeatures],
        synced_at: deps.clock().toISOString(),
      };
    },
  };
}

export type SubscriptionService = ReturnType<typeof createSubscriptionService>;
