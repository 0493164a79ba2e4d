import { useBFFAuth } from '@/features/auth';
import { SubscriptionSettingsPage } from '@/features/settings/subscription-settings-page';

export function SubscriptionSettingsRoute() {
  const { subscription } = useBFFAuth();
  return <SubscriptionSettingsPage subscription={subscription} />;
}
