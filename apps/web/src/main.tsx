import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { notePaintedDemoBanner, PaintedDemoBanner } from '@/app/layout/market-mode-banner';
import { Providers } from '@/app/providers';
import { AppRoutes, preloadPageAt } from '@/app/routes';
import { LoadingFloor, loadingScreenMinMs, loadingScreenPaintedAt } from '@/components/ui/loading-floor';
import { PaintedPageFramePicture } from '@/components/ui/painted-page-frame-picture';
import { beginSessionCheck, likelySignedIn } from '@/features/auth';
import { runEffectsBeforeInput } from '@/lib/effects-before-input';
import { marketStatusQuery, warmLocalTime } from '@/lib/market';
import { notePaintedPageFrame } from '@/lib/painted-page-frame';
import { applyPreferences, usePreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';
import { rememberReaderClock } from '@/lib/reader-clock';
import { yieldToMain } from '@/lib/yield-to-main';

// Apply the stored theme before the first paint; the CSP forbids an inline script in index.html.
applyPreferences(usePreferences.getState());

// What every signed-in page's first paint waits for starts before React's first render, which it
// used to follow: the session check, the market status the layout's banner needs, and
// for a returning user the page's own code. (Loading the page's code here once made Lighthouse's
// LCP worse: the LCP element was the layout's banner, which the page's code then competed with.
// The server now paints that banner for a signed-in page in demo mode.)
beginSessionCheck();
const queryClient = createQueryClient();
void queryClient.prefetchQuery({ ...marketStatusQuery(), retry: false });
void start();

/**
 * The rest of start-up, cut into tasks: evaluating the entry, starting its requests and drawing the
 * first tree were one long task, all of it blocking time on a slow phone. Each part now gives the
 * main thread back before the next; the requests are on their way.
 */
async function start(): Promise<void> {
  await yieldToMain();
  // Never rejects: a failed load is tried again when the page renders.
  if (likelySignedIn()) void preloadPageAt(window.location.pathname);

  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html is missing #root');
  // index.html's loading screen is on screen: it stays at least the spec's 500 ms.
  const floor = root.querySelector('[data-loading-screen]')
    ? loadingScreenPaintedAt() + loadingScreenMinMs
    : null;
  notePaintedDemoBanner(document);
  notePaintedPageFrame(document);

  runEffectsBeforeInput();
  await yieldToMain();
  // The session check is in flight and the loading screen painted: the locale data's load costs
  // nothing here, where it fell inside the render that first shows a source badge. Left to an
  // idle callback it often ran after that render.
  warmLocalTime();
  rememberReaderClock();
  await yieldToMain();
  // The browser build renders with preact/compat (build-plugins/preact-aliases), which draws this
  // first tree in one task; the loading screen above stays on screen meanwhile.
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
      {floor !== null && (
        <LoadingFloor until={floor}>
          <PaintedDemoBanner as="picture" />
          <PaintedPageFramePicture />
        </LoadingFloor>
      )}
    </StrictMode>,
  );
}
