import { Suspense } from 'react';
import { PageFrame } from '@/components/ui/page-frame';
import { lazyPart } from '@/lib/lazy-part';
import { EmailStatus } from './components/email-status';
import { PasswordForm } from './components/password-form';
import { ProfileForm } from './components/profile-form';
import { SettingsBackLink } from './components/settings-back-link';
import { SettingsSection } from './components/settings-section';
import type { SettingsUser } from './settings-types';

const accountParts = lazyPart(
  () => import('./account-data-parts'),
  (m) => m.AccountDataParts,
);

interface ProfileSettingsPageProps {
  user: SettingsUser;
  onUserChanged: () => Promise<void>;
  /** Signs out after the account was deleted; without it the page offers no deletion. */
  onAccountDeleted?: () => Promise<void>;
}

export function ProfileSettingsPage({ user, onUserChanged, onAccountDeleted }: ProfileSettingsPageProps) {
  return (
    <PageFrame title="Profile">
      <SettingsBackLink />
      <div className="grid max-w-2xl gap-4">
        <SettingsSection title="Profile">
          <ProfileForm user={user} onSaved={onUserChanged} />
        </SettingsSection>
        <SettingsSection title="Email">
          <EmailStatus user={user} />
        </SettingsSection>
        <SettingsSection title="Password">
          {user.has_password === false ? (
            <p className="text-sm text-muted">
              You sign in through single sign-on, so this account has no password here. Change how you sign in
              at your identity provider.
            </p>
          ) : (
            <PasswordForm />
          )}
        </SettingsSection>
        {onAccountDeleted !== undefined && (
          <Suspense fallback={null}>
            <accountParts.Component user={user} onAccountDeleted={onAccountDeleted} />
          </Suspense>
        )}
      </div>
    </PageFrame>
  );
}
