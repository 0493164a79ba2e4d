import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { PortfoliosPage } from './pages/portfolio-pages.ts';

/*
 * A household on one server: the owner shares a portfolio with a viewer and an editor. The viewer
 * sees it marked "Shared by", with its figures and rows but no way to change them; the editor
 * adds a transaction that the owner then sees; revoking the viewer ends their access at once.
 */
test.describe.configure({ timeout: 150_000 });
/** A page's first data on a busy machine: waited for, never timed. */
const loaded = { timeout: 20_000 };

async function signUp(page: Page, tag: string): Promise<{ email: string; username: string }> {
  const account = newAccount(tag);
  await page.goto('/portfolios');
  const auth = new ServerAuthPage(page);
  await auth.expectSignIn('/portfolios');
  await auth.goToSignUp();
  await auth.signUp(account);
  await new AppShell(page).expectSignedIn();
  return account;
}

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  await page.request.get('/api/auth/csrf/');
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  return { 'X-CSRFToken': token };
}

test('share a portfolio with a viewer and an editor, then stop sharing', async ({ browser }, info) => {
  const viewport = info.project.use.viewport ?? { width: 1280, height: 800 };
  const open = async () =>
    (await browser.newContext({ baseURL: info.project.use.baseURL, viewport })).newPage();
  const [owner, viewer, editor] = [await open(), await open(), await open()];
  try {
    const v = await signUp(viewer, `share-v-${info.project.name}`);
    const e = await signUp(editor, `share-e-${info.project.name}`);
    const o = await signUp(owner, `share-o-${info.project.name}`);

    await new PortfoliosPage(owner).create('Family');
    const created = await owner.request.get('/api/v2/portfolios/');
    const family = ((await created.json()) as { results: { id: string; name: string }[] }).results.find(
      (p) => p.name === 'Family',
    );
    expect(family).toBeDefined();
    const id = family?.id ?? '';
    const buy = await owner.request.post('/api/v2/transactions/', {
      headers: await csrfHeaders(owner),
      data: {
        portfolio_id: id,
        coin_id: 'bitcoin',
        type: 'buy',
        quantity: '0.5',
        price_per_coin: '30000',
        fee: '0',
        date: '2024-03-01T12:00:00Z',
        note: 'Savings',
      },
    });
    expect(buy.status()).toBe(201);

    // The owner shares from the portfolio's page: one viewer, one editor.
    await owner.goto(`/portfolios/${id}`);
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    const sharing = owner.getByRole('region', { name: 'Sharing of Family' });
    await expect(sharing.getByText('Not shared with anyone.')).toBeVisible(loaded);
    const form = sharing.getByRole('form', { name: 'Share with an account' });
    await form.getByLabel('Email or username').fill('nobody@example.test');
    await form.getByRole('button', { name: 'Share' }).click();
    await expect(form.getByText('No account on this server has that email or username')).toBeVisible();
    await form.getByLabel('Email or username').fill(v.email);
    await form.getByRole('button', { name: 'Share' }).click();
    await expect(sharing.getByText(v.email)).toBeVisible();
    await form.getByLabel('Email or username').fill(e.email);
    await form.getByLabel('Role', { exact: true }).selectOption('editor');
    await form.getByRole('button', { name: 'Share' }).click();
    await expect(sharing.getByText(e.email)).toBeVisible();
    await owner.screenshot({ path: `${info.outputDir}/sharing-owner.png`, fullPage: true });

    // The viewer: marked as shared, rows and figures, no writes offered.
    await viewer.goto('/portfolios');
    const card = viewer.getByRole('article', { name: 'Family' });
    await expect(card.getByText(`Shared by ${o.username}`)).toBeVisible(loaded);
    await expect(card.getByText('you can view it')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Add transaction to Family' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Delete Family' })).toHaveCount(0);
    await card.getByRole('link', { name: 'View Family' }).click();
    await expect(viewer.getByRole('heading', { name: 'Family', level: 1 })).toBeVisible();
    const rows = viewer.getByRole('region', { name: 'Transactions' });
    await expect(rows.getByText('Savings').locator('visible=true').first()).toBeVisible(loaded);
    await expect(rows.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Add transaction' })).toHaveCount(0);
    await viewer.screenshot({ path: `${info.outputDir}/sharing-viewer.png`, fullPage: true });

    // The editor adds a sale through the owner's books; the owner sees it.
    const sale = await editor.request.post('/api/v2/transactions/', {
      headers: await csrfHeaders(editor),
      data: {
        portfolio_id: id,
        coin_id: 'bitcoin',
        type: 'sell',
        quantity: '0.1',
        price_per_coin: '60000',
        fee: '0',
        date: '2024-06-01T12:00:00Z',
        note: 'Editor sold',
      },
    });
    expect(sale.status()).toBe(201);
    await editor.goto(`/portfolios/${id}`);
    await expect(editor.getByText('you can view and edit its transactions')).toBeVisible(loaded);
    await expect(editor.getByRole('link', { name: 'Add transaction' })).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await owner.goto(`/portfolios/${id}`);
    await expect(
      owner
        .getByRole('region', { name: 'Transactions' })
        .getByText('Editor sold')
        .locator('visible=true')
        .first(),
    ).toBeVisible(loaded);

    // Stop sharing with the viewer: their next look finds nothing.
    await owner.getByRole('button', { name: 'Share', exact: true }).click();
    await owner
      .getByRole('region', { name: 'Sharing of Family' })
      .getByRole('button', { name: `Stop sharing with ${v.username}` })
      .click();
    await owner.getByRole('alertdialog').getByRole('button', { name: 'Stop sharing' }).click();
    await expect(owner.getByRole('region', { name: 'Sharing of Family' }).getByText(v.email)).toHaveCount(0);
    await viewer.goto('/portfolios');
    await expect(viewer.getByRole('heading', { name: 'No portfolios yet' })).toBeVisible(loaded);
    const gone = await viewer.request.get(`/api/v2/transactions/?portfolio_id=${id}`);
    expect(((await gone.json()) as { count: number }).count).toBe(0);
  } finally {
    for (const page of [owner, viewer, editor]) await page.context().close();
  }
});
