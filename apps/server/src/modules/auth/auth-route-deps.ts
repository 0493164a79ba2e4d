import type { OidcClient } from '../../integrations/oidc/oidc-client.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import type { OidcService } from './oidc.service.ts';
import type { SessionService } from './session.service.ts';

import type { SignupGate } from './signup-gate.ts';

export interface AuthRouteDeps {
  auth: AuthService;
  sessions: SessionService;
  csrf: { secret: string; secure: boolean };
  cookies: { secure: boolean };
  rateLimits: RateLimits;
  /** Where the auth pages' stylesheet lives. */
  publicDir: string;
  /** AUTH_MODE: password accounts, single sign-on, or both. */
  authMode: { local: boolean; oidc: boolean };
  /** The identity provider and the account logic behind it; null unless AUTH_MODE includes oidc. */
  oidc: { client: OidcClient; service: OidcService } | null;
  /** PUBLIC_URL: the callback's own address and where the provider sends the browser after sign-out. */
  publicUrl: string;
  clock: () => Date;
  /** Who may sign up now; everyone when not given. */
  signupGate?: SignupGate;
}

export function routeRateLimit(setting: RateLimits['authPerIp']) {
  return { rateLimit: { max: setting.max, timeWindow: setting.windowMs } };
}
