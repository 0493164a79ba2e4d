import { apiBase, authRoutes } from '@app/contracts';
import { safeReturnPath } from '@app/core';

/** The server-rendered sign-in page; reached by full-page navigation only. */
export function loginUrl(returnTo: string | null | undefined, mode: 'login' | 'signup' = 'login'): string {
  const path = encodeURIComponent(safeReturnPath(returnTo ?? undefined));
  const hint = mode === 'signup' ? 'screen_hint=signup' : 'prompt=login';
  return `${apiBase}${authRoutes.login}?return_to=${path}&${hint}`;
}

/** Where a failed logout request still sends the browser. */
export const plainLogoutPath = '/landing';
