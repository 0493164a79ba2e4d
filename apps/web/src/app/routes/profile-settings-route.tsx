import { Spinner } from '@/components/ui/spinner';
import { useBFFAuth } from '@/features/auth';
import { ProfileSettingsPage } from '@/features/settings/profile-settings-page';

export function ProfileSettingsRoute() {
  const { user, refreshUser, logout } = useBFFAuth();
  if (user === null) return <Spinner label="Loading your profile…" className="p-6" />;
  // Remount when the server copy changes, so the form starts from the saved values.
  return (
    <ProfileSettingsPage
      key={`${user.username}|${user.picture ?? ''}`}
      user={user}
      onUserChanged={refreshUser}
      // The server has deleted the account and cleared its cookies: sign-out forgets the rest.
      onAccountDeleted={logout}
    />
  );
}
