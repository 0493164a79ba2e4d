import { type Location, MemoryRouter, useLocation } from 'react-router';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/routes';
import { render } from '@/test/testing-library';

interface RouterView {
  state: { location: Location };
}

/** Records where the app is, for assertions after redirects. */
function LocationProbe({ into }: { into: RouterView }) {
  into.state.location = useLocation();
  return null;
}

/** The real route table and providers, in memory, starting at `path` (with a history entry's `state`). */
export function renderApp(path: string, options: { state?: unknown } = {}) {
  const url = new URL(path, 'http://localhost');
  const router: RouterView = {
    state: {
      location: { pathname: url.pathname, search: url.search, hash: '', state: null, key: 'initial' },
    },
  };
  const view = render(
    <Providers>
      <MemoryRouter
        initialEntries={[
          options.state === undefined
            ? path
            : { pathname: url.pathname, search: url.search, state: options.state },
        ]}
      >
        <LocationProbe into={router} />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
  return { router, ...view };
}
