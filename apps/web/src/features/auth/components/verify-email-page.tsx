import { authServiceMessages } from '@app/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { resendVerificationEmail } from '@/lib/api/account';
import { toast } from '@/lib/toast';

/** /verify-email?mode=notice&email=: shown when a page needs a verified email. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      await resendVerificationEmail();
      toast.success('Verification email sent.');
    } catch {
      toast.error(authServiceMessages.resendVerification);
    } finally {
      setSending(false);
    }
  };

  return (
    <PageFrame title="Verify your email">
      <div className="max-w-xl space-y-4 rounded-xl border border-line bg-surface p-6 text-sm">
        <p>
          This page needs a verified email address. We sent a verification link to{' '}
          {email ? <strong className="text-fg">{email}</strong> : 'your email address'}. Open it, then come
          back here.
        </p>
        <Button variant="secondary" onClick={() => void resend()} disabled={sending}>
          {sending ? 'Sending…' : 'Resend verification email'}
        </Button>
      </div>
    </PageFrame>
  );
}
