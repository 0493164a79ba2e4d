import * as client from 'openid-client';

/** What the identity provider says about the person signing in (ID token, then UserInfo). */
export interface OidcClaims {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  /** preferred_username, else nickname, else name: whatever the provider releases. */
  username: string | undefined;
  picture: string | undefined;
}

/** Why a sign-in at the provider did not complete; the routes word each with the spec's messages. */
export type OidcFailureKind =
  /** The provider could not be reached or answered 5xx. */
  | 'unreachable'
  /** The code or the ID token is expired or already used. */
  | 'expired'
  /** Anything forged or refused: state, nonce, issuer, audience, signature, an error response. */
  | 'rejected';

export class OidcFailure extends Error {
  constructor(
    readonly kind: OidcFailureKind,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${kind}: ${reason}`, options);
    this.name = 'OidcFailure';
  }
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  redirectUri: string;
  /** Seconds for each call to the provider. */
  timeoutSeconds?: number;
}

export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  authorizationRequest(options: { prompt?: 'login'; screenHint?: 'signup' }): Promise<AuthorizationRequest>;
  /** Validates the callback (state, iss, code via PKCE, ID token incl. nonce/aud/iss/exp) and returns the claims. */
  complete(
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<OidcClaims>;
  /** The provider's end-session URL, or null when it publishes none (or is unreachable). */
  endSessionUrl(postLogoutRedirectUri: string): Promise<string | null>;
}

const stringClaim = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * The relying party, on openid-client (certified): authorization code with PKCE (S256), state
 * and nonce. Discovery runs on first use and again after a failure, so a provider that is down
 * when the server starts does not keep sign-in broken once it is back.
 */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  const issuerUrl = new URL(options.issuer);
  const timeout = options.timeoutSeconds ?? 10;
  let configuration: Promise<client.Configuration> | undefined;

  function discover(): Promise<client.Configuration> {
    configuration ??= client
      .discovery(issuerUrl, options.clientId, options.clientSecret, undefined, {
        timeout,
        // An administrator who points OIDC_ISSUER at plain http (a provider on the same host or
        // network) chose it; openid-client refuses http unless told.
        ...(issuerUrl.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
      })
      .then((config) => {
        config.timeout = timeout;
        return config;
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw classify(error);
      });
    return configuration;
  }

  return {
    async authorizationRequest({ prompt, screenHint }) {
      const config = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: options.redirectUri,
        scope: options.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      if (prompt) parameters.prompt = prompt;
      // Not in the OIDC core spec, but Auth0, Authentik and others open their sign-up screen on it;
      // the rest ignore unknown parameters.
      if (screenHint) parameters.screen_hint = screenHint;
      return { url: client.buildAuthorizationUrl(config, parameters).href, state, nonce, codeVerifier };
    },

    async complete(callbackUrl, checks) {
      const config = await discover();
      try {
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new OidcFailure('rejected', 'no ID token');
        let claims: Record<string, unknown> = idClaims;
        // Many providers put email and profile claims only in UserInfo when an access token is
        // issued; the ID token's own claims win where both speak.
        if (config.serverMetadata().userinfo_endpoint && tokens.access_token) {
          const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
        return {
          issuer: idClaims.iss,
          subject: idClaims.sub,
          email: stringClaim(claims.email)?.toLowerCase(),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          username:
            stringClaim(claims.preferred_username) ??
            stringClaim(claims.nickname) ??
            stringClaim(claims.name),
          picture: stringClaim(claims.picture),
        };
      } catch (error) {
        throw classify(error);
      }
    },

    async endSessionUrl(postLogoutRedirectUri) {
      let config: client.Configuration;
      try {
        config = await discover();
      } catch {
        return null;
      }
      if (!config.serverMetadata().end_session_endpoint) return null;
      return client.buildEndSessionUrl(config, {
        client_id: options.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      }).href;
    },
  };
}

/** Sorts openid-client's and fetch's errors into the three outcomes a user can act on. */
function classify(error: unknown): OidcFailure {
  if (error instanceof OidcFailure) return error;
  if (error instanceof client.ResponseBodyError) {
    if (error.status >= 500)
      return new OidcFailure('unreachable', `provider answered ${error.status}`, { cause: error });
    if (error.error === 'invalid_grant') return new OidcFailure('expired', 'invalid_grant', { cause: error });
    return new OidcFailure('rejected', error.error, { cause: error });
  }
  if (error instanceof client.AuthorizationResponseError) {
    return new OidcFailure('rejected', error.error, { cause: error });
  }
  if (error instanceof client.ClientError) {
    const code = error.code ?? '';
    if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED')
      return new OidcFailure('expired', code, { cause: error });
    // A provider answering something that is not its API (an HTML error page from a proxy, a 502).
    const status = responseStatus(error.cause);
    if (status !== undefined && status >= 500) {
      return new OidcFailure('unreachable', `provider answered ${status}`, { cause: error });
    }
    return new OidcFailure('rejected', code || error.message, { cause: error });
  }
  // fetch's TypeError (refused, reset, DNS), AbortSignal timeouts: the provider is not there.
  return new OidcFailure('unreachable', error instanceof Error ? error.message : String(error), {
    cause: error,
  });
}

function responseStatus(cause: unknown): number | undefined {
  if (typeof Response !== 'undefined' && cause instanceof Response) return cause.status;
  return undefined;
}
