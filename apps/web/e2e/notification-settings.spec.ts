import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AlertDialogModel } from './pages/alerts.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { findLinkInOutbox } from './pages/outbox.ts';

// Settings → Notifications. A generic JSON webhook on a fake receiver on 127.0.0.1
// (the e2e server sets WEBHOOK_ALLOW_PRIVATE=true to reach it): add it, send a test, see the
// secret masked; a receiver answering 404 marks its channel failing; quiet hours and digest save.
test.describe.configure({ timeout: 60_000 });

test('channels: add a webhook, send a test, see a failing one; quiet hours and the digest save', async ({
  page,
}, info) => {
  const received: { path: string; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(req.url?.startsWith('/gone') ? 404 : 200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  try {
    const auth = new ServerAuthPage(page);
    await page.goto('/settings/notifications');
    await auth.goToSignUp();
    const account = newAccount(`notify-${info.project.name}`);
    await auth.signUp(account);
    // The page needs a verified email; only the server's first account starts verified.
    const settings = page.getByRole('heading', { name: 'Notification settings' });
    const verify = page.getByRole('heading', { name: 'Verify your email' });
    await expect(settings.or(verify)).toBeVisible();
    if (await verify.isVisible()) {
      const link = new URL(findLinkInOutbox(account.email, '/api/auth/verify-email?token='));
      await page.goto(`${link.pathname}${link.search}`);
      await page.goto('/settings/notifications');
    }
    await expect(page.getByRole('heading', { name: 'Notification settings' })).toBeVisible();
    await expect(page.getByText('In-app notifications')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a channel' });
    await form.getByLabel('Channel type').selectOption('json');
    await form.getByLabel('Name').fill('My hook');
    await form.getByLabel('Webhook URL').fill(`${base}/hook/secret-topic-abcd`);
    await form.getByLabel('Access token (optional)').fill('super-secret-token');
    await form.getByRole('button', { name: 'Add channel' }).click();

    const channels = page.getByRole('list', { name: 'Delivery channels' });
    const row = channels.getByRole('listitem').filter({ hasText: 'My hook' });
    await expect(row).toContainText(`${base}/…abcd`);
    await expect(page.getByText('secret-topic')).toHaveCount(0);
    await row.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByText('Test sent to “My hook”')).toBeVisible();
    expect(
      received.some((r) => r.path === '/hook/secret-topic-abcd' && r.body.includes('"kind":"test"')),
    ).toBe(true);

    await form.getByLabel('Channel type').selectOption('discord');
    await form.getByLabel('Name').fill('Old Discord');
    await form.getByLabel('Webhook URL').fill(`${base}/gone/123/abc`);
    await form.getByRole('button', { name: 'Add channel' }).click();
    const gone = channels.getByRole('listitem').filter({ hasText: 'Old Discord' });
    await gone.getByRole('button', { name: 'Send test' }).click();
    await expect(gone).toContainText('Failing');
    await expect(gone).toContainText('HTTP 404');

    const schedule = page.getByRole('form', { name: 'Quiet hours and digest' });
    await schedule.getByLabel('Time zone').selectOption('Europe/Berlin');
    await schedule.getByLabel('Quiet hours').check();
    await schedule.getByLabel('From').fill('22:30');
    await schedule.getByLabel('Until').fill('06:45');
    await schedule.getByLabel('Daily digest instead of one message per alert').check();
    await schedule.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Delivery schedule saved')).toBeVisible();
    await page.reload();
    await expect(schedule.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
    await expect(schedule.getByLabel('From')).toHaveValue('22:30');
    await expect(schedule.getByLabel('Digest time')).toHaveValue('08:00');

    // The page fits its width (no sideways scroll of the page itself).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(info.project.outputDir, `..`, `notification-settings-${info.project.name}.png`),
      fullPage: true,
    });

    // The alert dialog picks channels: every enabled one is ticked; untick the failing one.
    const dialog = new AlertDialogModel(page);
    await page.goto('/cryptocurrencies/bitcoin');
    await dialog.open();
    await dialog.fill({ left: 'Price', op: '≥', rightValue: '1' });
    const deliverTo = dialog.dialog.getByRole('group', { name: 'Deliver to' });
    await expect(deliverTo.getByLabel('My hook')).toBeChecked();
    await deliverTo.getByLabel('Old Discord').uncheck();
    await page.screenshot({
      path: join(info.project.outputDir, `..`, `alert-dialog-channels-${info.project.name}.png`),
    });
    await dialog.submit();
    const alerts = (await (await page.request.get('/api/v2/alerts/')).json()) as {
      results: { channel_ids: string[] | null; op: string; right: { value: number | null } }[];
    };
    expect(alerts.results).toHaveLength(1);
    // What the dialog made: an alert that cannot fire would leave the wait below to time out.
    expect(alerts.results[0]).toMatchObject({ op: '>=', right: { value: 1 } });
    expect(alerts.results[0]?.channel_ids).toHaveLength(1);

    // It fires on the next market refresh; with the digest on, its delivery waits for the digest.
    // The server's delivery log is the event to wait for; the page then shows it on one load. (A
    // loop of reloads, each giving the list 1 s to appear, never passed once a reload took longer.)
    // The log also lists the earlier test send to the same channel: the alert's is the held one.
    await expect
      .poll(
        async () => {
          const answer = await page.request.get('/api/v2/notification-deliveries/');
          const log = (await answer.json()) as { results: { channel_name: string; status: string }[] };
          return log.results.filter((d) => d.channel_name === 'My hook' && d.status === 'digest').length;
        },
        {
          timeout: 30_000,
          message: "a digest delivery for the alert (the alert, with the engine's last evaluation, follows)",
        },
      )
      .toBe(1)
      .catch(async (error: unknown) => {
        const state = await (await page.request.get('/api/v2/alerts/')).text();
        throw new Error(`${String(error)}\nalerts: ${state}`);
      });
    await page.goto('/settings/notifications');
    const log = page.getByRole('list', { name: 'Recent deliveries' });
    await expect(
      log.getByRole('listitem').filter({ hasText: 'My hook' }).filter({ hasText: 'Held for digest' }),
    ).toHaveCount(1);
    await expect(log.getByText('Old Discord')).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
