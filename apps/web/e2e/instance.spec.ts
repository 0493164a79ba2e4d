import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/app-shell.ts';
import { newAccount, ServerAuthPage } from './pages/auth-pages.ts';
import { startAppServer } from './support/live-server.ts';

/*
 * Running a server for a household, on a server of its own (changing who may sign up would stop
 * the other journeys' sign-ups on the shared one). Its first account runs it: closes sign-ups to
 * invitations, sends a link, the invited person signs up with it, a stranger without one cannot;
 * then the administrator disables the new account and its session ends. Both widths in one run.
 */
test.describe.configure({ timeout: 120_000 });

async function signUpHere(page: Page, tag: string, path = '/settings'): Promise<string> {
  const account = newAccount(tag);
  await page.goto(path);
  const auth = new ServerAuthPage(page);
  await auth.goToSignUp();
  await auth.signUp(account);
  await new AppShell(page).expectSignedIn();
  return account.email;
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(sideways).toBe(0);
}

test('the first account runs the server: invitation-only sign-ups, a link, and disabling an account', async ({
  browser,
}, info) => {
  test.skip(info.project.name !== 'desktop', 'one server of its own, both widths in one run');
  const server = await startAppServer({
    port: Number(process.env.E2E_PORT ?? 4310) + 600,
    env: { MARKET_DATA: 'snapshot', MARKET_REFRESH_SECONDS: '3600' },
    ready: (h) => typeof h === 'object' && h !== null,
    timeoutMs: 90_000,
  });
  const contexts = [];
  try {
    const adminContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 800 },
    });
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await signUpHere(admin, 'admin');
    await admin.getByRole('link', { name: /^Instance/ }).click();
    await expect(admin).toHaveURL(/\/settings\/instance$/);
    await expect(admin.getByRole('heading', { name: 'Instance', level: 1 })).toBeVisible();

    // Sign-ups by invitation only, then a link for one person.
    const signups = admin.getByRole('region', { name: 'Sign-ups' });
    await signups.getByRole('radio', { name: /By invitation/ }).check();
    await signups.getByRole('button', { name: 'Save' }).click();
    await expect(signups.getByRole('button', { name: 'Save' })).toBeDisabled();
    const invitations = admin.getByRole('region', { name: 'Invitations' });
    await invitations.getByLabel('Who it is for').fill('Sam');
    await invitations.getByRole('button', { name: 'Make a link' }).click();
    const link = await invitations.getByLabel('Invitation link', { exact: true }).inputValue();
    expect(link).toContain(`${server.url}/api/auth/login?screen_hint=signup&invitation=`);
    await expect(invitations.getByRole('list', { name: 'Invitation links' })).toContainText('Sam');

    const { violations } = await new AxeBuilder({ page: admin })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    await noSidewaysScroll(admin);

    // A stranger without a link is told why, and no form is offered.
    const strangerContext = await browser.newContext({ baseURL: server.url });
    contexts.push(strangerContext);
    const stranger = await strangerContext.newPage();
    await stranger.goto('/api/auth/login?screen_hint=signup');
    await expect(stranger.getByRole('alert')).toContainText('by invitation only');
    await expect(stranger.getByRole('button', { name: 'Create account' })).toHaveCount(0);

    // The invited person signs up through the link, on a phone.
    const samContext = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
    });
    contexts.push(samContext);
    const sam = await samContext.newPage();
    await sam.goto(link);
    const samAccount = newAccount('sam');
    await new ServerAuthPage(sam).signUp(samAccount);
    await new AppShell(sam).expectSignedIn();
    // Sam does not run the server: Settings shows no Instance page, and its address answers 403.
    await sam.goto('/settings');
    await expect(sam.getByRole('link', { name: /^Profile/ })).toBeVisible();
    await expect(sam.getByRole('link', { name: /^Instance/ })).toHaveCount(0);
    await sam.goto('/settings/instance');
    await expect(sam.getByRole('alert')).toHaveText('You do not have permission to access this resource.');

    // The link was for one account: a second sign-up with it is refused.
    const secondContext = await browser.newContext({ baseURL: server.url });
    contexts.push(secondContext);
    const second = await secondContext.newPage();
    await second.goto(link);
    await expect(second.getByRole('alert')).toContainText('not valid any more');

    // The administrator, on a phone too, disables Sam; Sam's next request finds the session gone.
    await admin.setViewportSize({ width: 390, height: 844 });
    await admin.reload();
    const card = admin.getByRole('listitem', { name: samAccount.email });
    await expect(card).toContainText('Email not verified');
    await card.getByRole('button', { name: 'Disable' }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
    await expect(card).toContainText('Disabled');
    await expect(card.getByRole('button', { name: 'Enable' })).toBeVisible();
    await noSidewaysScroll(admin);
    await sam.goto('/portfolios');
    await expect(sam).toHaveURL(/\/api\/auth\/login\?/);
    await new ServerAuthPage(sam).signIn(samAccount);
    await expect(sam.getByRole('alert')).toContainText("disabled by the server's administrator");
  } finally {
    for (const context of contexts) await context.close();
    await server.stop();
  }
});
