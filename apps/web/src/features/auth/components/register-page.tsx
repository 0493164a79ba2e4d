import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { loginUrl } from '../login-url';
import { RedirectScreen } from './redirect-screen';

/** /register: the server login endpoint with screen_hint=signup, behind a labelled spinner. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const target = useMemo(() => loginUrl(params.get('return_to') ?? '/', 'signup'), [params]);
  return <RedirectScreen label="Create an Account" href={target} />;
}
