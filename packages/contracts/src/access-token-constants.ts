/** What a personal access token may do. `read` is everything the user can see; writes are opt-ins. */
export const accessTokenScopes = ['read', 'write:transactions', 'write:alerts'] as const;
export type AccessTokenScope = (typeof accessTokenScopes)[number];

export const accessTokenScopeLabels: Readonly<Record<AccessTokenScope, string>> = {
  read: 'Read everything you can see',
  'write:transactions': 'Add, change and delete transactions',
  'write:alerts': 'Create, change and delete alerts',
};

/** Days a new token lives; null: until revoked. */
export const accessTokenLifetimes = [30, 90, 365, null] as const;
export type AccessTokenLifetime = (typeof accessTokenLifetimes)[number];

/** Every token starts so: a leaked one is recognisable in a log or a repository scan. */
export const accessTokenPrefix = 'elt_';
/** The clear part kept and shown, the prefix included. */
export const accessTokenShownLength = 12;
/** A token's uses are kept this long, then forgotten. */
export const accessTokenUseDays = 90;

export const accessTokenMessages = {
  /** The same words whatever was wrong: nothing tells a guesser which part failed. */
  invalid: 'Invalid or expired token.',
  outOfScope: "This token's scopes do not allow this request.",
  neverForTokens: 'This can only be done signed in, not with a token.',
  created: 'Copy the token now: it is shown only once.',
  notFound: 'Token not found.',
} as const;

/** Relative to the API base. */
export const accessTokenRoutes = { tokens: '/v2/tokens/' } as const;
