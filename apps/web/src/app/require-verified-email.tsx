import { type ReactNode, useEffect } from 'react';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useBFFAuth } from '@/features/auth';

interface RequireVerifiedEmailProps {
  children: ReactNode;
}

/** Spec §6: some pages also need a verified email; others see the notice page. */
export function RequireVerifiedEmail({ children }: RequireVerifiedEmailProps) {
  const { user, refreshUser } = useBFFAuth();
  const verified = user?.email_verified ?? null;

  useEffect(() => {
    // Session status does not say whether the email is verified; ask /auth/me once.
    if (user !== null && verified === null) void refreshUser();
  }, [user, verified, refreshUser]);

  if (user === null || verified === null) return <Spinner label="Checking your account…" className="p-6" />;
  if (!verified) {
    return <Navigate to={`/verify-email?mode=notice&email=${encodeURIComponent(user.email)}`} replace />;
  }
  return children;
}
