import { expect, type Page } from '@playwright/test';

export interface Account {
  email: string;
  username: string;
  password: string;
}

export function newAccount(tag: string): Account {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    email: `${tag}-${id}@example.test`,
    username: `${tag} ${id}`,
    password: 'correct horse 42 battery',
  };
}

/** The server-rendered sign-in and sign-up pages (AUTH_MODE=local). */
export class ServerAuthPage {
  constructor(private readonly page: Page) {}

  async expectSignIn(returnTo: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/api\/auth\/login\?/);
    expect(new URL(this.page.url()).searchParams.get('return_to')).toBe(returnTo);
    await expect(this.page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  }

  async goToSignUp(): Promise<void> {
    await this.page.getByRole('link', { name: /create (an )?account/i }).click();
    await expect(this.page.getByRole('button', { name: 'Create account' })).toBeVisible();
  }

  async signUp(account: Account): Promise<void> {
    await this.page.getByLabel('Email').fill(account.email);
    await this.page.getByLabel('Username').fill(account.username);
    await this.page.getByLabel('Password', { exact: true }).fill(account.password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async signIn(account: Pick<Account, 'email' | 'password'>): Promise<void> {
    await this.page.getByLabel('Email').fill(account.email);
    await this.page.getByLabel('Password', { exact: true }).fill(account.password);
    await this.page.getByRole('button', { name: 'Sign in' }).click();
  }
}
