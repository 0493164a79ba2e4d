import { Suspense, useEffect, useState } from 'react';
import { type AuthUser, useBFFAuth } from '@/features/auth';
import { lazyPart } from '@/lib/lazy-part';
import { readIdentity } from '@/lib/offline/identity';

// The banner and its Resend action only matter to an unverified account: they load when one is
// signed in, not with every signed-in page's first JavaScript (to keep the page's first load within the route budget).
const unverifiedBanner = lazyPart(
  () => import('./unverified-email-banner'),
  (m) => m.UnverifiedEmailBanner,
);

/**
 * While the email is unverified, every signed-in page says so once, with "resend"
 * beside it, instead of the user finding out only when a page refuses them. The layout's first
 * render waits for `useEmailBannerReady`, so the banner is there from the start.
 */
export function EmailVerificationBanner() {
  const { user } = useBFFAuth();
  if (user === null || user.email_verified !== false) return null;
  // Shown later than the layout (it stopped waiting, or the email changed since), it suspends here
  // and not in a boundary that would swap the whole page for a loading screen.
  return (
    <Suspense fallback={null}>
      <unverifiedBanner.Component email={user.email} />
    </Suspense>
  );
}

/**
 * Whether the layout may render without the banner arriving later: the banner pushed the whole
 * page down once /auth/me and its chunk came in (CLS 0.09 at 390 px, and a click aimed at a page
 * action landed on whatever had moved under it). The session status does not say whether the email
 * is verified; /auth/me does. A user this browser last saw verified is not waited for (verification
 * is not undone); anyone else is, and the banner's code loads before the layout renders.
 */
export function useEmailBannerReady(user: AuthUser | null): boolean {
  const verified = user?.email_verified ?? null;
  const [bannerLoaded, setBannerLoaded] = useState(false);
  useEffect(() => {
    if (verified !== false) return;
    let cancelled = false;
    const settle = () => {
      if (!cancelled) setBannerLoaded(true);
    };
    // A failed load is reported where the banner renders (React.lazy rethrows to the error boundary).
    unverifiedBanner.load().then(settle, settle);
    return () => {
      cancelled = true;
    };
  }, [verified]);
  if (user === null || verified === true) return true;
  if (verified === false) return bannerLoaded;
  const known = readIdentity();
  return known !== null && known.id === user.id && known.email_verified === true;
}
