import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PortfoliosPage, signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

/** The account the fake Kraken beside the server serves (see playwright.config.ts). */
const account = JSON.parse(readFileSync(new URL('./fixtures/e2e-kraken.json', import.meta.url), 'utf8')) as {
  keys: { label: string; api_key: string; secret: string }[];
};

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test('exchanges: connect Kraken, watch it sync, decide a possible duplicate and a proposed transfer, and see Tax change', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  // Each width reads the account with a key of its own: one key's nonces must only ever grow.
  const key = account.keys.find((k) => k.label === info.project.name);
  if (!key) throw new Error(`fixtures/e2e-kraken.json has no key for ${info.project.name}`);
  await signUpAt(page, '/portfolios', `exchange-${info.project.name}`);
  const portfolios = new PortfoliosPage(page);
  await portfolios.create('Kraken');
  await portfolios.create('Cold storage');

  // Typed by hand before the account was connected: the bitcoin bought on Kraken, twice by
  // mistake, and the bitcoin that then arrived in cold storage, whose cost is not known there.
  const txs = new TransactionsPage(page);
  await txs.goto();
  for (let i = 0; i < 2; i += 1) {
    await page.getByRole('button', { name: 'New transaction' }).click();
    await txs.form.getByLabel('Portfolio').selectOption({ label: 'Kraken' });
    await txs.fill({ coin: 'bitcoin', quantity: '0.2', price: '70000', date: '2026-11-02T10:00' });
    await txs.form.getByRole('button', { name: 'Add transaction' }).click();
    await expect(txs.form).toBeHidden();
  }
  await page.getByRole('button', { name: 'New transaction' }).click();
  await txs.form.getByLabel('Portfolio').selectOption({ label: 'Cold storage' });
  await txs.fill({
    type: 'Transfer in',
    coin: 'bitcoin',
    quantity: '0.1',
    price: '',
    date: '2026-11-03T13:00',
  });
  await txs.form.getByRole('button', { name: 'Add transaction' }).click();
  await expect(txs.form).toBeHidden();

  await page.goto('/tax');
  await expect(page.getByText('1 lot has no cost: figures exclude it').first()).toBeVisible();

  // Connect the exchange account with its read-only key; the first sync starts at once.
  await page.goto('/settings/connections');
  await page.getByRole('button', { name: 'Connect a wallet' }).click();
  const form = page.getByRole('form', { name: /^Connect/ });
  await form.getByRole('radio', { name: 'Exchange account' }).check();
  await form.getByLabel('Exchange', { exact: true }).selectOption('kraken');
  await form.getByLabel('Portfolio').selectOption({ label: 'Kraken' });
  await form.getByRole('textbox', { name: 'Label' }).fill('Kraken account');
  await form.getByLabel('API key', { exact: true }).fill(key.api_key);
  await form.getByLabel('Private key', { exact: true }).fill(key.secret);
  await form.getByRole('button', { name: 'Connect' }).click();
  const card = page.getByRole('article', { name: /Kraken account/ });
  await expect(card.getByText('Up to date')).toBeVisible({ timeout: 45_000 });
  // The key itself is never shown again.
  await expect(page.getByText(key.secret)).toHaveCount(0);

  // The Kraken buy matches both rows typed by hand: it waits for its owner to say which it is.
  await card.getByRole('link', { name: 'Kraken account' }).click();
  const waiting = page.getByRole('region', { name: 'Waiting for you' });
  const held = waiting.getByRole('article', { name: 'Buy 0.2 Bitcoin' });
  await expect(held.getByText(/^May already be in this portfolio/)).toBeVisible({ timeout: 15_000 });
  const candidates = held.getByRole('region', { name: 'Already in the portfolio' }).getByRole('listitem');
  await expect(candidates).toHaveCount(2);
  await held.getByRole('button', { name: 'Same transaction', exact: true }).first().click();
  await expect(held.getByText('Decided: books at the next sync.')).toBeVisible();
  // The decision asks for a sync, which books the record: it leaves the list.
  await expect(held).toHaveCount(0, { timeout: 30_000 });

  // The withdrawal is already counted as a transfer to cold storage, and its row says so.
  await expect(
    page
      .getByRole('article', { name: /^Sent 0\.1 Bitcoin/ })
      .getByText(/Counted as a transfer to Cold storage/),
  ).toBeVisible();

  // The withdrawal and the deposit in cold storage an hour later are proposed as one transfer,
  // which the books already count: the lot in cold storage now has the Kraken buy's cost.
  await page.goto('/transfers');
  const proposed = page.getByRole('region', { name: 'Proposed' });
  await proposed.getByRole('button', { name: /^Confirm 0\.1 Bitcoin from Kraken to Cold storage/ }).click();
  await expect(page.getByRole('region', { name: 'Matched' }).getByText('Cold storage').first()).toBeVisible();

  // Confirmed, the withdrawal no longer waits on the connection's page to be told what it was.
  await page.goto('/settings/connections');
  await page.getByRole('link', { name: 'Kraken account' }).click();
  await expect(page.getByRole('heading', { name: 'Kraken account', level: 1 })).toBeVisible();
  await expect(page.getByRole('article', { name: /^Sent 0\.1 Bitcoin/ })).toHaveCount(0);

  await page.goto('/tax');
  await expect(page.getByRole('region', { name: 'Lots of bitcoin' })).toBeVisible();
  await expect(page.getByText('1 lot has no cost: figures exclude it')).toHaveCount(0);
});
