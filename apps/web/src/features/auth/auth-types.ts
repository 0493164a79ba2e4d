import type { Subscription } from '@app/contracts';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * The signed-in user. Session status carries id, name and email only; picture and
 * email_verified arrive with /auth/me, so they are null until that answers.
 */
export interface AuthUser {
  id: string;
  username: string;
  email: string;
  picture: string | null;
  email_verified: boolean | null;
  /** From /auth/me: false for a single sign-on account (no local password). */
  has_password?: boolean;
  /** From /auth/me: the account runs this server. */
  can_administer?: boolean;
}

export interface BFFAuthContextValue {
  status: AuthStatus;
  isLoading: boolean;
  isAuthenticated: boolean;
  user: AuthUser | null;
  /** The user is the last one the server confirmed; the network is down, so it could not check. */
  offline?: boolean;
  subscription: Subscription | null;
  error: Error | null;
  login: (returnTo?: string) => void;
  register: (returnTo?: string) => void;
  logout: () => Promise<void>;
  refreshUser: () => Promise<void>;
  clearError: () => void;
}
