import { authServiceMessages, type User } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { resendVerificationEmail } from '@/lib/api/account';

/** The unverified-email banner: where the link went, and Resend. */
export function UnverifiedEmailBanner({ email }: { email: User['email'] }) {
  const resend = useMutation({ mutationFn: resendVerificationEmail, meta: { silent: true } });
  return (
    <section
      aria-label="Email not verified"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-accent/40 bg-accent/10 px-4 py-2 text-center text-sm text-fg"
    >
      <span>
        <strong className="font-semibold">Verify your email address.</strong>{' '}
        <span className="text-muted">We sent a link to {email}.</span>
      </span>
      {resend.isSuccess ? (
        <span role="status" className="text-accent">
          Sent. Check your inbox.
        </span>
      ) : (
        <Button
          variant="unstyled"
          onClick={() => resend.mutate()}
          disabled={resend.isPending}
          className="rounded-md px-2 py-0.5 font-semibold text-accent underline underline-offset-4 hover:text-fg disabled:opacity-50"
        >
          {resend.isPending ? 'Sending…' : 'Resend'}
        </Button>
      )}
      {resend.isError && (
        <span role="alert" className="text-danger">
          {authServiceMessages.resendVerification}
        </span>
      )}
    </section>
  );
}
