export { registerAccessTokenRoutes } from './access-tokens.routes.ts';
export { type AccessTokenService, createAccessTokenService } from './access-tokens.service.ts';
export { registerAuthRoutes } from './auth.routes.ts';
export { createAuthService } from './auth.service.ts';
export { createOidcService } from './oidc.service.ts';
export { createSessionService, type IssuedSession, type SessionService } from './session.service.ts';
export { openSignups, type SignupGate } from './signup-gate.ts';
export { toUser } from './user-mapper.ts';
