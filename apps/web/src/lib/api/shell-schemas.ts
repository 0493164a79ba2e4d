/**
 * The schemas the app shell parses with (session, user, settings, market status, error
 * envelopes, CSRF). They load with the first API call instead of with the shell, so zod is not
 * part of any page's first paint; the request and this chunk travel side by side.
 */
export {
  csrfResponseSchema,
  errorEnvelopeSchema,
  fieldErrorsSchema,
  logoutResponseSchema,
  marketStatusSchema,
  oidcCompleteSignupResponseSchema,
  okSchema,
  sessionStatusSchema,
  subscriptionSchema,
  userSchema,
  userSettingsSchema,
} from '@app/contracts';
