import { expect, test } from '@playwright/test';
import { AlertDialogModel } from './pages/alerts.ts';
import { ApiSeed, InsightsPage } from './pages/insights-page.ts';
import { signUpAt } from './pages/portfolio-pages.ts';

test.describe.configure({ timeout: 90_000 });

test('a portfolio with a projection and an alert shows its insight cards, the why drill-down and an action link', async ({
  page,
}, info) => {
  await signUpAt(page, '/insights', `oracle-${info.project.name}`);
  const oracle = new InsightsPage(page);
  await oracle.goto();
  // Honest empty state first: no portfolio, so the first step is to create one.
  await expect(page.getByRole('link', { name: 'Create a portfolio' })).toBeVisible();

  const seed = new ApiSeed(page);
  const portfolio = await seed.post('/api/v2/portfolios/', { name: 'Main' });
  const tx = (coin: string, quantity: string, price: string, date: string) =>
    seed.post('/api/v2/transactions/', {
      portfolio_id: portfolio.id,
      coin_id: coin,
      type: 'buy',
      quantity,
      price_per_coin: price,
      fee: '10',
      date,
      note: '',
    });
  await tx('bitcoin', '1', '20000', '2023-01-01T00:00:00Z');
  await tx('ethereum', '2', '1500', '2023-02-01T00:00:00Z');
  const projection = await seed.post('/api/v2/projections/exit-strategy/', {
    name: 'BTC Position',
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'btc',
    coin_image: '',
    invested_capital: '20000',
    tokens_owned: '1',
    sell_tax: '10',
  });
  await seed.post(`/api/v2/projections/exit-strategy/${projection.id}/transactions/replace/`, [
    {
      coins_sold: '0.5',
      price_per_coin: '1000000',
      fees_percentage: '1',
      price_impact_percentage: '0',
      transaction_order: 1,
    },
  ]);
  // A second plan with more rungs than a card shows: its drill-down must explain this very card.
  const ethPlan = await seed.post('/api/v2/projections/exit-strategy/', {
    name: 'ETH Position',
    coin_id: 'ethereum',
    coin_name: 'Ethereum',
    coin_symbol: 'eth',
    coin_image: '',
    invested_capital: '3000',
    tokens_owned: '2',
    sell_tax: '10',
  });
  await seed.post(
    `/api/v2/projections/exit-strategy/${ethPlan.id}/transactions/replace/`,
    Array.from({ length: 12 }, (_, i) => ({
      coins_sold: '0.1',
      price_per_coin: String(100000 + i * 1000),
      fees_percentage: '0',
      price_impact_percentage: '0',
      transaction_order: i + 1,
    })),
  );
  await seed.post('/api/v2/alerts/', {
    coin_id: 'bitcoin',
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 10000000 },
  });

  await oracle.goto();
  await expect(oracle.card('Concentration')).toContainText('BTC is');
  await expect(oracle.card('Exit plan: BTC')).toContainText('next rung at $1,000,000');
  await expect(oracle.card('Alerts')).toContainText('BTC Price');
  await expect(oracle.card('Fee drag')).toContainText('You paid $20.00 in fees');
  await expect(oracle.card('Tax timing')).toContainText('Choose your tax rule');
  // The bundled snapshot is demo data, and the cards built on prices say so.
  await expect(page.getByText('Made from demo market data')).toBeVisible();
  await expect(oracle.card('Concentration').getByRole('list', { name: 'Data caveats' })).toContainText(
    'demo data',
  );

  const why = await oracle.why('Concentration');
  await expect(why).toContainText('Herfindahl index');
  await expect(why.getByRole('table')).toContainText('ETH');
  await page.screenshot({ path: `.tmp/oracle-${info.project.name}.png`, fullPage: true });
  // Open drill-downs with wide tables scroll inside their frame; the page never scrolls sideways.
  await oracle.why('Unrealized winners and losers');
  await oracle.why('Fee drag');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);

  // "Alert at the next rung" opens the alert dialog prefilled with that price.
  await oracle.card('Exit plan: BTC').getByRole('button', { name: 'Alert at $1,000,000' }).click();
  const dialog = new AlertDialogModel(page);
  await expect(dialog.dialog.getByLabel('Right value')).toHaveValue('1000000');
  await page.keyboard.press('Escape');
  await expect(dialog.dialog).toBeHidden();

  // The second plan's drill-down: every one of its 12 rungs, not the first plan's one.
  const ethWhy = await oracle.why('Exit plan: ETH');
  await expect(ethWhy).toContainText('2 more rows not shown.');
  await ethWhy.getByRole('button', { name: 'Show every row' }).click();
  await expect(ethWhy.getByRole('table').getByRole('row')).toHaveCount(13);
  await expect(ethWhy.getByRole('table')).toContainText('$111,000');

  // Each kind of action link lands where it says: the coin, the transactions filtered, the plan.
  await oracle.card('Concentration').getByRole('link', { name: 'Open BTC' }).click();
  await expect(page).toHaveURL(/\/cryptocurrencies\/bitcoin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Bitcoin\b/ })).toBeVisible();
  await oracle.goto();
  const txLink = oracle.card('Unrealized winners and losers').getByRole('link', { name: / transactions$/ });
  const symbol = ((await txLink.textContent()) ?? '').replace(' transactions', '');
  const coinId = symbol === 'BTC' ? 'bitcoin' : 'ethereum';
  await txLink.click();
  await expect(page).toHaveURL(new RegExp(`/transactions\\?coin=${coinId}$`));
  await expect(page.getByLabel('Filter by coin')).toHaveValue(coinId);
  // One transaction per coin was seeded: only the linked coin's is listed.
  const rows = page.getByRole('button', { name: /^Delete / });
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAccessibleName(new RegExp(symbol === 'BTC' ? 'Bitcoin' : 'Ethereum'));
  await oracle.goto();

  await oracle.card('Exit plan: BTC').getByRole('link', { name: 'Open the BTC plan' }).click();
  await expect(page).toHaveURL(new RegExp(`/projections/${projection.id}$`));
});
