import { authRoutes, type ProfileUpdate, type User } from '@app/contracts';
import { apiRequest } from '@/lib/api/client';
import { shellSchema } from '@/lib/api/lazy-schemas';

/**
 * Account calls shared by the settings and email-verification screens (the auth
 * service calls), kept in lib because two features use them.
 */
export const updateProfile = (body: ProfileUpdate): Promise<User> =>
  apiRequest(authRoutes.profile, { method: 'PATCH', body, schema: shellSchema('userSchema') });

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiRequest(authRoutes.password, {
    method: 'POST',
    body,
    schema: shellSchema('okSchema'),
    queueOffline: false,
  });

export const resendVerificationEmail = () =>
  apiRequest(authRoutes.resendVerification, {
    method: 'POST',
    schema: shellSchema('okSchema'),
    queueOffline: false,
  });
