import { expect, type Locator, type Page } from '@playwright/test';

/** Settings → API access: the create form, the one-time token notice and the token cards. */
export class ApiAccessPage {
  readonly form: Locator;
  readonly notice: Locator;

  constructor(private readonly page: Page) {
    this.form = page.getByRole('form', { name: 'Create a token' });
    this.notice = page.getByRole('region', { name: 'New token' });
  }

  /** From the settings list, as a user gets there. */
  async openFromSettings(): Promise<void> {
    await this.page.goto('/settings');
    await this.page.getByRole('link', { name: /API access/ }).click();
    await expect(this.page.getByRole('heading', { name: 'API access', level: 1 })).toBeVisible();
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  /** Creates a token limited to `portfolios` (all when empty) and returns the whole token, read from the notice. */
  async create(name: string, portfolios: readonly string[] = []): Promise<string> {
    await this.form.getByLabel('Name').fill(name);
    if (portfolios.length > 0) {
      await this.form.getByRole('radio', { name: 'Only the ones I pick' }).check();
      for (const portfolio of portfolios) await this.form.getByRole('checkbox', { name: portfolio }).check();
    }
    await this.form.getByRole('button', { name: 'Create token' }).click();
    const field = this.notice.getByLabel('Your new token');
    await expect(field).toHaveValue(/^elt_/);
    return field.inputValue();
  }

  async revoke(name: string): Promise<void> {
    await this.card(name)
      .getByRole('button', { name: `Revoke ${name}` })
      .click();
    await this.page
      .getByRole('alertdialog', { name: `Revoke “${name}”?` })
      .getByRole('button', { name: 'Revoke token' })
      .click();
  }
}
