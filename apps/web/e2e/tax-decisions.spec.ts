import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ApiSeed, InsightsPage } from './pages/insights-page.ts';
import { signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';
import { TaxPage } from './pages/tax-page.ts';

/*
 * Tax decisions at both widths: a sale entered on the form naming its lot (specific
 * identification, US rule) is the lot the realized-gains report uses; and a lot bought 350 days
 * ago at a gain shows "Wait N days: saves …" in the Tax page's "Decisions this year" and on the
 * Oracle's tax timing card: the tax now less the tax after, at the account's rates.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });
test.describe.configure({ timeout: 90_000 });

const dayMs = 86_400_000;
const shots = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-b';

async function patch(page: Page, path: string, data: unknown): Promise<void> {
  await page.request.get('/api/auth/csrf/');
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await page.request.patch(path, { headers: { 'X-CSRFToken': token }, data });
  expect(res.ok(), `PATCH ${path}: ${await res.text()}`).toBe(true);
}

/** A signed-in account on the US rule (32 % short-term, 15 % long-term) with one portfolio. */
async function usAccount(page: Page, tag: string): Promise<{ seed: ApiSeed; portfolioId: string }> {
  await signUpAt(page, '/portfolios', tag);
  const seed = new ApiSeed(page);
  const portfolio = await seed.post('/api/v2/portfolios/', { name: 'Main' });
  await patch(page, '/api/v2/settings/', { cost_basis_method: 'fifo' });
  await patch(page, '/api/v2/tax/settings/', { rule: 'us', short_rate: '32', long_rate: '15' });
  return { seed, portfolioId: portfolio.id ?? '' };
}

const buy = (seed: ApiSeed, portfolioId: string, quantity: string, price: string, date: string) =>
  seed.post('/api/v2/transactions/', {
    portfolio_id: portfolioId,
    coin_id: 'bitcoin',
    type: 'buy',
    quantity,
    price_per_coin: price,
    fee: '0',
    date,
    note: '',
  });

test('a sale entered naming its lot is the lot the realized-gains report uses', async ({ page }, info) => {
  const { seed, portfolioId } = await usAccount(page, `taxlot-${info.project.name}`);
  // FIFO alone would sell the January lot; the sale names the June one.
  await buy(seed, portfolioId, '1', '20000', '2024-01-10T12:00:00Z');
  await buy(seed, portfolioId, '1', '60000', '2024-06-01T12:00:00Z');

  const t = new TransactionsPage(page);
  await t.goto();
  await page.getByRole('button', { name: 'New transaction' }).click();
  await t.fill({ type: 'Sell', coin: 'bitcoin', quantity: '0.5', price: '70000', date: '2024-09-02T12:00' });
  const lots = t.form.getByRole('group', { name: 'Choose lots' });
  await lots.getByRole('checkbox', { name: /Name the lots this sale sells/ }).check();
  await lots.getByLabel('Quantity from the lot of Jun 1, 2024 (1 left)').fill('0.5');
  await expect(lots.getByText('Chosen 0.5 of 0.5')).toBeVisible();
  await t.form.getByRole('button', { name: 'Add transaction' }).click();
  await expect(t.form).toBeHidden();

  await page.goto('/tax?view=report&year=2024');
  const tax = new TaxPage(page);
  const disposals = tax.disposals;
  await expect(disposals).toBeVisible();
  // The one line of the sale: the chosen June lot, 0.5 of it, short-term, and not the January lot.
  await expect(disposals.getByText('Chosen lot')).toHaveCount(1);
  await expect(disposals.getByText('Jun 1, 2024', { exact: true })).toHaveCount(1);
  await expect(disposals.getByText('Jan 10, 2024', { exact: true })).toHaveCount(0);
  // 0.5 × 70,000 − 0.5 × 60,000 = 5,000 of gain.
  await expect(disposals.getByText('$5,000.00').first()).toBeVisible();
});

test('a lot bought 350 days ago at a gain: "wait N days" on the Tax page and on the Oracle card', async ({
  page,
}, info) => {
  const { seed, portfolioId } = await usAccount(page, `taxwait-${info.project.name}`);
  // Noon UTC 350 days before the server's today (the same machine's clock): the US rule counts days in UTC.
  const today = Math.floor(Date.now() / dayMs);
  const boughtOn = new Date((today - 350) * dayMs);
  const bought = new Date(boughtOn.getTime() + 12 * 3_600_000).toISOString();
  // Held one year or less is short-term: long-term from the day after the anniversary.
  const anniversary = Date.UTC(boughtOn.getUTCFullYear() + 1, boughtOn.getUTCMonth(), boughtOn.getUTCDate());
  const days = anniversary / dayMs + 1 - today;
  await buy(seed, portfolioId, '0.1', '1000', bought);

  const res = await page.request.get('/api/v2/tax/decisions/');
  expect(res.ok()).toBe(true);
  const decisions = (await res.json()) as {
    waits: { days_to_wait: number; price: string; saving: string; tax_now: string; tax_after: string }[];
  };
  const wait = decisions.waits[0];
  expect(wait, 'the lot turns long-term within 30 days').toBeDefined();
  if (!wait) return;
  expect(wait.days_to_wait).toBe(days);
  // Sold now the gain 0.1 × (price − 1,000) is taxed at 32 %, after the wait at 15 %: 17 % of it saved.
  const gain = 0.1 * (Number(wait.price) - 1000);
  expect(Math.abs(Number(wait.saving) - gain * 0.17)).toBeLessThan(1e-6);
  // The demo market moves while the journey runs: the page's figures are read from the page.
  const money = String.raw`\$[\d,]+\.\d\d`;
  const amount = (text: string) => Number(text.replace(/[$,]/g, ''));

  await page.goto('/tax');
  const section = page.getByRole('region', { name: 'Decisions this year' });
  const item = section.getByRole('listitem').filter({ hasText: new RegExp(`^Wait ${days} days: saves`) });
  await expect(item.getByText(new RegExp(`^Wait ${days} days: saves ${money} at your rate$`))).toBeVisible();
  const shown = (await item.textContent()) ?? '';
  const [, saved = '', now = '', after = ''] =
    new RegExp(`saves (${money}).*Tax selling now(${money}).*Tax selling on .+?(${money})`).exec(shown) ?? [];
  // The saving is the tax now less the tax after: 32 % and 15 % of the same gain.
  expect(Math.abs(amount(saved) - (amount(now) - amount(after)))).toBeLessThanOrEqual(0.011);
  expect(Math.abs(amount(after) - (amount(now) * 15) / 32)).toBeLessThanOrEqual(0.011);
  await expect(section.getByText('Estimate, not advice', { exact: true })).toBeVisible();
  await expect(section).toContainText('United States rule');
  await expect(section.getByText(/No wash-sale rule applies to crypto as of 2026-12-04/)).toBeVisible();
  await expect(section.getByText(/Source: IRC §1091; IRS Notice 2014-21, checked Dec 4, 2026/)).toBeVisible();
  // Every figure fits the width: nothing of the section is cut off at 390 px.
  const box = await section.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.x + box.width <= viewport.width).toBe(true);
  mkdirSync(shots, { recursive: true });
  await section.screenshot({ path: `${shots}/decisions-${info.project.name}.png` });

  const oracle = new InsightsPage(page);
  await oracle.goto();
  const card = oracle.card('Tax timing');
  await expect(card).toContainText(new RegExp(`wait ${days} days: saves ${money} at your rate`));
  await expect(card).toContainText('Estimate, not advice (United States rule).');
  await expect(card.getByText('Estimate', { exact: true })).toBeVisible();
  const why = await oracle.why('Tax timing');
  await expect(why.getByRole('table', { name: 'Sell now or wait' })).toBeVisible();
  await expect(why).toContainText('No wash-sale rule applies to crypto as of 2026-12-04');
  await card.screenshot({ path: `${shots}/oracle-card-${info.project.name}.png` });
});
