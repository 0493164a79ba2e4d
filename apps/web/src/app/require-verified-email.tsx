import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useBFFAuth } from '@/features/auth';

interface RequireVerifiedEmailProps {
  children: ReactNode;
}

/** Some pages also need a verified email; others see the notice page. */
export function RequireVerifiedEmail({ children }: RequireVerifiedEmailProps) {
  const { user, error, refreshUser, clearError } = useBFFAuth();
  const verified = user?.email_verified ?? null;

  // The provider asks /auth/me itself after every session check, so this guard only waits for it;
  // asking again here sent the request twice. Only a failed answer is this guard's to retry.
  if (user !== null && verified === null && error !== null) {
    return (
      <EmptyState title="Your account could not be checked">
        <Button
          variant="secondary"
          onClick={() => {
            clearError();
            void refreshUser();
          }}
        >
          Try again
        </Button>
      </EmptyState>
    );
  }
  if (user === null || verified === null) return <Spinner label="Checking your account…" className="p-6" />;
  if (!verified) {
    return <Navigate to={`/verify-email?mode=notice&email=${encodeURIComponent(user.email)}`} replace />;
  }
  return children;
}
