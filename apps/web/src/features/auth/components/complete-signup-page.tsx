import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { AuthCard } from './auth-card';

/** Reached after the server finished creating the account. */
export function CompleteSignupPage() {
  return (
    <AuthCard title="Your account is ready">
      <p>Sign-up is complete. Open the terminal to add your first portfolio.</p>
      <Link to="/" className={buttonStyles.primary}>
        Open the app
      </Link>
    </AuthCard>
  );
}
