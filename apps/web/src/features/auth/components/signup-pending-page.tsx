import { useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { loginUrl } from '../login-url';
import { AuthCard } from './auth-card';

/**
 * /auth/signup-pending: the account exists but its email is not verified yet (single
 * sign-on with a provider that does not vouch for it). Nothing is signed in until the link is
 * followed.
 */
export function SignupPendingPage() {
  const [params] = useSearchParams();
  const email = params.get('email');
  return (
    <AuthCard title="Check your inbox">
      <p>
        We sent a confirmation link to{' '}
        {email ? <strong className="text-fg">{email}</strong> : 'your email address'}. Open it to finish
        signing up, then sign in again.
      </p>
      <p>The link is valid for 24 hours. No mail? Sign in again in a minute and we send a new one.</p>
      <a href={loginUrl('/', 'login')} className={buttonStyles.secondary}>
        Sign in
      </a>
    </AuthCard>
  );
}
