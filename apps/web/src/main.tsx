import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { AppRoutes } from '@/app/routes';
import { LoadingFloor, loadingScreenMinMs, loadingScreenPaintedAt } from '@/components/ui/loading-floor';
import { beginSessionCheck } from '@/features/auth';
import { marketStatusQuery } from '@/lib/market';
import { applyPreferences, usePreferences } from '@/lib/preferences';
import { createQueryClient } from '@/lib/query-client';

// Apply the stored theme before the first paint; the CSP forbids an inline script in index.html.
applyPreferences(usePreferences.getState());

// What every signed-in page's first paint waits for starts before React's first render, which it
// used to follow (issue 15): the session check and the market status the layout's banner needs.
// (Loading the page's code here too was tried: Lighthouse's LCP got worse in three pairs of runs.)
const sessionAsked = beginSessionCheck();
const queryClient = createQueryClient();
void queryClient.prefetchQuery({ ...marketStatusQuery(), retry: false });

const root = document.getElementById('root');
if (root === null) throw new Error('index.html is missing #root');
// index.html's loading screen is on screen: it stays at least the spec's 500 ms (issue 15).
const floor = root.querySelector('[data-loading-screen]')
  ? loadingScreenPaintedAt() + loadingScreenMinMs
  : null;

// Preact draws the first tree in one task, and it shows nothing index.html does not already show
// (the loading screen). Made in the task that loads this module, it held back the session status
// request, which can only go in a later task once the (preloaded) CSRF answer is read, and every
// signed-in page's first paint waits for that status (issue 15). So the render waits until the
// status has been asked for, or at most `firstRenderWaitMs` if the CSRF answer is slow.
const firstRenderWaitMs = 300;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
      {floor !== null && <LoadingFloor until={floor} />}
    </StrictMode>,
  );
let rendered = false;
const renderOnce = () => {
  if (rendered) return;
  rendered = true;
  render();
};
void sessionAsked.then(() => setTimeout(renderOnce, 0));
setTimeout(renderOnce, firstRenderWaitMs);
