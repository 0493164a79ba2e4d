import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import { render } from '@/test/testing-library';

/** Where a link or navigation led, for pages outside the one under test. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{`${location.pathname}${location.search}`}</p>;
}

/**
 * One page on its own route with the app's query client and toaster, starting at `path`.
 * Lighter than renderApp: no auth, layout or other features, so only the page's own calls happen.
 */
export function renderPage(page: ReactNode, { pattern, path }: { pattern: string; path: string }) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: pattern, element: page },
      { path: '*', element: <Elsewhere /> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router, client, ...view };
}
