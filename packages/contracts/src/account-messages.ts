// Apart from messages.ts, which every page's first load carries (the shell reads its auth and
// category messages): these are read by the account forms, their schemas and the server.

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
