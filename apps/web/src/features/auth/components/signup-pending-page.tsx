import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { AuthCard } from './auth-card';

/** Reached when the account exists but its email still needs confirming. */
export function SignupPendingPage() {
  return (
    <AuthCard title="Check your inbox">
      <p>We sent a confirmation link to your email address. Open it to finish signing up, then sign in.</p>
      <Link to="/login" className={buttonStyles.secondary}>
        Sign in
      </Link>
    </AuthCard>
  );
}
