import { expect, test } from '@playwright/test';
import { AlertDialogModel, AlertsListPage, AlertsPanelModel } from './pages/alerts.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';

// The server under test refreshes market data every MARKET_REFRESH_SECONDS (5 s in the e2e
// config); the alert engine runs after each refresh and the notification arrives over SSE.
test.describe.configure({ timeout: 60_000 });

test('an alert created on a coin page fires on the next refresh and shows up live; clicking it opens the terminal', async ({
  page,
}, info) => {
  const auth = new ServerAuthPage(page);
  const dialog = new AlertDialogModel(page);
  const panel = new AlertsPanelModel(page);

  await page.goto('/cryptocurrencies/bitcoin');
  await auth.goToSignUp();
  await auth.signUp(newAccount(`alerts-${info.project.name}`));
  await expect(page).toHaveURL(/\/cryptocurrencies\/bitcoin$/);
  await expect(panel.badge).toHaveCount(0);

  await dialog.open();
  await dialog.fill({ left: 'Price', op: '≥', rightValue: '1' });
  await dialog.submit();

  // No reload: the event stream refreshes the notifications, the badge appears.
  await expect(panel.badge).toHaveText('1', { timeout: 30_000 });
  await panel.open();
  // Named by the coin's name, not its CoinGecko id.
  const item = panel.notification('Bitcoin');
  await expect(item).toContainText('Price');
  await expect(item).toContainText('≥ $1.00');
  await expect(item).toContainText('now');
  // The e2e server runs MARKET_DATA=snapshot: a firing on simulated prices says so.
  await expect(item).toContainText('demo data, simulated prices');
  await item.click();

  await expect(page).toHaveURL(/\/terminal\?coin=bitcoin$/);
  // Read on the server (the list is the source of truth), whatever the page does next.
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/v2/notifications/');
      const body = (await res.json()) as { unread_count: number; results: { is_read: boolean }[] };
      return [body.unread_count, body.results.map((n) => n.is_read)];
    })
    .toEqual([0, [true]]);
  await page.goto('/terminal?coin=bitcoin');
  await panel.open();
  await expect(panel.notification('Bitcoin', false)).toBeVisible();
  await expect(panel.badge).toHaveCount(0);
});

test('pausing the only alert empties the list and the badge; resuming brings them back', async ({
  page,
}, info) => {
  const auth = new ServerAuthPage(page);
  const dialog = new AlertDialogModel(page);
  const panel = new AlertsPanelModel(page);
  const alerts = new AlertsListPage(page);

  await page.goto('/terminal?coin=ethereum');
  await auth.goToSignUp();
  await auth.signUp(newAccount(`alerts-pause-${info.project.name}`));
  await expect(page).toHaveURL(/\/terminal\?coin=ethereum$/);

  await dialog.open();
  await dialog.fill({ left: 'Price', op: '≥', rightValue: '0.5' });
  await dialog.submit();
  await expect(panel.badge).toHaveText('1', { timeout: 30_000 });

  await alerts.goto();
  await expect(alerts.list).toContainText('Price ≥ $0.500');
  await alerts.toggle('Pause', 'ethereum').click();
  await expect(alerts.toggle('Resume', 'ethereum')).toBeVisible();
  await expect(panel.badge).toHaveCount(0);
  await panel.open();
  await expect(panel.panel.getByText('No notifications yet')).toBeVisible();
  await panel.panel.getByRole('button', { name: 'Close alerts' }).click();

  await alerts.toggle('Resume', 'ethereum').click();
  await expect(panel.badge).toHaveText(/^[12]$/, { timeout: 30_000 });
});
