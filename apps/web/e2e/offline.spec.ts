import { expect, test } from '@playwright/test';
import { OfflinePanel } from './pages/offline.ts';
import { PortfoliosPage, signUpAt, TransactionsPage } from './pages/portfolio-pages.ts';

// Go offline, add two transactions, reload, come back online, see both applied once; a
// third (a sell of more than is held) is refused on replay and shown with its reason, not dropped.
test('writes made offline survive a reload and are applied exactly once when the network returns', async ({
  page,
  context,
}, info) => {
  await signUpAt(page, '/portfolios', `offline-${info.project.name}`);
  await new PortfoliosPage(page).create('Main');
  const t = new TransactionsPage(page);
  const offline = new OfflinePanel(page);
  await t.goto();
  await expect(page.getByRole('heading', { name: 'No transactions' })).toBeVisible();
  await offline.expectServiceWorkerInControl();
  await expect.poll(() => offline.savedQueryRoots()).toContain('transactions');

  await context.setOffline(true);
  await expect(offline.region).toContainText('Offline');
  await t.add({ coin: 'bitcoin', quantity: '1', price: '100', date: '2024-01-01T10:00' });
  await t.add({ coin: 'ethereum', quantity: '2', price: '10', date: '2024-01-02T10:00' });
  await t.add({ type: 'Sell', coin: 'bitcoin', quantity: '5', price: '100', date: '2024-01-03T10:00' });
  await offline.showChanges(3);

  // No network: the service worker answers the reload with the app shell, the saved copy fills the
  // page, and the two writes are still there, in order.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await expect(offline.region).toContainText('Showing data saved on this device');
  await expect(page.getByRole('heading', { name: 'No transactions' })).toBeVisible();
  await offline.showChanges(3);
  await expect(offline.changes.nth(0)).toHaveAccessibleName('New transaction: Buy 1 bitcoin at 100');
  await expect(offline.changes.nth(1)).toHaveAccessibleName('New transaction: Buy 2 ethereum at 10');
  await expect(offline.changes.nth(2)).toHaveAccessibleName('New transaction: Sell 5 bitcoin at 100');

  // Each replayed write carries its own Idempotency-Key: a repeat the server already applied is
  // answered with the first answer, never written twice.
  const replayKeys: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/transactions/') {
      replayKeys.push(request.headers()['idempotency-key']);
    }
  });
  await context.setOffline(false);
  await expect(t.rows()).toHaveCount(2);
  // The oversell stays listed with the server's reason until the user decides.
  await expect(offline.region).toContainText('1 offline change needs your attention');
  await expect(offline.changes).toHaveCount(1);
  await expect(offline.changes.first()).toContainText('Refused by the server');
  expect(replayKeys).toHaveLength(3);
  expect(new Set(replayKeys).size).toBe(3);
  for (const key of replayKeys) expect(key).toMatch(/^ow-[0-9a-f]{32}$/);
  await expect(offline.changes.first()).toContainText(/Only 1 BTC held on .*; this sell needs 5\./);
  await offline.changes
    .first()
    .getByRole('button', { name: /^Discard/ })
    .click();
  await page
    .getByRole('alertdialog', { name: 'Discard this change?' })
    .getByRole('button', { name: 'Discard change' })
    .click();
  await expect(offline.region).toBeHidden();
  await expect(t.rows().filter({ hasText: 'bitcoin' })).toHaveCount(1);
  await expect(t.rows().filter({ hasText: 'ethereum' })).toHaveCount(1);
  // Once on the server too. Nothing is left on the device to send again (the marker is gone, and it
  // shows while this user has a write kept), so another reload could not replay anything.
  const stored = await page.request.get('/api/v2/transactions/');
  expect((await stored.json()).count).toBe(2);
});

test('installs as an app: the page links a manifest whose icons are served from this server', async ({
  page,
}) => {
  await page.goto('/landing');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await (await page.request.get(href ?? '')).json();
  expect(manifest).toMatchObject({ name: 'Exit Liquidity', start_url: '/', display: 'standalone' });
  const icons = manifest.icons as Array<{ src: string; sizes: string; purpose: string }>;
  expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of icons) {
    expect(icon.src.startsWith('/')).toBe(true);
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
  }
});
