import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Sonner = typeof import('sonner');
type Message = Parameters<typeof sonnerToast.success>[0];
type ToastId = string | number;

let sonner: Sonner | null = null;
let pending: Promise<Sonner> | null = null;
let counter = 0;

/**
 * No page needs Sonner to paint and it is not small, so it loads after the first render
 * (the Toaster starts it) or on the first toast, whichever comes first. Sonner keeps toasts made
 * before its Toaster subscribes, so none is lost while it loads.
 */
export function loadSonner(): Promise<Sonner> {
  pending ??= import('sonner').then((module) => {
    sonner = module;
    return module;
  });
  return pending;
}

function show(
  kind: 'success' | 'error' | 'warning' | 'info' | 'loading',
  message: Message,
  options?: ExternalToast,
): ToastId {
  // The id is chosen here so callers can update a toast (loading → success) before sonner loads.
  const id = options?.id ?? `toast-${++counter}`;
  const withId = { ...options, id };
  if (sonner) sonner.toast[kind](message, withId);
  else void loadSonner().then((module) => module.toast[kind](message, withId));
  return id;
}

/** The toast calls the app makes, with sonner's signatures. */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  loading: (message: Message, options?: ExternalToast) => show('loading', message, options),
  dismiss: (id: ToastId) => {
    if (sonner) sonner.toast.dismiss(id);
    else void loadSonner().then((module) => module.toast.dismiss(id));
  },
};
