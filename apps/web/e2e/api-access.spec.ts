import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ApiAccessPage } from './pages/api-access-page.ts';
import { PortfoliosPage, signUpAt } from './pages/portfolio-pages.ts';

// Settings → API access at this project's width: a token made in the page works as a bearer token
// from outside the browser, within the one portfolio it was given, and stops the moment it is revoked.
test.describe.configure({ timeout: 60_000 });

test('create a token, use it as a bearer token, see its use, revoke it, and it is refused', async ({
  page,
  request,
}, info) => {
  await signUpAt(page, '/portfolios', `tokens-${info.project.name}`);
  const portfolios = new PortfoliosPage(page);
  await portfolios.create('Scripted');
  await portfolios.create('Private');

  const settings = new ApiAccessPage(page);
  await settings.openFromSettings();
  await expect(page.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
  const token = await settings.create('Nightly export', ['Scripted']);
  await expect(settings.notice).toContainText('It will not be shown again');
  const card = settings.card('Nightly export');
  await expect(card).toContainText(`${token.slice(0, 12)}…`);
  await expect(card).toContainText('Scripted');

  // The page fits the width and passes axe with the new token and its card on screen.
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);

  // `request` carries no cookie of the page's session: only the token speaks for the user.
  const bearer = { Authorization: `Bearer ${token}` };
  const used = await request.get('/api/v2/portfolios/', { headers: bearer });
  expect(used.status()).toBe(200);
  const body = (await used.json()) as { results: { name: string }[] };
  expect(body.results.map((p) => p.name)).toEqual(['Scripted']);

  // Dismissed, the token is nowhere on the page; its card shows where it was last used from.
  await settings.notice.getByRole('button', { name: 'Done' }).click();
  await expect(settings.notice).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await page.reload();
  await expect(card).toContainText('from 127.0.0.1');
  // The use is written just after the answer: the activity may need a second look.
  await expect(async () => {
    const toggle = card.getByRole('button', { name: 'Activity of Nightly export' });
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await toggle.click();
    await expect(card.getByRole('table')).toContainText('GET /api/v2/portfolios/', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(card.getByRole('row').nth(1)).toContainText('200');

  await settings.revoke('Nightly export');
  await expect(card).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No tokens yet' })).toBeVisible();
  await expect(page.getByText('Token “Nightly export” revoked')).toBeVisible();

  const refused = await request.get('/api/v2/portfolios/', { headers: bearer });
  expect(refused.status()).toBe(401);
});
