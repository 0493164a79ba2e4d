import type { Subscription } from '@app/contracts';
import { PageFrame } from '@/components/ui/page-frame';
import { SettingsBackLink } from './components/settings-back-link';
import { SettingsSection } from './components/settings-section';

interface SubscriptionSettingsPageProps {
  subscription: Subscription | null;
}

export function SubscriptionSettingsPage({ subscription }: SubscriptionSettingsPageProps) {
  return (
    <PageFrame title="Subscription">
      <SettingsBackLink />
      <div className="max-w-2xl">
        <SettingsSection title="Plan">
          <dl className="grid grid-cols-[8rem_1fr] gap-y-2 text-sm">
            <dt className="text-muted">Plan</dt>
            <dd>Self-hosted — all features included</dd>
            <dt className="text-muted">Status</dt>
            <dd>
              {subscription === null
                ? 'Not synced yet'
                : subscription.status === 'active'
                  ? 'Active'
                  : subscription.status}
            </dd>
            {subscription !== null && (
              <>
                <dt className="text-muted">Last synced</dt>
                <dd>
                  <time dateTime={subscription.synced_at}>
                    {new Date(subscription.synced_at).toLocaleString()}
                  </time>
                </dd>
              </>
            )}
          </dl>
          <p className="mt-4 text-sm text-muted">
            There are no paid tiers: this server runs the full product.
          </p>
        </SettingsSection>
      </div>
    </PageFrame>
  );
}
