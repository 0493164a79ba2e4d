import { authServiceMessages } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useBFFAuth } from '@/features/auth';
import { resendVerificationEmail } from '@/lib/api/account';

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
  const resend = useMutation({ mutationFn: resendVerificationEmail, meta: { silent: true } });

  if (user === null || verified !== false) return null;
  return (
    <section
      aria-label="Email not verified"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-accent/40 bg-accent/10 px-4 py-2 text-center text-sm text-fg"
    >
      <span>
        <strong className="font-semibold">Verify your email address.</strong>{' '}
        <span className="text-muted">We sent a link to {user.email}.</span>
      </span>
      {resend.isSuccess ? (
        <span role="status" className="text-accent">
          Sent. Check your inbox.
        </span>
      ) : (
        <button
          type="button"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="rounded-md px-2 py-0.5 font-semibold text-accent underline underline-offset-4 hover:text-fg disabled:opacity-50"
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </button>
      )}
      {resend.isError && (
        <span role="alert" className="text-danger">
          {authServiceMessages.resendVerification}
        </span>
      )}
    </section>
  );
}
