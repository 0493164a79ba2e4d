import { PageFrame } from '@/components/ui/page-frame';
import { DeliveryChannelsSection } from './components/delivery-channels-section';
import { DeliveryLogSection } from './components/delivery-log-section';
import { QuietHoursSection } from './components/quiet-hours-section';
import { SettingsBackLink } from './components/settings-back-link';

/** Reached only with a verified email (the app's guard sends others to /verify-email). */
export function NotificationsSettingsPage() {
  return (
    <PageFrame title="Notification settings">
      <SettingsBackLink />
      <div className="flex max-w-2xl flex-col gap-6">
        <DeliveryChannelsSection />
        <QuietHoursSection />
        <DeliveryLogSection />
      </div>
    </PageFrame>
  );
}
