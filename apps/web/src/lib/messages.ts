/**
 * Client-only wording the spec does not quote (network and offline states). Spec-quoted
 * messages live in @app/contracts and are never retyped here.
 */
export const clientMessages = {
  network: 'Unable to reach the server. Please check your connection.',
  timeout: 'The request took too long. Please try again.',
  queuedOffline: 'You are offline. Your change will be sent when the connection returns.',
  invalidResponse: 'The server sent a response this page does not understand.',
  retry: 'Retry',
} as const;
