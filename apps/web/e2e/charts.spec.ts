import { expect, type Page, test } from '@playwright/test';
import { MetricsPage, signUpAt } from './pages/portfolio-pages.ts';
import { axisLabelProblems } from './support/axis-labels.ts';
import { chartLabelProblems } from './support/chart-labels.ts';

/** Transactions for the Metrics charts: two coins, bought in 2024 (before the demo's history). */
async function seed(page: Page): Promise<void> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token };
  const created = await page.request.post('/api/v2/portfolios/', {
    headers,
    data: { name: 'Charts', description: '', portfolio_type: 'manual' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  for (const [coin_id, quantity, price_per_coin, date] of [
    ['bitcoin', '0.5', '40000.5', '2024-01-05T10:00:00Z'],
    ['ethereum', '2.12345678', '2500', '2024-02-05T10:00:00Z'],
  ] as const) {
    const res = await page.request.post('/api/v2/transactions/', {
      headers,
      data: { portfolio_id: id, coin_id, type: 'buy', quantity, price_per_coin, fee: '1', date },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
}

test('the demo OHLC view draws stored daily closes as a line and says demo candles are simulated', async ({
  page,
}, info) => {
  await signUpAt(page, '/portfolios', `ohlc-${info.project.name}`);
  await page.goto('/cryptocurrencies/bitcoin');
  const chart = page.getByRole('region', { name: 'Price chart' });
  await chart.getByRole('button', { name: '1Y', exact: true }).click();
  await chart.getByRole('button', { name: 'OHLC', exact: true }).click();
  await expect(chart.getByRole('img', { name: 'Bitcoin daily close chart, 1Y' })).toBeVisible();
  await expect(chart.getByRole('note')).toHaveText(/^Only daily closes are stored for this range/);
  await chart.getByRole('button', { name: '1W', exact: true }).click();
  await expect(chart.getByRole('img', { name: 'Bitcoin OHLC chart, 1W' })).toBeVisible();
  await expect(chart.getByRole('note')).toHaveText(/^Demo data: these candles are simulated/);
});

test('ALL reaches further back than 1Y, on the price chart and in the indicators', async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `all-${info.project.name}`);
  const points = async (timeframe: string) => {
    const res = await page.request.get(`/api/v2/cryptocurrencies/bitcoin/chart/?timeframe=${timeframe}`);
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { prices: unknown[] }).prices.length;
  };
  const year = await points('1Y');
  expect(await points('ALL')).toBeGreaterThan(year + 30);

  await page.goto('/cryptocurrencies/bitcoin');
  const chart = page.getByRole('region', { name: 'Price chart' });
  const rsi = page.getByRole('img', { name: /^RSI 14 over/ });
  await chart.getByRole('button', { name: '1Y', exact: true }).click();
  await expect(rsi).toHaveAccessibleName(/the last 365 daily closes, 1Y$/);
  const yearStart = await rsi.locator('xpath=following-sibling::div[1]/span[1]').textContent();
  await chart.getByRole('button', { name: 'ALL', exact: true }).click();
  await expect(rsi).toHaveAccessibleName(/all stored daily closes, ALL$/);
  const allStart = await rsi.locator('xpath=following-sibling::div[1]/span[1]').textContent();
  expect(Date.parse(allStart ?? '')).toBeLessThan(Date.parse(yearStart ?? ''));
  // The RSI panel has its axis and its 30 and 70 guides; readings have two decimals.
  await expect(rsi.locator('[data-axis="y"] > span')).toHaveText(['100', '70', '30', '0']);
  await expect(rsi.locator('[data-guide]')).toHaveCount(2);
  await expect(page.getByText(/^Latest /)).toHaveText(/Latest -?\d+\.\d\d ·/);
});

test('chart labels never wrap or overlap at 390, 768 and 1280 px', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signUpAt(page, '/portfolios', `labels-${info.project.name}`);
  await seed(page);
  const widths = info.project.name === 'mobile' ? [390, 768] : [1280, 768];
  const problems: string[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    const metrics = new MetricsPage(page);
    await metrics.goto();
    const cost = await metrics.metric('Cost');
    await expect(cost.getByRole('list', { name: /^Cost basis per coin/ })).toBeVisible();
    problems.push(...(await chartLabelProblems(page, `${width} px /dashboard Cost`)));
    await expect(page.getByRole('img', { name: /^Portfolio value from/ })).toBeVisible();
    problems.push(...(await axisLabelProblems(page, `${width} px /dashboard`)));

    await page.goto('/cryptocurrencies/bitcoin');
    await expect(page.getByRole('img', { name: /^MACD, signal and histogram/ })).toBeVisible();
    problems.push(...(await chartLabelProblems(page, `${width} px /cryptocurrencies/bitcoin`)));
    problems.push(...(await axisLabelProblems(page, `${width} px /cryptocurrencies/bitcoin`)));
  }
  expect(problems).toEqual([]);
});
