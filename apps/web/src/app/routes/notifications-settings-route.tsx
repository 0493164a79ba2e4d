import { NotificationsSettingsPage } from '@/features/settings/notifications-settings-page';
import { RequireVerifiedEmail } from '../require-verified-email';

export function NotificationsSettingsRoute() {
  return (
    <RequireVerifiedEmail>
      <NotificationsSettingsPage />
    </RequireVerifiedEmail>
  );
}
