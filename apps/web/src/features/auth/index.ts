export type { AuthUser, BFFAuthContextValue } from './auth-types';
export { BFFAuthProvider } from './bff-auth-provider';
export { loginUrl } from './login-url';
export { beginSessionCheck, likelySignedIn } from './session-check';
export { useBFFAuth } from './use-bff-auth';
