import { useBFFAuth } from '@/features/auth';
import { SettingsIndexPage } from '@/features/settings/settings-index-page';

export function SettingsIndexRoute() {
  const { user } = useBFFAuth();
  return <SettingsIndexPage canAdminister={user?.can_administer === true} />;
}
