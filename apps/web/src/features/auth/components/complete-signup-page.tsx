import { authMessages } from '@app/contracts';
import { safeReturnPath } from '@app/core';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api/api-error';
import { browserLocation } from '@/lib/browser-location';
import { completeOidcSignup } from '../api/auth-api';
import { loginUrl } from '../login-url';
import { AuthCard } from './auth-card';

function usernameErrors(error: unknown): string[] {
  if (error instanceof ApiError) {
    const fields = error.details?.fields as Record<string, string[] | undefined> | undefined;
    return fields?.username ?? [error.message];
  }
  return [authMessages.authServiceUnreachable];
}

/**
 * /auth/complete-signup: single sign-on created no account yet because the identity
 * provider gave no username. The server holds the rest of the sign-up (signed, ten minutes).
 */
export function CompleteSignupPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  const [username, setUsername] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [expired, setExpired] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { usernameSchema } = await import('./username-schema');
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setErrors(parsed.error.issues.map((issue) => issue.message));
      return;
    }
    setSending(true);
    try {
      const { redirect } = await completeOidcSignup(parsed.data);
      browserLocation.assign(safeReturnPath(redirect));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setExpired(true);
      else setErrors(usernameErrors(error));
      setSending(false);
    }
  };

  if (expired) {
    return (
      <AuthCard title="Sign-up expired">
        <p role="alert">{authMessages.loginSessionExpired}</p>
        <a href={loginUrl('/', 'signup')} className={buttonStyles.primary}>
          Sign up again
        </a>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a username">
      <p>
        Your identity provider signed you in
        {email ? (
          <>
            {' '}
            as <strong className="text-fg">{email}</strong>
          </>
        ) : null}{' '}
        but did not share a username. Pick the name this app shows for you.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 text-fg">
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          maxLength={40}
          value={username}
          onChange={(event) => {
            setUsername(event.target.value);
            setErrors([]);
          }}
          errors={errors}
          hint="2 to 40 letters, numbers, spaces, dots, dashes or underscores."
        />
        <Button type="submit" variant="primary" disabled={sending}>
          {sending ? 'Creating your account…' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
