import { isApiError } from '@/lib/api/api-error';
import { describeApiError } from '@/lib/api/error-presentation';
import { clientMessages } from '@/lib/messages';
import { toast } from '@/lib/toast';

/** Toasts: default 6 s, maximum 20. */
export const toastDefaults = { durationMs: 6_000, maxVisible: 20 } as const;

/** Shows an API failure the way its error category words it; other errors fall back to the unexpected message. */
export function notifyError(error: unknown, onRetry?: () => void): void {
  if (!isApiError(error)) {
    toast.error(error instanceof Error ? error.message : String(error));
    return;
  }
  const view = describeApiError(error);
  const action =
    view.retry && onRetry !== undefined ? { label: clientMessages.retry, onClick: onRetry } : undefined;
  const options = {
    ...(view.description === undefined ? {} : { description: view.description }),
    ...(action === undefined ? {} : { action }),
  };
  if (view.level === 'warning') toast.warning(view.message, options);
  else toast.error(view.message, options);
}
