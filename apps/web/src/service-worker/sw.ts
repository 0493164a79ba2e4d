import { addRoute, cleanupOutdatedCaches, matchPrecache, precache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

/** The app shell: index.html of the same build as every precached asset it names. */
const shell = 'index.html';

/**
 * Navigations go to the network first, so a deploy is seen on the next load and the server keeps
 * deciding what a URL shows (the pre-rendered /landing without a session, 404s, redirects). Only
 * when the network fails does the precached shell answer, and the app renders the route itself.
 * Server pages (/api/…: sign-in, sign-up, docs) and the health check are never answered from here.
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const cached = await matchPrecache(shell);
        if (cached) return cached;
        throw error;
      }
    },
    { denylist: [/^\/api(\/|$)/, /^\/health-check/] },
  ),
);

// Hashed assets never change under one URL: served from the precache, which the next
// service worker replaces whole. cleanURLs off: /landing must not become landing.html.
precache(self.__WB_MANIFEST);
addRoute({ cleanURLs: false });
cleanupOutdatedCaches();

// A new build takes over at once: its precache holds a consistent shell + assets pair.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
