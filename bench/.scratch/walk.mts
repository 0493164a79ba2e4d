import { chromium } from 'playwright-core';

const base = process.env.BASE ?? 'http://127.0.0.1:3290';
const widths = (process.env.WIDTHS ?? '390,1280').split(',').map(Number);
const pages = (process.env.PAGES ?? '/,/transactions,/dashboard,/projections,/insights,/settings').split(',');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const width of widths) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors: string[] = [];
  const failed: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('requestfailed', (r) => failed.push(r.url()));
  page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
  await page.goto(`${base}/`);
  await page.getByRole('link', { name: /create (an )?account/i }).first().click();
  const id = `walk${Date.now()}${width}`;
  await page.getByLabel('Email').fill(`${id}@example.com`);
  await page.getByLabel('Username').fill(id);
  await page.getByLabel('Password', { exact: true }).fill('a-long-password-123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/api/'));
  for (const path of pages) {
    await page.goto(`${base}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForTimeout(1500);
    const demo = await page.getByRole('region', { name: /demo data/i }).count();
    const h1 = await page.getByRole('heading', { level: 1 }).first().textContent();
    const imgs = await page.locator('img').evaluateAll((els) => els.map((e) => [(e as HTMLImageElement).src.slice(0, 60), (e as HTMLImageElement).naturalWidth]));
    console.log(width, path, JSON.stringify(h1), 'demo regions', demo, 'imgs', imgs.length, 'loaded', imgs.filter((i) => Number(i[1]) > 0).length);
    await page.screenshot({ path: `/tmp/shots/${width}${path.replaceAll('/', '_') || '_root'}.png` });
  }
  console.log(width, 'console errors', errors.length, errors.slice(0, 3), 'failed', failed.slice(0, 3));
  await context.close();
}
await browser.close();
