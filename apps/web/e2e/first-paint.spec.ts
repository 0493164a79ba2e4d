import { expect, type Page, test } from '@playwright/test';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { findLinkInOutbox } from './pages/outbox.ts';

test("a verified account's page opens with its heading painted where the page then draws it (issue 15)", async ({
  page,
  browser,
}, info) => {
  const account = newAccount(`first-paint-${info.project.name}`);
  const auth = new ServerAuthPage(page);
  await page.goto('/projections');
  await auth.goToSignUp();
  await auth.signUp(account);
  await expect(page.getByRole('heading', { level: 1, name: 'Projections' })).toBeVisible();
  // Verified: no email banner above the page, whose height the server could not know. (The run's
  // first account starts verified when no SMTP server is set.)
  const me = (await (await page.request.get('/api/auth/me')).json()) as { email_verified: boolean };
  if (!me.email_verified) {
    let emailed = '';
    await expect
      .poll(() => {
        try {
          emailed = findLinkInOutbox(account.email, '/api/auth/verify-email?token=');
        } catch {
          // Not written yet.
        }
        return emailed;
      })
      .not.toBe('');
    const link = new URL(emailed);
    await page.goto(`${link.pathname}${link.search}`);
  }

  // Before any script runs: the loading screen, and the page's heading as a picture for the eye.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  let painted: { x: number; y: number } | null = null;
  try {
    const bare = await noScript.newPage();
    await bare.goto(new URL('/projections', page.url()).href);
    await expect(bare.getByRole('status')).toHaveText('Loading…');
    const frame = bare.locator('[data-painted-page-frame]');
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await expect(
      frame.getByText('Plan exits per coin: sell ladders, fees, price impact and sell tax.'),
    ).toBeVisible();
    await expect(bare.getByRole('heading')).toHaveCount(0);
    painted = await frame.getByText('Projections', { exact: true }).boundingBox();
  } finally {
    await noScript.close();
  }

  // The app draws its own heading in that same place, and the painted one is gone.
  await page.addInitScript(noteWhenShown, firstContent);
  await page.goto('/projections');
  const heading = page.getByRole('heading', { level: 1, name: 'Projections' });
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-painted-page-frame]')).toHaveCount(0);
  const drawn = await heading.boundingBox();
  expect(painted).not.toBeNull();
  expect({ x: drawn?.x, y: drawn?.y }).toEqual({ x: painted?.x, y: painted?.y });
  // The shell asked for the page's first data as it arrived, and the page took those answers: a
  // preload the app's request did not match (another URL, no credentials) would be asked again
  // before the page could draw them. (A later refetch, say once the event stream opens, is not.)
  await expect(page.getByRole('heading', { name: 'No projections available' })).toBeVisible();
  expect(
    await askedBeforeShown(page, '/api/v2/projections/exit-strategy/', firstContent.projections),
  ).toEqual(['link']);
  expect(await askedBeforeShown(page, '/api/v2/settings/', firstContent.projections)).toEqual(['link']);

  await page.goto('/dashboard');
  await expect(page.getByText(firstContent.dashboard)).toBeVisible();
  expect(await askedBeforeShown(page, '/api/v2/portfolios/', firstContent.dashboard)).toEqual(['link']);
  // The page's code came with the shell too (its module preloads): each chunk asked for once, and
  // while the HTML was parsed, so by the HTML, not by the app's import of it.
  for (const chunk of ['/assets/metrics-page-', '/assets/dashboard-schemas-']) {
    expect(await askedBeforeShown(page, chunk, firstContent.dashboard, { prefix: true })).toHaveLength(1);
    expect(await askedWhileParsing(page, chunk)).toEqual([true]);
  }
});

/**
 * The heading each page's empty state draws once its first answers are in, for a new account. A
 * heading: the projection switcher says 'No projections available' while the list is on its way.
 */
const firstContent = { projections: 'No projections available', dashboard: 'No portfolios yet' };

/** Runs in the page before its scripts: notes when a heading with each text is first drawn. */
function noteWhenShown(texts: Record<string, string>): void {
  const shown: Record<string, number> = {};
  Object.assign(window, { shownAt: shown });
  new MutationObserver(() => {
    const headings = [...document.querySelectorAll('h2, h3')].map((h) => h.textContent);
    for (const text of Object.values(texts))
      if (!(text in shown) && headings.includes(text)) shown[text] = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/**
 * For each request for a chunk (by the start of its hashed name): whether it went out while the
 * HTML was still being parsed. Only the HTML can have asked for it then: the app's entry is a
 * module script, which runs once parsing is done, so the app's own import (whose initiator
 * Resource Timing reports as a preload's, `other`) comes later. (The entry's own arrival is no
 * mark: from the browser's cache it can come before the preloads are even read.)
 */
function askedWhileParsing(page: Page, chunk: string): Promise<boolean[]> {
  return page.evaluate((prefix) => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.name.startsWith(prefix))
      .map((e) => navigation !== undefined && e.startTime < navigation.domInteractive);
  }, new URL(chunk, page.url()).href);
}

/**
 * Who asked the server for `path` (every path it begins, with `prefix`: a chunk's hashed name)
 * before `text` was first in the page, once per request (Resource Timing): `link` for the shell's
 * data preload, `fetch` for the app's own request.
 */
function askedBeforeShown(
  page: Page,
  path: string,
  text: string,
  { prefix = false }: { prefix?: boolean } = {},
): Promise<string[]> {
  return page.evaluate(
    ({ url, text, prefix }) => {
      const shownAt = (window as unknown as { shownAt: Record<string, number> }).shownAt[text] ?? Infinity;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => (prefix ? entry.name.startsWith(url) : entry.name === url))
        .filter((entry) => entry.startTime < shownAt)
        .map((entry) => (entry as PerformanceResourceTiming).initiatorType);
    },
    { url: new URL(path, page.url()).href, text, prefix },
  );
}
