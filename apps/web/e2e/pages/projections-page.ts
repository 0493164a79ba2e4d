import { expect, type Locator, type Page } from '@playwright/test';

/** The /projections pages: switcher, dialog, ladder, sell table (role and label locators only). */
export class ProjectionsPage {
  readonly switcher: Locator;
  readonly dialog: Locator;
  readonly table: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.switcher = page.getByRole('navigation', { name: 'Projection switcher' });
    this.dialog = page.getByRole('dialog');
    this.table = page.getByRole('table', { name: 'Sell transactions' });
    this.summary = page.getByRole('region', { name: 'Projection summary' });
  }

  async open(): Promise<void> {
    await this.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Projections' })
      .click();
    await expect(this.page).toHaveURL(/\/projections$/);
  }

  async createFromPicker(
    coinName: string,
    values: { capital: string; coins: string; tax?: string },
  ): Promise<void> {
    const before = this.page.url();
    await this.page.getByRole('button', { name: 'Add projection' }).first().click();
    await expect(this.dialog).toBeVisible();
    await this.dialog.getByRole('button', { name: /Cryptocurrency/ }).click();
    await this.dialog.getByRole('combobox', { name: 'Search coins' }).fill(coinName);
    await this.dialog
      .getByRole('option', { name: new RegExp(`^${coinName} \\(`) })
      .first()
      .click();
    await this.dialog.getByLabel('Invested capital').fill(values.capital);
    await this.dialog.getByLabel('Coins owned').fill(values.coins);
    if (values.tax !== undefined) await this.dialog.getByLabel('Sell tax (%)').fill(values.tax);
    await this.dialog.getByRole('button', { name: 'Create projection' }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.page).not.toHaveURL(before);
    await expect(this.page).toHaveURL(/\/projections\/[0-9a-f-]{36}$/);
    await expect(this.summary).toContainText(`· invested`);
    await expect(
      this.switcher
        .getByRole('button', { name: /Position$/ })
        .and(this.page.locator('[aria-current="page"]')),
    ).toHaveCount(1);
  }

  async generateLadder(start: string, end: string, rungs: string): Promise<void> {
    const form = this.page.getByRole('form', { name: 'Ladder generator' });
    await form.getByLabel('Start price').fill(start);
    await form.getByLabel('End price').fill(end);
    await form.getByLabel('Rungs').fill(rungs);
    await form.getByRole('button', { name: 'Generate ladder' }).click();
  }

  cell(label: string, n: number): Locator {
    return this.table.getByRole('textbox', { name: `${label}, sell ${n}` });
  }

  bodyRows(): Locator {
    return this.table.locator('tbody').getByRole('row');
  }

  stat(label: string): Locator {
    return this.summary
      .getByRole('term')
      .filter({ hasText: label })
      .locator('xpath=following-sibling::dd[1]');
  }

  async save(): Promise<void> {
    const button = this.page.getByRole('button', { name: 'Save transactions' });
    await button.click();
    // A toast from an earlier save may still be showing; the latest one and the idle button prove this one.
    await expect(this.page.getByText('Sell plan saved').last()).toBeVisible();
    await expect(button).toBeDisabled();
  }
}
