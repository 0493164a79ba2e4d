import { authMessages, categoryMessages, errorCodes } from '@app/contracts';
import type { ApiError } from '@/lib/api/api-error';

export interface ErrorPresentation {
  level: 'warning' | 'error';
  message: string;
  description?: string;
  /** External failures offer a retry. */
  retry: boolean;
  /** auth_expired_token: the caller logs out. */
  sessionExpired: boolean;
}

function fieldSummary(error: ApiError): string | undefined {
  const lines = Object.entries(error.fieldErrors).map(
    ([field, messages]) => `${field}: ${messages.join(' ')}`,
  );
  return lines.length > 0 ? lines.join('\n') : undefined;
}

/** Server error envelope: how each category is worded and how loud it is. */
export function describeApiError(error: ApiError): ErrorPresentation {
  const base = { retry: false, sessionExpired: false };
  if (error.category === 'auth' && error.code === errorCodes.authExpiredToken) {
    return { ...base, level: 'error', message: authMessages.sessionExpired, sessionExpired: true };
  }
  if (error.status === 403) return { ...base, level: 'error', message: authMessages.forbidden };
  if (error.status === 401) return { ...base, level: 'error', message: authMessages.authenticationFailed };
  switch (error.category) {
    case 'not_found':
    case 'business':
      return { ...base, level: 'warning', message: error.message };
    case 'validation': {
      const description = fieldSummary(error);
      return {
        ...base,
        level: 'warning',
        message: categoryMessages.validation,
        ...(description === undefined ? {} : { description }),
      };
    }
    case 'external':
      return { ...base, level: 'error', message: categoryMessages.external, retry: true };
    case 'network':
      return { ...base, level: 'error', message: error.message, retry: !error.isTimeout };
    default:
      return {
        ...base,
        level: 'error',
        message: categoryMessages.unexpected,
        description: categoryMessages.supportHint,
      };
  }
}
