import type { FramedPath } from './page-headers';

/**
 * The modules a framed page runs before its first content, as paths under src/: the page's own
 * module, then what it loads lazily on the way (its first answers' schemas, a part it draws once
 * they arrive: app/routes' firstParts and the page's lazyPart preloads). The page's shell asks for
 * their chunks, and every chunk they import, as the HTML arrives (build-plugins/prerender-html),
 * so the page's first content does not wait on a chain of requests. The app fetches a chunk's imports only once the chunk has arrived and run
 * (vite.config.ts modulePreload), so the dashboard's empty state waited on six levels of requests
 * one after the other: the entry, the page, its imports, the schemas' loader, the schemas, the
 * sections. The build fails when a path here holds no module of the bundle.
 *
 * Only for pages whose first content waits for their code (an empty state, a list): there the
 * preloads bring the largest paint forward. A page whose largest paint is the heading the server
 * paints (/transactions, /insights) loses by them instead: Lighthouse counts every request started
 * before that paint, and these start with the HTML. For the same reason the shells that paint a
 * page's empty state for an account with nothing yet (frames/<page>.empty.html) carry none. The
 * paired Lighthouse runs behind both choices are in bench/README.md.
 */
export const pageModulePreloads: Partial<Record<FramedPath, readonly string[]>> = {
  '/dashboard': [
    'features/dashboard/metrics-page.tsx',
    'features/dashboard/api/dashboard-schemas.ts',
    'features/dashboard/components/metrics-sections.tsx',
  ],
  '/projections': [
    'features/projections/projections-page.tsx',
    'features/projections/api/projections-schemas.ts',
    'features/projections/components/all-projections-view.tsx',
  ],
};
