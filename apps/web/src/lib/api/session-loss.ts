import { authMessages, authRoutes, errorCodes } from '@app/contracts';
import type { ApiError } from '@/lib/api/api-error';
import { apiFetch } from '@/lib/api/client';
import { browserLocation } from '@/lib/browser-location';
import { toast } from '@/lib/toast';

let leaving = false;

/**
 * The user chose to log out: the server session is about to end on purpose, so a request
 * that answers 401 in the moment before the browser leaves is not a lost session, and must
 * not send the browser somewhere else than the logout destination.
 */
export function markLoggingOut(): void {
  leaving = true;
}

/**
 * A 401/403 on an API path is a lost session. Tell the server (its failure is
 * ignored), then leave for the envelope's redirect, or the root.
 */
export async function handleSessionLoss(error: ApiError): Promise<void> {
  if (leaving) return;
  if (error.code === errorCodes.authExpiredToken) toast.error(authMessages.sessionExpired);
  try {
    await apiFetch(authRoutes.logout, { method: 'POST' });
  } catch {
    // A logout notification failure is ignored.
  }
  browserLocation.assign(error.redirect ?? '/');
}
