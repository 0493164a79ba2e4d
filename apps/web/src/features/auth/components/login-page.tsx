import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readRememberedReturnPath } from '@/lib/session-state';
import { loginUrl } from '../login-url';
import { RedirectScreen } from './redirect-screen';

/** /login: straight to the server login endpoint with return_to and prompt=login. */
export function LoginPage() {
  const [params] = useSearchParams();
  const target = useMemo(
    () => loginUrl(params.get('return_to') ?? readRememberedReturnPath() ?? '/', 'login'),
    [params],
  );
  return <RedirectScreen label="Redirecting to sign in…" href={target} />;
}
