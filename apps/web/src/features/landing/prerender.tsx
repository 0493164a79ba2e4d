import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LandingPage } from './landing-page';

/**
 * The landing page as a signed-out visitor sees it, rendered once at build time
 * (build-plugins/prerender-html): the server sends it as HTML and CSS, with no JavaScript.
 */
export function renderLanding(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/landing']}>
      <LandingPage signedIn={false} />
    </MemoryRouter>,
  );
}
