/** API paths, relative to the `/api` base. */
export const apiBase = '/api';

export const authRoutes = {
  csrf: '/auth/csrf/',
  sessionStatus: '/auth/session-status',
  me: '/auth/me',
  login: '/auth/login',
  signup: '/auth/signup',
  logout: '/auth/logout',
  callback: '/auth/callback',
  /** Single sign-on's extra steps: a username the provider did not give, a link to a local account. */
  oidcCompleteSignup: '/auth/oidc/complete-signup',
  oidcLink: '/auth/oidc/link',
  verifyEmail: '/auth/verify-email',
  resendVerification: '/auth/verify-email/resend',
  passwordResetRequest: '/auth/password-reset',
  passwordResetConfirm: '/auth/password-reset/confirm',
  profile: '/auth/profile',
  password: '/auth/password',
} as const;

export const subscriptionRoutes = { sync: '/v2/subscription/sync/' } as const;

export const healthCheckPath = '/health-check';

export const csrfCookieName = 'csrftoken';
export const csrfHeaderName = 'X-CSRFToken';
export const sessionCookieName = 'session';
/**
 * Set and cleared with the session cookie, readable by scripts (the session's is not): tells the
 * app at start that a session is probably there, so it asks for the user beside the session
 * status. A hint only: the status decides, and a stale hint costs one unanswered /auth/me.
 */
export const sessionHintCookieName = 'signed_in';
