import { authRoutes, okSchema, type ProfileUpdate, type User, userSchema } from '@app/contracts';
import { apiRequest } from '@/lib/api/client';

/**
 * Account calls shared by the settings and email-verification screens (the auth
 * service calls of spec §7), kept in lib because two features use them.
 */
export const updateProfile = (body: ProfileUpdate): Promise<User> =>
  apiRequest(authRoutes.profile, { method: 'PATCH', body, schema: userSchema });

export const changePassword = (body: { current_password: string; new_password: string }) =>
  apiRequest(authRoutes.password, { method: 'POST', body, schema: okSchema, queueOffline: false });

export const resendVerificationEmail = () =>
  apiRequest(authRoutes.resendVerification, { method: 'POST', schema: okSchema, queueOffline: false });
