import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { PortfoliosPage, signUpAt } from './pages/portfolio-pages.ts';

/*
 * A Binance file priced in Canadian dollars, imported into a euro portfolio: each row converted at
 * the stored rate of its own day (bitcoin's daily close in both currencies), the file's amount and
 * the rate shown beside it; then a US report of that portfolio downloads as a Form 8949 in dollars.
 * The rows are the reference export's, moved to days the demo market holds closes for.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/csrf/');
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

/** Bitcoin's stored daily closes in `vs`, by UTC day. */
async function bitcoinCloses(page: Page, vs: string): Promise<Map<string, number>> {
  const res = await page.request.get(
    `/api/v2/cryptocurrencies/bitcoin/chart/?vs_currency=${vs}&timeframe=ALL`,
  );
  expect(res.ok()).toBe(true);
  const prices = (await res.json()).prices as [number, number][];
  return new Map(prices.map(([at, close]) => [new Date(at).toISOString().slice(0, 10), close]));
}

function closeOn(closes: Map<string, number>, day: string): number {
  const close = closes.get(day);
  if (close === undefined) throw new Error(`no close on ${day}`);
  return close;
}

test('currencies: a CAD file converts into a EUR portfolio at its days’ rates, and its Form 8949 is in dollars', async ({
  page,
}, info) => {
  await signUpAt(page, '/portfolios', `fx-${info.project.name}`);
  const portfolios = new PortfoliosPage(page);
  await page.getByRole('button', { name: 'New portfolio' }).click();
  await page.getByLabel('Name').fill('Euro');
  // Every currency the market quotes is offered, by name.
  await expect(page.getByRole('option', { name: 'CZK · Czech Koruna' })).toBeAttached();
  await page.getByLabel('Currency of prices').selectOption('eur');
  await page.getByRole('button', { name: 'Create portfolio' }).click();
  await expect(portfolios.card('Euro')).toBeVisible();

  const cad = await bitcoinCloses(page, 'cad');
  const eur = await bitcoinCloses(page, 'eur');
  const usd = await bitcoinCloses(page, 'usd');
  const days = [...eur.keys()].sort();
  // Days whose closes are final: a few days back.
  const buyDay = days.at(-6) ?? '';
  const sellDay = days.at(-4) ?? '';
  const rate = closeOn(eur, buyDay) / closeOn(cad, buyDay);

  const reference = readFileSync(
    new URL('../../../packages/core/src/csv/fixtures/binance_buy_crypto_history.csv', import.meta.url),
    'utf8',
  );
  const csv = reference.replaceAll('2021-01-30 23:59:59', `${buyDay} 12:00:00`);
  const panel = await portfolios.importCsv('Euro', 'binance-cad.csv', csv);
  const rows = panel.getByRole('table', { name: 'Rows to import' });
  // By its tick box: the text "ETH" is also inside "Tether", whose row it would match once the
  // coins' names arrive.
  const eth = rows
    .getByRole('row')
    .filter({ has: page.getByRole('checkbox', { name: /^Import line \d+ ETH$/ }) });
  await expect(eth).toContainText('In the file: CA$629.84');
  await expect(eth).toContainText(`1 CAD = `);
  await expect(eth).toContainText(`EUR on ${buyDay} (demo rate, not that day’s real rate)`);
  // The converted price, as shown to the cent, is the file's at the stored closes' rate.
  const priceCell = eth.getByRole('cell').nth(6);
  const shown = Number((await priceCell.textContent())?.split('In the file')[0]?.replace(/[€,]/g, ''));
  expect(Math.abs(shown - 629.84433847 * rate)).toBeLessThanOrEqual(0.005);
  await panel.getByRole('button', { name: /^Import \d+ transactions?$/ }).click();
  await expect(page.getByText(/Imported \d+ transactions?/)).toBeVisible();

  const portfolioId = (await (await page.request.get('/api/v2/portfolios/')).json()).results[0].id as string;
  const stored = (await (await page.request.get(`/api/v2/transactions/?portfolio_id=${portfolioId}`)).json())
    .results as { coin_id: string; price_per_coin: string }[];
  const storedEth = stored.find((r) => r.coin_id === 'ethereum');
  expect(Math.abs(Number(storedEth?.price_per_coin) / (629.84433847 * rate) - 1)).toBeLessThan(1e-9);

  // A sale of the ether in euros, then the US rule: the form is in dollars at each day's rate.
  const headers = await csrfHeaders(page);
  const sold = await page.request.post('/api/v2/transactions/', {
    headers,
    data: {
      portfolio_id: portfolioId,
      coin_id: 'ethereum',
      type: 'sell',
      quantity: '1',
      price_per_coin: '500',
      fee: '0',
      date: `${sellDay}T12:00:00Z`,
      note: '',
    },
  });
  expect(sold.status()).toBe(201);
  expect((await page.request.patch('/api/v2/tax/settings/', { headers, data: { rule: 'us' } })).ok()).toBe(
    true,
  );

  await page.goto('/tax');
  await page.getByRole('tab', { name: 'Realized gains' }).click();
  await page.getByLabel('Tax year').selectOption(sellDay.slice(0, 4));
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Form 8949 CSV' }).click(),
  ]);
  const [header, first] = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(header).toContain('(h) Gain or (loss),Term,Currency,Portfolio ID,Transaction ID');
  const cells = first?.split(',') ?? [];
  expect(cells[0]).toBe('1 Ethereum (ETH) (demo data)');
  expect(cells[9]).toBe('USD');
  // Worked by hand: 500 EUR × the sale day's USD per EUR; the basis is the lot's euro cost at its
  // own day's rate (the file's CAD price × CAD→EUR, then EUR→USD), with its share of the fee.
  const sellRate = closeOn(usd, sellDay) / closeOn(eur, sellDay);
  expect(Math.abs(Number(cells[3]) - 500 * sellRate)).toBeLessThanOrEqual(0.005);
  const buyRate = closeOn(usd, buyDay) / closeOn(eur, buyDay);
  const basis = (629.84433847 + 20 / 1.55594) * rate * buyRate;
  expect(Math.abs(Number(cells[4]) - basis)).toBeLessThanOrEqual(0.01);
});
