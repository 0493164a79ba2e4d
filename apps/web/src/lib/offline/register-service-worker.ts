/**
 * Registers the service worker built by vite-plugin-pwa (src/service-worker/sw.ts) after the page
 * has loaded, so its precaching never competes with the first paint. Dev builds have none.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed; the app works, but not offline', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
