import { PageFrame } from '@/components/ui/page-frame';
import { SettingsSection } from './components/settings-section';

/** Reached only with a verified email (the app's guard sends others to /verify-email). */
export function NotificationsSettingsPage() {
  return (
    <PageFrame title="Notification settings">
      <div className="max-w-2xl">
        <SettingsSection title="Alert delivery">
          <p className="text-sm text-muted">
            Alert delivery settings arrive with price and indicator alerts. Until then there is nothing to
            configure here.
          </p>
        </SettingsSection>
      </div>
    </PageFrame>
  );
}
