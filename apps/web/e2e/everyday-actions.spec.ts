import { expect, type Page, test } from '@playwright/test';
import { OfflinePanel } from './pages/offline.ts';
import { signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

/** A portfolio with a few holdings, so its page is taller than a screen above the transactions. */
async function seedPortfolio(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token };
  const created = await page.request.post('/api/v2/portfolios/', {
    headers,
    data: { name: 'Main', description: '', portfolio_type: 'manual' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  for (const [coin_id, quantity, price_per_coin, date] of [
    ['bitcoin', '0.5', '40000', '2024-01-05T10:00:00Z'],
    ['ethereum', '2', '2500', '2024-02-05T10:00:00Z'],
    ['solana', '10', '100', '2024-03-05T10:00:00Z'],
  ] as const) {
    const res = await page.request.post('/api/v2/transactions/', {
      headers,
      data: { portfolio_id: id, coin_id, type: 'buy', quantity, price_per_coin, fee: '0', date },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return id;
}

test('"Add transaction" on a portfolio page brings the form into view with the cursor in its first field', async ({
  page,
}, info) => {
  await signUpAt(page, '/portfolios', `reveal-${info.project.name}`);
  const id = await seedPortfolio(page);
  await page.goto(`/portfolios/${id}`);
  await expect(page.getByRole('heading', { name: 'Main', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add transaction' }).click();
  const form = page.getByRole('form', { name: 'Add transaction' });
  await expect(form).toBeInViewport();
  await expect(form.getByLabel('Portfolio')).toBeFocused();
  // Editing a row far down the list brings the form back into view as well.
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();
  await page.getByRole('button', { name: /^Edit/ }).last().click();
  const edit = page.getByRole('form', { name: 'Edit transaction' });
  await expect(edit).toBeInViewport();
  await expect(edit.getByLabel('Portfolio')).toBeFocused();
});

test('"Add to watchlist" on a coin page and on a market row, with the list chosen there', async ({
  page,
}, info) => {
  await signUpAt(page, '/terminal', `watch-${info.project.name}`);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const made = await page.request.post('/api/v2/terminal/watchlists/', {
    headers: { 'x-csrftoken': token },
    data: { name: 'Majors' },
  });
  expect(made.ok()).toBe(true);

  await page.goto('/cryptocurrencies/bitcoin');
  await page.getByRole('button', { name: 'Add to watchlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Bitcoin to a watchlist' });
  await expect(dialog.getByLabel('Watchlist', { exact: true })).toHaveValue(/.+/);
  await dialog.getByRole('button', { name: 'Add to watchlist' }).click();
  await expect(page.getByText('Bitcoin added to Majors')).toBeVisible();

  await page.goto('/terminal');
  await page.getByRole('button', { name: 'Add Ethereum to watchlist' }).click();
  const row = page.getByRole('dialog', { name: 'Add Ethereum to a watchlist' });
  await row.getByLabel('Watchlist', { exact: true }).selectOption({ label: 'A new list…' });
  await row.getByLabel("New list's name").fill('Smart contracts');
  await row.getByRole('button', { name: 'Create list and add' }).click();
  await expect(page.getByText('Ethereum added to Smart contracts')).toBeVisible();

  const lists = (await (await page.request.get('/api/v2/terminal/watchlists/')).json()) as {
    results: { name: string; items: { coin_id: string }[] }[];
  };
  const coinsOf = (name: string) => lists.results.find((l) => l.name === name)?.items.map((i) => i.coin_id);
  expect(coinsOf('Majors')).toEqual(['bitcoin']);
  expect(coinsOf('Smart contracts')).toEqual(['ethereum']);
});

test('offline, a transaction for a coin the market showed before is found by its symbol, entered and sent once', async ({
  page,
  context,
}, info) => {
  await signUpAt(page, '/terminal', `offline-coin-${info.project.name}`);
  // The terminal's market answers keep their coins on the device, written once the offline code
  // has loaded (a moment after the market shows): wait for them before leaving the page.
  await expect(page.getByRole('button', { name: 'Favourite Ethereum' })).toBeVisible();
  await expect.poll(() => new OfflinePanel(page).seenCoinIds(), { timeout: 15_000 }).toContain('ethereum');
  const token = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const made = await page.request.post('/api/v2/portfolios/', {
    headers: { 'x-csrftoken': token },
    data: { name: 'Main', description: '', portfolio_type: 'manual' },
  });
  expect(made.ok()).toBe(true);
  const t = new TransactionsPage(page);
  const offline = new OfflinePanel(page);
  await t.goto();
  await offline.expectServiceWorkerInControl();
  await expect.poll(() => offline.savedQueryRoots()).toContain('transactions');

  await context.setOffline(true);
  await expect(offline.region).toContainText('Offline');
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(t.form.getByLabel('Portfolio')).toBeFocused();
  // A coin never seen on this device is said in words.
  await t.form.getByLabel('Coin', { exact: true }).fill('zzzznotacoin');
  await expect(t.form.getByText(/has been seen on this device yet/)).toBeVisible();
  await t.form.getByLabel('Coin', { exact: true }).fill('eth');
  await page
    .getByRole('option', { name: /Ethereum/ })
    .first()
    .click();
  await t.form.getByLabel('Quantity', { exact: true }).fill('2');
  await t.form.getByLabel(/^Price per coin/).fill('10');
  await t.form.getByLabel('Date and time').fill('2024-01-02T10:00');
  await t.form.getByRole('button', { name: 'Add transaction' }).click();
  await expect(t.form).toBeHidden();
  await offline.showChanges(1);
  await expect(offline.changes.first()).toHaveAccessibleName('New transaction: Buy 2 ethereum at 10');

  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/transactions/')
      posts += 1;
  });
  await context.setOffline(false);
  await expect(t.rows()).toHaveCount(1);
  await expect(offline.region).toBeHidden();
  expect(posts).toBe(1);
  const stored = (await (await page.request.get('/api/v2/transactions/')).json()) as {
    count: number;
    results: { coin_id: string }[];
  };
  expect(stored.count).toBe(1);
  expect(stored.results[0]?.coin_id).toBe('ethereum');
});
