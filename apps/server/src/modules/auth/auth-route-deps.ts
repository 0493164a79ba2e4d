import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { AuthService } from './auth.service.ts';
import type { SessionService } from './session.service.ts';

export interface AuthRouteDeps {
  auth: AuthService;
  sessions: SessionService;
  csrf: { secret: string; secure: boolean };
  cookies: { secure: boolean };
  rateLimits: RateLimits;
  /** Where the auth pages' stylesheet lives. */
  publicDir: string;
}

export function routeRateLimit(setting: RateLimits['authPerIp']) {
  return { rateLimit: { max: setting.max, timeWindow: setting.windowMs } };
}
