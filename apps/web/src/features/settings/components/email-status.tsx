import { authServiceMessages } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { resendVerificationEmail } from '@/lib/api/account';
import { toast } from '@/lib/toast';
import type { SettingsUser } from '../settings-types';

interface EmailStatusProps {
  user: SettingsUser;
}

function verifiedText(verified: boolean | null): string {
  if (verified === null) return 'Checking…';
  return verified ? 'Verified' : 'Not verified';
}

export function EmailStatus({ user }: EmailStatusProps) {
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    meta: { silent: true },
    onSuccess: () => {
      toast.success(`Verification email sent to ${user.email}.`);
    },
    onError: () => {
      toast.error(authServiceMessages.resendVerification);
    },
  });

  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-[6rem_1fr] gap-y-2 text-sm">
        <dt className="text-muted">Email</dt>
        <dd className="break-all">{user.email}</dd>
        <dt className="text-muted">Status</dt>
        <dd className={user.email_verified === false ? 'text-warning' : undefined}>
          {verifiedText(user.email_verified)}
        </dd>
      </dl>
      {user.email_verified === false && (
        <div>
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            Resend verification email
          </Button>
        </div>
      )}
    </div>
  );
}
