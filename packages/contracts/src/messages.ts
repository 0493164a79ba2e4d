/** Every user-facing message the spec quotes, word for word. */
export const authMessages = {
  loginSessionExpired: 'Login session has expired. Please log in again.',
  sessionExpired: 'Your session has expired. Please log in again.',
  authServiceUnreachable:
    'Unable to connect to authentication service. Please check your internet connection.',
  authenticationFailed: 'Authentication failed. Please log in again.',
  forbidden: 'You do not have permission to access this resource.',
  logoutFailed: (status: number) => `Logout request failed with status: ${status}`,
  hookOutsideProvider: 'useBFFAuth must be used within a BFFAuthProvider',
} as const;

export const authServiceMessages = {
  userInfo: 'Unable to retrieve user information',
  passwordResetRequest: 'Password reset request failed. Please try again.',
  passwordReset: 'Password reset failed. Please check your information and try again.',
  emailVerification: 'Email verification failed. The link may have expired.',
  resendVerification: 'Failed to resend verification email. Please try again later.',
  profileUpdate: 'Profile update failed. Please try again.',
  passwordChange: 'Password change failed. Please check your current password.',
  fetchProfile: 'Failed to fetch user profile',
} as const;

/** How the client words each error category. */
export const categoryMessages = {
  validation: 'Please check your input and try again',
  external: 'External service error. Please try again later',
  unexpected: 'An unexpected error occurred',
  supportHint: 'If this keeps happening, contact your administrator.',
} as const;

export const notFoundPage = {
  title: 'Page Not Found',
  body: "The page you are looking for doesn't exist or has been moved.",
  action: 'Go to Terminal',
} as const;
