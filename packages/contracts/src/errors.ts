/** The categories a server error can carry. The client handles each differently. */
export const errorCategories = [
  'auth',
  'validation',
  'not_found',
  'business',
  'external',
  'database',
  'internal',
] as const;
export type ErrorCategory = (typeof errorCategories)[number];

/**
 * Every error the server can answer with: its code (machine-readable, lower snake case, stable
 * across releases), HTTP status and error category. The server builds errors from this table
 * only (apps/server lib/app-error.ts), so a code the contract does not own cannot be sent.
 */
export const errorCatalogue = {
  auth_required: { status: 401, category: 'auth' },
  auth_expired_token: { status: 401, category: 'auth' },
  invalid_credentials: { status: 401, category: 'auth' },
  auth_failed: { status: 401, category: 'auth' },
  csrf_failed: { status: 403, category: 'auth' },
  forbidden: { status: 403, category: 'auth' },
  email_not_verified: { status: 403, category: 'auth' },
  validation_error: { status: 400, category: 'validation' },
  invalid_token: { status: 400, category: 'validation' },
  malformed_json: { status: 400, category: 'validation' },
  bad_url: { status: 400, category: 'validation' },
  method_not_allowed: { status: 405, category: 'validation' },
  payload_too_large: { status: 413, category: 'validation' },
  uri_too_long: { status: 414, category: 'validation' },
  headers_too_large: { status: 431, category: 'validation' },
  bad_request: { status: 400, category: 'validation' },
  request_timeout: { status: 408, category: 'validation' },
  unsupported_media_type: { status: 415, category: 'validation' },
  not_found: { status: 404, category: 'not_found' },
  route_not_found: { status: 404, category: 'not_found' },
  conflict: { status: 409, category: 'business' },
  alert_limit_reached: { status: 400, category: 'business' },
  rate_limited: { status: 429, category: 'business' },
  external_service_error: { status: 502, category: 'external' },
  market_unavailable: { status: 503, category: 'external' },
  rates_unavailable: { status: 503, category: 'external' },
  database_error: { status: 500, category: 'database' },
  internal_error: { status: 500, category: 'internal' },
} as const satisfies Record<string, { status: number; category: ErrorCategory }>;
export type ErrorCode = keyof typeof errorCatalogue;

/** Names for the codes, for readable call sites (`errorCodes.csrfFailed`). */
export const errorCodes = {
  authRequired: 'auth_required',
  authExpiredToken: 'auth_expired_token',
  invalidCredentials: 'invalid_credentials',
  authFailed: 'auth_failed',
  csrfFailed: 'csrf_failed',
  forbidden: 'forbidden',
  emailNotVerified: 'email_not_verified',
  validation: 'validation_error',
  notFound: 'not_found',
  routeNotFound: 'route_not_found',
  methodNotAllowed: 'method_not_allowed',
  uriTooLong: 'uri_too_long',
  headersTooLarge: 'headers_too_large',
  badRequest: 'bad_request',
  requestTimeout: 'request_timeout',
  badUrl: 'bad_url',
  malformedJson: 'malformed_json',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  conflict: 'conflict',
  alertLimitReached: 'alert_limit_reached',
  invalidToken: 'invalid_token',
  external: 'external_service_error',
  marketUnavailable: 'market_unavailable',
  ratesUnavailable: 'rates_unavailable',
  database: 'database_error',
  internal: 'internal_error',
} as const satisfies Record<string, ErrorCode>;

/** Auth codes, used by the client's typed auth errors. */
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
