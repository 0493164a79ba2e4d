import { lazy, Suspense, useEffect } from 'react';
import { useBFFAuth } from '@/features/auth';

// The banner and its Resend action only matter to an unverified account: they load when one is
// signed in, not with every signed-in page's first JavaScript (issue 15, route budget).
const UnverifiedEmailBanner = lazy(() =>
  import('./unverified-email-banner').then((m) => ({ default: m.UnverifiedEmailBanner })),
);

/**
 * Issue 13: while the email is unverified, every signed-in page says so once, with "resend"
 * beside it, instead of the user finding out only when a page refuses them.
 */
export function EmailVerificationBanner() {
  const { user, refreshUser } = useBFFAuth();
  const verified = user?.email_verified ?? null;
  useEffect(() => {
    // Session status does not carry email_verified; /auth/me does (asked once).
    if (user !== null && verified === null) void refreshUser();
  }, [user, verified, refreshUser]);

  if (user === null || verified !== false) return null;
  return (
    <Suspense fallback={null}>
      <UnverifiedEmailBanner email={user.email} />
    </Suspense>
  );
}
