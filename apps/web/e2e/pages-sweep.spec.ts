import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { signUpAt } from './pages/portfolio-pages.ts';
import { TaxPage } from './pages/tax-page.ts';
import { axisLabelProblems } from './support/axis-labels.ts';
import { canvasTexts, clippedTexts, recordCanvasText } from './support/canvas-labels.ts';

/*
 * Every signed-in page at this project's width (1280 and 390 px): the page itself never scrolls
 * sideways, no ISO timestamp or raw long decimal is on screen, axe-core finds no serious or critical
 * accessibility violation (WCAG 2.1 A and AA rules), and with privacy mode on (turned on from the
 * user menu) no currency amount is visible anywhere.
 */

/**
 * Axe violations of the WCAG 2.x A and AA rules on the page as it is now, one line each: serious
 * and critical ones only unless `every` (the overlays, whose every violation is fixed, keep it so).
 */
async function accessibilityProblems(page: Page, path: string, every = false): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
    .analyze();
  return violations
    .filter((v) => every || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${path}: axe ${v.id} (${v.impact}) on ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}${v.nodes.length > 3 ? ` and ${v.nodes.length - 3} more` : ''}`,
    );
}

const iso = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Prices may show up to 10 decimals for tiny prices; more is a raw decimal string leaking. */
const rawDecimal = /\d\.\d{11,}/;
const currencyAmount = /[$€£¥₿Ξ]\s?-?\d|\d\s?(USD|EUR|GBP|JPY)\b/;

async function seed(page: Page): Promise<string> {
  // The page on screen cached the account before these rows: the next open() loads afresh.
  warm.delete(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token };
  const created = await page.request.post('/api/v2/portfolios/', {
    headers,
    data: { name: 'Sweep', description: 'Every page', portfolio_type: 'manual' },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  const rows = [
    ['bitcoin', 'buy', '0.5', '40000.5', '2024-01-05T10:00:00Z'],
    ['ethereum', 'buy', '2.12345678', '2500', '2024-02-05T10:00:00Z'],
    ['bitcoin', 'sell', '0.25', '60000', '2024-03-05T10:00:00Z'],
  ] as const;
  for (const [coin_id, type, quantity, price_per_coin, date] of rows) {
    const res = await page.request.post('/api/v2/transactions/', {
      headers,
      data: { portfolio_id: id, coin_id, type, quantity, price_per_coin, fee: '1', date },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  return id;
}

/** An exit-strategy projection of ether, so /projections opens its detail page /projections/{id}. */
async function seedProjection(page: Page): Promise<string> {
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const projection = await page.request.post('/api/v2/projections/exit-strategy/', {
    headers: { 'x-csrftoken': token },
    data: {
      name: 'ETH exit',
      coin_id: 'ethereum',
      coin_name: 'Ethereum',
      coin_symbol: 'eth',
      coin_image: '',
      invested_capital: '2500',
      tokens_owned: '1',
      sell_tax: '20',
    },
  });
  expect(projection.status(), await projection.text()).toBe(201);
  return ((await projection.json()) as { id: string }).id;
}

/** Pages whose app has loaded since their account was last seeded (their cached queries are current). */
const warm = new WeakSet<Page>();

/**
 * Shows `path` and returns the page's text once every text has arrived. After the first load
 * following a seed, by client-side navigation (what a link does: the router's popstate), so the
 * app, its chunks and the queries of earlier pages stay warm: the sweep checks pages, and 31 cold
 * loads took 90 s of its 120 s at 1280 px on a loaded machine.
 */
async function open(page: Page, path: string, ready?: Locator): Promise<string> {
  if (warm.has(page)) {
    // The headings on screen now are marked, so the wait below is for the new page's own.
    await page.locator('main h1').evaluateAll((headings) => {
      for (const h of headings) h.setAttribute('data-left', '');
    });
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(page.locator('main h1[data-left]')).toHaveCount(0);
  } else {
    await page.goto(path);
    warm.add(page);
  }
  await expect(page.locator('main h1').first()).toBeVisible();
  // Every text on the page has arrived; a chart's canvas draws no text into the page, so its lazy
  // chunk is not waited for.
  await expect(page.getByRole('status').filter({ hasText: /Loading(?! chart)/ })).toHaveCount(0);
  if (ready) await expect(ready).toBeVisible();
  return page.locator('body').innerText();
}

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test('every page fits the width, speaks human numbers, passes axe, and hides money in privacy mode', async ({
  page,
}, info) => {
  // 19 routes twice (the second time in privacy mode): 100-120 s here at a load average of 15.
  test.setTimeout(180_000);
  await signUpAt(page, '/portfolios', `sweep-${info.project.name}`);
  const portfolioId = await seed(page);
  const projectionId = await seedProjection(page);
  const tax = new TaxPage(page);
  /*
   * Every route of apps/web/src/app/routes.tsx inside the signed-in layout. The terminal once (with
   * a coin open), not also at '/' (the same TerminalRoute): it is the heaviest page on a loaded
   * machine. A route listed with a locator is ready when that shows: the Tax page's lots of the
   * seeded coins, and 2024's realized gains with the bitcoin sale's disposal.
   */
  const routes: Array<[string, Locator?]> = [
    ['/terminal?coin=bitcoin'],
    ['/tax', tax.lotsIn(tax.coinLots('bitcoin'))],
    ['/dashboard'],
    ['/portfolios'],
    [`/portfolios/${portfolioId}`],
    ['/transactions'],
    [`/projections/${projectionId}`],
    ['/tax?view=report&year=2024', tax.disposals],
    ['/insights'],
    ['/projections'],
    ['/cryptocurrencies/bitcoin'],
    ['/alerts'],
    ['/notifications'],
    ['/settings'],
    ['/settings/profile'],
    ['/settings/notifications'],
    ['/settings/appearance'],
    ['/settings/subscription'],
    ['/verify-email'],
  ];
  const problems: string[] = [];
  for (const [path, ready] of routes) {
    const text = await open(page, path, ready);
    const over = await sideways(page);
    if (over > 0) problems.push(`${path}: page scrolls ${over} px sideways`);
    if (iso.test(text)) problems.push(`${path}: ISO timestamp "${iso.exec(text)?.[0]}"`);
    if (rawDecimal.test(text)) problems.push(`${path}: raw decimal "${rawDecimal.exec(text)?.[0]}"`);
    problems.push(...(await accessibilityProblems(page, path)));
  }
  // Metrics' list view is a wide table: it scrolls inside its panel.
  await open(page, '/dashboard');
  await page.getByRole('group', { name: 'Holdings view' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('table', { name: 'Positions' })).toBeVisible();
  const listOver = await sideways(page);
  if (listOver > 0) problems.push(`/dashboard list view: page scrolls ${listOver} px sideways`);
  // At 1280 px the positions (with a coin's explanation open) fit their half-width panel.
  await page.getByRole('button', { name: 'Explain BTC cost basis' }).click();
  await expect(page.getByRole('region', { name: /How Sweep got its cost basis/ })).toBeVisible();
  if (info.project.name === 'desktop') {
    const clipped = await page
      .getByRole('region', { name: 'Positions', exact: true })
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    if (clipped > 0) problems.push(`/dashboard list view: positions clipped by ${clipped} px at 1280 px`);
  }
  expect(problems).toEqual([]);

  // Privacy mode from the user menu, then every page with money again.
  const menu = await new AppShell(page).openUserMenu();
  await menu.getByRole('menuitemcheckbox', { name: /Hide monetary values/ }).click();
  for (const [path, ready] of routes) {
    const text = await open(page, path, ready);
    if (currencyAmount.test(text)) problems.push(`${path}: "${currencyAmount.exec(text)?.[0]}" visible`);
  }
  expect(problems).toEqual([]);
});

/*
 * The routes outside the signed-in layout, seen signed out: the landing page, the server's sign-in
 * and sign-up pages that /login and /register lead to, the single-sign-on pages and the not-found
 * page, with the same checks as the signed-in pages (there is no money to hide on them).
 */
test('every signed-out page fits the width, speaks human numbers and passes axe', async ({ page }) => {
  // Six pages with an axe run each: 28-31 s here at a load average of 16, over the 30 s default.
  test.setTimeout(60_000);
  const routes: Array<[string, RegExp?]> = [
    ['/landing'],
    ['/login', /\/api\/auth\/login\?/],
    ['/register', /\/api\/auth\/login\?.*screen_hint=signup/],
    ['/auth/complete-signup?email=sso%40example.test'],
    ['/auth/signup-pending'],
    ['/no/such/page'],
  ];
  const problems: string[] = [];
  for (const [path, landsOn] of routes) {
    await page.goto(path);
    if (landsOn) {
      await expect(page).toHaveURL(landsOn);
      // The server's page with its stylesheet: axe judges the colours a person sees.
      await page.waitForLoadState();
    }
    await expect(page.locator('main h1').first()).toBeVisible();
    const text = await page.locator('body').innerText();
    const over = await sideways(page);
    if (over > 0) problems.push(`${path}: page scrolls ${over} px sideways`);
    if (iso.test(text)) problems.push(`${path}: ISO timestamp "${iso.exec(text)?.[0]}"`);
    if (rawDecimal.test(text)) problems.push(`${path}: raw decimal "${rawDecimal.exec(text)?.[0]}"`);
    problems.push(...(await accessibilityProblems(page, path)));
  }
  expect(problems).toEqual([]);
});

/** Visible boxes in main that hide part of their content sideways (a table scrolling in its panel). */
async function clippedScrollers(page: Page): Promise<string[]> {
  return page.locator('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getClientRects().length > 0 && el.scrollWidth - el.clientWidth > 1)
      .filter((el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .map(
        (el) => `${el.getAttribute('aria-label') ?? el.tagName} hides ${el.scrollWidth - el.clientWidth} px`,
      ),
  );
}

test("the portfolio page's holdings, Metrics' returns and the Tax page's lots and disposals show every figure without sideways scrolling", async ({
  page,
}, info) => {
  await signUpAt(page, '/portfolios', `holdings-${info.project.name}`);
  const portfolioId = await seed(page);
  await open(page, `/portfolios/${portfolioId}`);
  const holdings = page
    .getByRole('table', { name: 'Coins held' })
    .or(page.getByRole('list', { name: 'Coins held' }))
    .filter({ visible: true });
  // Each holding's value and unrealized P&L are on screen, whatever the width (cards on a phone).
  await expect(holdings).toContainText('Bitcoin');
  await expect(holdings).toContainText('Unrealized');
  const problems = (await clippedScrollers(page)).map((p) => `/portfolios/{id}: ${p}`);
  // Metrics' returns per period (five figures for each of five periods) beside the benchmark.
  await open(page, '/dashboard');
  await expect(
    page
      .getByRole('table', { name: 'Returns per period' })
      .or(page.getByRole('list', { name: 'Returns per period' }))
      .filter({ visible: true }),
  ).toContainText('vs Bitcoin');
  problems.push(...(await clippedScrollers(page)).map((p) => `/dashboard: ${p}`));
  // The Tax page's open lots of both coins, then 2024's realized gains (the bitcoin sale).
  const tax = new TaxPage(page);
  await open(page, '/tax');
  await expect(tax.lotsIn(tax.coinLots('ethereum'))).toContainText('Unrealized');
  await expect(tax.lotsIn(tax.coinLots('bitcoin'))).toContainText('Unrealized');
  problems.push(...(await clippedScrollers(page)).map((p) => `/tax: ${p}`));
  // The same page (its heading stays), so by its tab and year picker rather than open().
  await page.getByRole('tab', { name: 'Realized gains' }).click();
  await page.getByLabel('Tax year').selectOption('2024');
  await expect(tax.disposals).toContainText('Gain');
  problems.push(...(await clippedScrollers(page)).map((p) => `/tax?view=report: ${p}`));
  expect(problems).toEqual([]);
});

test('chart axis labels stay inside their chart and never overlap', async ({ page }, info) => {
  await signUpAt(page, '/portfolios', `axes-${info.project.name}`);
  const portfolioId = await seed(page);
  const problems: string[] = [];
  // Metrics' performance chart over an hour-labelled day and a date-labelled whole history, then
  // the portfolio page's value-over-time chart in its half-width panel.
  await open(page, '/dashboard');
  const chart = page.getByRole('img', { name: /^Portfolio value from/ });
  for (const timeframe of ['1D', 'ALL']) {
    await page.getByRole('button', { name: timeframe, exact: true }).click();
    await expect(chart).toHaveAccessibleName(new RegExp(`over ${timeframe},`));
    problems.push(...(await axisLabelProblems(page, `/dashboard ${timeframe}`)));
  }
  await open(page, `/portfolios/${portfolioId}`);
  await expect(chart).toBeVisible();
  problems.push(...(await axisLabelProblems(page, '/portfolios/{id}')));
  expect(problems).toEqual([]);
});

/**
 * Eight days of hourly prices around $5,000 from midnight UTC, 2 November 2026, to midnight UTC,
 * 10 November: a day's label (the time axis's highest-weight marks here) falls on the first and
 * on the last point, at the very edges of the chart.
 */
function midnightToMidnight(): Array<[number, number]> {
  const start = Date.UTC(2026, 10, 2);
  return Array.from({ length: 8 * 24 + 1 }, (_, h) => [start + h * 3_600_000, 5_000 + 150 * Math.sin(h / 9)]);
}

test("the coin page's price chart draws its first and last time labels inside the chart", async ({
  page,
}, info) => {
  await recordCanvasText(page);
  await signUpAt(page, '/portfolios', `coinchart-${info.project.name}`);
  // The server's week, with its envelope (coin, timeframe, currency, source) kept and its prices
  // replaced: the demo market's week starts and ends at whatever hour the test runs, so whether a
  // label sits at an edge would depend on the clock.
  await page.route(
    (url) =>
      url.pathname.endsWith('/cryptocurrencies/bitcoin/chart/') && url.searchParams.get('timeframe') === '1W',
    async (route) => {
      const response = await route.fetch();
      const prices = midnightToMidnight();
      const zeros = prices.map(([t]) => [t, 0]);
      const json = { ...(await response.json()), prices, market_caps: zeros, total_volumes: zeros };
      await route.fulfill({ response, json });
    },
  );
  await open(page, '/cryptocurrencies/bitcoin');
  await page.getByRole('button', { name: '1W', exact: true }).click();
  const chart = page.getByRole('img', { name: 'Bitcoin price chart, 1W' });
  // Drawn from that week once its prices (about $5,000, bitcoin's are near $100,000) are on the axis.
  await expect
    .poll(async () => (await canvasTexts(chart)).some((t) => /^\$5,\d{3}\.\d{2}$/.test(t.text)))
    .toBe(true);
  const texts = await canvasTexts(chart);
  // The first point's day, 2 November, is labelled: the left edge has a label to keep inside.
  expect(texts.map((t) => t.text)).toContain('2');
  expect(clippedTexts(texts, `/cryptocurrencies/bitcoin 1W at ${info.project.name}`)).toEqual([]);
});

/*
 * axe on the overlays, which the page sweep never opens: the user menu, both kinds of delete
 * confirmation, the transaction form, the alert and projection dialogs. Six axe runs after a
 * sign-up take ~30 s on this shared machine, beyond the 30 s default for one test.
 */
test('open dialogs and menus pass axe', async ({ page }, info) => {
  test.setTimeout(60_000);
  await signUpAt(page, '/portfolios', `overlays-${info.project.name}`);
  await seed(page);
  const problems: string[] = [];
  const check = async (what: string) => problems.push(...(await accessibilityProblems(page, what, true)));

  await open(page, '/portfolios');
  await new AppShell(page).openUserMenu();
  await check('user menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete Sweep' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('delete portfolio confirmation');
  await page.keyboard.press('Escape');

  await open(page, '/transactions');
  await page.getByRole('button', { name: 'New transaction' }).click();
  await expect(page.getByRole('form', { name: /transaction/i })).toBeVisible();
  await check('new transaction form');
  await page.keyboard.press('Escape');
  await page
    .getByRole('button', { name: /^Delete/ })
    .first()
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('delete transaction confirmation');
  await page.keyboard.press('Escape');

  await open(page, '/cryptocurrencies/bitcoin');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByRole('dialog', { name: /create alert/i })).toBeVisible();
  await check('create alert dialog');
  await page.keyboard.press('Escape');

  await open(page, '/projections');
  await page.getByRole('button', { name: 'Add projection' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('new projection dialog');
  expect(problems).toEqual([]);
});

/** A coinbase export with a ticker no market coin carries, so the preview shows its coin chooser too. */
const importCsv = [
  'ID,Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Price at Transaction,Subtotal,Total (inclusive of fees and/or spread),Fees and/or Spread,Notes',
  'c1,2024-01-05 10:00:00 UTC,Buy,BTC,0.1,USD,$40000,$4000,$4001,$1,Bought',
  'c2,2024-02-05 10:00:00 UTC,Buy,MATIC,50,USD,$1,$50,$51,$1,Bought',
].join('\n');

/*
 * axe, every impact, on the open states the overlay test above does not reach: the projection
 * actions menu and its delete confirmation, the edit-transaction form, the import panel before and
 * after a file is chosen, the terminal's create-alert dialog and the watchlist delete confirmation.
 */
test('projection menu, edit form, import preview and terminal dialogs pass axe', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signUpAt(page, '/portfolios', `states-${info.project.name}`);
  await seed(page);
  await seedProjection(page);
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const headers = { 'x-csrftoken': token };
  const watchlist = await page.request.post('/api/v2/terminal/watchlists/', {
    headers,
    data: { name: 'Majors' },
  });
  expect(watchlist.ok(), await watchlist.text()).toBe(true);
  const problems: string[] = [];
  const check = async (what: string) => problems.push(...(await accessibilityProblems(page, what, true)));

  await open(page, '/projections');
  await page.getByRole('button', { name: 'Actions for ETH exit' }).click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await check('projection actions menu');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('delete projection confirmation');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('alertdialog')).toBeHidden();

  await open(page, '/transactions');
  await page.getByRole('button', { name: /^Edit/ }).filter({ visible: true }).first().click();
  await expect(page.getByRole('form', { name: /transaction/i })).toBeVisible();
  await check('edit transaction form');
  await page.keyboard.press('Escape');

  await open(page, '/portfolios');
  await page.getByRole('button', { name: 'Import CSV into Sweep' }).click();
  const panel = page.getByRole('region', { name: 'Import CSV into Sweep' });
  await expect(panel).toBeVisible();
  await check('import panel');
  await panel
    .getByLabel('CSV file')
    .setInputFiles({ name: 'coinbase.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv) });
  await expect(panel.getByText(/Detected a Coinbase export\. 2 rows/)).toBeVisible();
  await expect(panel.getByRole('region', { name: 'Choose coins' })).toBeVisible();
  await check('import preview');

  await open(page, '/terminal?coin=bitcoin');
  await page.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByRole('dialog', { name: /create alert/i })).toBeVisible();
  await check('terminal create alert dialog');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page
    .getByRole('region', { name: 'Watchlists' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  await check('delete watchlist confirmation');
  expect(problems).toEqual([]);
});
