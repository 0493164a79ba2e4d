import { expect, type Page, test } from '@playwright/test';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { findLinkInOutbox } from './pages/outbox.ts';

test("a verified account's page opens with its heading, and while it has nothing yet its empty state, painted where the page then draws them", async ({
  page,
  browser,
}, info) => {
  await signUpVerified(page, `first-paint-${info.project.name}`);

  // Before any script runs: the loading screen, and the page's heading and (the account has no
  // projection yet) its empty state as a picture for the eye: hidden from assistive technology,
  // inert, the spinner clear of it.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  let painted: { heading: Box | null; empty: Box | null } = { heading: null, empty: null };
  try {
    const bare = await noScript.newPage();
    await bare.goto(new URL('/projections', page.url()).href);
    await expect(bare.getByRole('status')).toHaveText('Loading…');
    const frame = bare.locator('[data-painted-page-frame]');
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    await expect(frame).toHaveAttribute('inert', '');
    await expect(
      frame.getByText('Plan exits per coin: sell ladders, fees, price impact and sell tax.'),
    ).toBeVisible();
    const emptyText = frame.getByText('Create a projection for a coin, then plan the sells of your exit.');
    await expect(emptyText).toBeVisible();
    await expect(bare.getByRole('heading')).toHaveCount(0);
    const spinner = await bare.getByRole('status').boundingBox();
    const emptyBox = await frame.locator('[data-painted-empty-state] section').boundingBox();
    expect(spinner && emptyBox && spinner.y > emptyBox.y + emptyBox.height).toBe(true);
    painted = {
      heading: await frame.getByText('Projections', { exact: true }).boundingBox(),
      empty: await emptyText.boundingBox(),
    };
  } finally {
    await noScript.close();
  }

  // The app draws its own heading and empty state in those same places, and the painted ones are gone.
  await page.addInitScript(noteWhenShown, firstContent);
  await page.goto('/projections');
  const heading = page.getByRole('heading', { level: 1, name: 'Projections' });
  await expect(heading).toBeVisible();
  await expect(page.locator('[data-painted-page-frame]')).toHaveCount(0);
  const emptyText = page.getByText('Create a projection for a coin, then plan the sells of your exit.');
  await expect(emptyText).toBeVisible();
  expect(painted.heading).not.toBeNull();
  expect(corner(await heading.boundingBox())).toEqual(corner(painted.heading));
  expect(corner(await emptyText.boundingBox())).toEqual(corner(painted.empty));
  // The shell asked for the page's first data as it arrived, and the page took those answers: a
  // preload the app's request did not match (another URL, no credentials) would be asked again
  // before the page could draw them. (A later refetch, say once the event stream opens, is not.)
  await expect(page.getByRole('heading', { name: 'No projections available' })).toBeVisible();
  expect(
    await askedBeforeShown(page, '/api/v2/projections/exit-strategy/', firstContent.projections),
  ).toEqual(['link']);
  expect(await askedBeforeShown(page, '/api/v2/settings/', firstContent.projections)).toEqual(['link']);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: firstContent.dashboard })).toBeVisible();
  expect(await askedBeforeShown(page, '/api/v2/portfolios/', firstContent.dashboard)).toEqual(['link']);
  // Its empty state was painted: the shell leaves the page's code to the app (asked once, after
  // the HTML), as Lighthouse counts every request started before the largest paint.
  expect(await askedWhileParsing(page, '/assets/metrics-page-')).toEqual([false]);

  // With a portfolio, the page draws figures: its shell paints the heading alone and brings the
  // page's code (its module preloads), each chunk asked for once, while the HTML was parsed, so
  // by the HTML, not by the app's import of it.
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const created = await page.request.post('/api/v2/portfolios/', {
    data: { name: 'Main' },
    headers: { 'x-csrftoken': token },
  });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: firstContent.dashboard })).toHaveCount(0);
  for (const chunk of ['/assets/metrics-page-', '/assets/dashboard-schemas-']) {
    await expect.poll(() => askedWhileParsing(page, chunk)).toEqual([true]);
  }
});

/**
 * Signs up in the app and verifies the address: no email banner above the page, whose height the
 * server could not know. (The run's first account starts verified when no SMTP server is set.)
 */
async function signUpVerified(page: Page, name: string): Promise<void> {
  const account = newAccount(name);
  const auth = new ServerAuthPage(page);
  await page.goto('/projections');
  await auth.goToSignUp();
  await auth.signUp(account);
  await expect(page.getByRole('heading', { level: 1, name: 'Projections' })).toBeVisible();
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
}

test("the terminal opens with its source badge painted in the reader's clock, where the app then draws it", async ({
  page,
  browser,
}, info) => {
  await signUpVerified(page, `first-paint-terminal-${info.project.name}`);
  // The app has told the server the reader's locale and time zone.
  expect((await page.context().cookies()).find((c) => c.name === 'reader_clock')?.value).toMatch(
    /^[\w-]+\|[\w%/+-]+$/,
  );

  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
  });
  let painted: { text: string | null; box: Box | null } = { text: null, box: null };
  try {
    const bare = await noScript.newPage();
    await bare.goto(new URL('/', page.url()).href);
    const frame = bare.locator('[data-painted-page-frame]');
    await expect(frame).toHaveAttribute('inert', '');
    await expect(frame.getByText('Terminal', { exact: true })).toBeVisible();
    const badge = frame.locator('p');
    await expect(badge).toBeVisible();
    painted = { text: await badge.textContent(), box: await badge.boundingBox() };
  } finally {
    await noScript.close();
  }

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Terminal' })).toBeVisible();
  await expect(page.locator('[data-painted-page-frame]')).toHaveCount(0);
  const badge = page
    .getByRole('main')
    .getByRole('status')
    .filter({ hasText: painted.text ?? '' });
  await expect(badge).toHaveText(painted.text ?? 'no painted badge');
  expect(corner(await badge.boundingBox())).toEqual(corner(painted.box));
});

type Box = { x: number; y: number; width: number; height: number };

/** Where a box starts, to the pixel: the painted copy and the page's own text must line up. */
function corner(box: Box | null): { x: number; y: number } | null {
  return box && { x: Math.round(box.x), y: Math.round(box.y) };
}

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
    // The page's own headings: the server's painted copy is not the page drawing them.
    const headings = [...document.querySelectorAll('h2, h3')]
      .filter((h) => h.closest('[data-painted-page-frame]') === null)
      .map((h) => h.textContent);
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
