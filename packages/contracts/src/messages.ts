/** Every user-facing message the spec quotes, word for word (spec §5, §6, §8). */
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

/** Spec §8: how the client words each error category. */
export const categoryMessages = {
  validation: 'Please check your input and try again',
  external: 'External service error. Please try again later',
  unexpected: 'An unexpected error occurred',
  supportHint: 'If this keeps happening, contact your administrator.',
} as const;

/** Our own messages (the spec is silent on them), kept here so server and tests agree. */
export const accountMessages = {
  invalidCredentials: 'Incorrect email or password.',
  emailTaken: 'An account with this email already exists.',
  passwordTooShort: 'Use at least 10 characters.',
  passwordTooWeak: 'Use a longer password, or mix letters with numbers or symbols.',
  passwordTooLong: 'Use at most 128 characters.',
  usernameInvalid: 'Use 2 to 40 letters, numbers, spaces, dots, dashes or underscores.',
  emailInvalid: 'Enter a valid email address.',
  csrfFailed: 'CSRF check failed. Reload the page and try again.',
  rateLimited: 'Too many attempts. Please wait a minute and try again.',
  invalidToken: 'This link is invalid or has expired.',
  currentPasswordWrong: 'Your current password is not correct.',
  pictureInvalid: 'Use an http(s) image URL.',
  notFound: 'Not found.',
  routeNotFound: 'No API route matches this path.',
  methodNotAllowed: 'This API path does not accept this method.',
  uriTooLong: 'A part of this path is too long.',
  badUrl: 'This path is not a valid URL.',
  malformedJson: 'The request body is not valid JSON.',
  payloadTooLarge: 'The request body is too large.',
  unsupportedMediaType: 'Unsupported content type.',
  loginRequired: 'Please sign in to continue.',
  emailNotVerified: 'Please verify your email address to use this page.',
  ssoNotConfigured: 'Single sign-on is not configured on this server.',
  passwordSignInOff: 'This server signs you in through its identity provider. Use single sign-on.',
  ssoNoEmail:
    'Your identity provider did not share an email address. Ask its administrator to release the email claim.',
  ssoEmailTaken:
    'An account with this email already exists, and your identity provider has not verified the email. Sign in with your password, or verify the email at your identity provider and try again.',
} as const;

export const notFoundPage = {
  title: 'Page Not Found',
  body: "The page you are looking for doesn't exist or has been moved.",
  action: 'Go to Terminal',
} as const;
