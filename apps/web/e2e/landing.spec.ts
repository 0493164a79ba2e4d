import { expect, test } from '@playwright/test';

test.describe('a visitor who is not signed in', () => {
  test('lands on /landing from the root and can choose to sign in or create an account', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/landing$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('link', { name: 'Sign in' })
        .or(page.getByRole('button', { name: 'Sign in' }))
        .first(),
    ).toBeVisible();
    const create = page
      .getByRole('link', { name: 'Create account' })
      .or(page.getByRole('button', { name: 'Create account' }))
      .first();
    await expect(create).toBeVisible();
    await create.click();
    await expect(page).toHaveURL(/\/api\/auth\/login\?.*screen_hint=signup/);
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  });

  test('/register shows the spinner label and goes to the sign-up page', async ({ page }) => {
    await page.route('**/api/auth/login?**', async (route) => {
      // Hold the navigation briefly so the spinner's label can be seen.
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    });
    await page.goto('/register');
    await expect(page.getByText('Create an Account')).toBeVisible();
    await expect(page).toHaveURL(/screen_hint=signup/);
  });

  test('a protected page sends them to sign in and remembers where they were', async ({ page }) => {
    await page.goto('/portfolios?tab=all');
    await expect(page).toHaveURL(/\/api\/auth\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('return_to')).toBe('/portfolios?tab=all');
    expect(url.searchParams.get('prompt')).toBe('login');
  });

  test('an unknown path shows the 404 page, and Go to Terminal goes to /', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(
      page.getByText("The page you are looking for doesn't exist or has been moved."),
    ).toBeVisible();
    await page
      .getByRole('button', { name: 'Go to Terminal' })
      .or(page.getByRole('link', { name: 'Go to Terminal' }))
      .first()
      .click();
    // Signed out, the root then forwards to the landing page.
    await expect(page).toHaveURL(/\/(landing)?$/);
  });

  test('unknown API paths answer 404 in the error envelope', async ({ request }) => {
    const res = await request.get('/api/v2/nothing-here/');
    expect(res.status()).toBe(404);
    const body = (await res.json()) as { error: { category: string } };
    expect(body.error.category).toBe('not_found');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/landing paints its content from HTML and CSS alone, with links to sign in', async ({ page }) => {
    await page.goto('/landing');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Know what you hold. Plan how you exit.' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/register');
    // The app's JavaScript is not part of the page at all.
    expect(await page.locator('script').count()).toBe(0);
  });

  test('the app shows its loading screen in the first paint, before any script runs', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('status')).toHaveText('Loading…');
  });
});

test('every script and stylesheet is immutable, and precompressed above 1 kB', async ({ page, request }) => {
  const assets: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/assets/') && /\.(js|css)$/.test(url.pathname)) assets.push(url.pathname);
  });
  await page.goto('/landing');
  await page.goto('/login');
  await expect(
    page.getByRole('button', { name: 'Sign in' }).or(page.getByRole('heading')).first(),
  ).toBeVisible();
  expect(assets.length).toBeGreaterThan(1);
  for (const path of new Set(assets)) {
    const plain = await request.get(path, { headers: { 'accept-encoding': 'identity' } });
    const res = await request.get(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    // The build leaves files under 1 kB uncompressed: headers would outweigh the saving.
    if ((await plain.body()).length >= 1024) expect(res.headers()['content-encoding'], path).toBe('br');
    expect(res.headers().vary?.toLowerCase(), path).toContain('accept-encoding');
    expect(res.headers()['cache-control'], path).toContain('immutable');
  }
  const index = await request.get('/dashboard', {
    headers: { accept: 'text/html', 'accept-encoding': 'br' },
  });
  expect(index.headers()['cache-control']).toBe('no-cache');
});
