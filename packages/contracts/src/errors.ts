import { z } from 'zod';

/** Spec §8: the categories a server error can carry. The client handles each differently. */
export const errorCategories = [
  'auth',
  'validation',
  'not_found',
  'business',
  'external',
  'database',
  'internal',
] as const;
export const errorCategorySchema = z.enum(errorCategories);
export type ErrorCategory = z.infer<typeof errorCategorySchema>;

/** Field path (dot-joined) → messages, for validation errors. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    category: errorCategorySchema,
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
  /** Spec §3: error responses may carry a redirect the client follows after a lost session. */
  redirect: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Machine-readable codes in the envelope. Lower snake case; stable across releases. */
export const errorCodes = {
  authRequired: 'auth_required',
  authExpiredToken: 'auth_expired_token',
  invalidCredentials: 'invalid_credentials',
  csrfFailed: 'csrf_failed',
  forbidden: 'forbidden',
  emailNotVerified: 'email_not_verified',
  validation: 'validation_error',
  notFound: 'not_found',
  routeNotFound: 'route_not_found',
  methodNotAllowed: 'method_not_allowed',
  uriTooLong: 'uri_too_long',
  badUrl: 'bad_url',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
  invalidToken: 'invalid_token',
  external: 'external_service_error',
  database: 'database_error',
  internal: 'internal_error',
} as const;
export type ErrorCode = (typeof errorCodes)[keyof typeof errorCodes];

/** Spec §8 "Auth codes", used by the client's typed auth errors. */
export const authErrorCodes = [
  'UNKNOWN_ERROR',
  'LOGIN_REQUIRED',
  'TOKEN_EXPIRED',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NETWORK_ERROR',
  'AUTH_SERVICE_ERROR',
] as const;
export type AuthErrorCode = (typeof authErrorCodes)[number];
