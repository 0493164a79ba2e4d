import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The /projections pages: switcher, dialog, ladder, sell table (role and label locators
 * only). The sells are a table on wide screens and a list of cards on narrow ones; both
 * are named 'Sell transactions' and label each sell 'Sell n'.
 */
export class ProjectionsPage {
  readonly switcher: Locator;
  readonly dialog: Locator;
  readonly table: Locator;
  readonly summary: Locator;

  constructor(private readonly page: Page) {
    this.switcher = page.getByRole('navigation', { name: 'Projection switcher' });
    this.dialog = page.getByRole('dialog');
    this.table = page
      .getByRole('table', { name: 'Sell transactions' })
      .or(page.getByRole('list', { name: 'Sell transactions' }));
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

  /** The sells mounted now (the list is virtualised: a window of a long plan). */
  bodyRows(): Locator {
    const name = /^Sell \d+$/;
    return this.table.getByRole('row', { name }).or(this.table.getByRole('listitem', { name }));
  }

  sellRow(n: number): Locator {
    const name = `Sell ${n}`;
    return this.table
      .getByRole('row', { name, exact: true })
      .or(this.table.getByRole('listitem', { name, exact: true }));
  }

  /** The projection open now, from the address. */
  currentId(): string {
    const id = /\/projections\/([0-9a-f-]{36})$/.exec(this.page.url())?.[1];
    if (id === undefined) throw new Error(`no projection open at ${this.page.url()}`);
    return id;
  }

  /** Stores a sell plan through the API (the replace route), as a long plan is not typed by hand. */
  async storeSells(
    id: string,
    sells: {
      coins_sold: string;
      price_per_coin: string;
      fees_percentage: string;
      transaction_order: number;
    }[],
  ): Promise<void> {
    const token = (await this.page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const response = await this.page.request.post(
      `/api/v2/projections/exit-strategy/${id}/transactions/replace/`,
      {
        headers: { 'x-csrftoken': token },
        data: sells.map((s) => ({ ...s, price_impact_percentage: '0' })),
      },
    );
    expect(response.status()).toBe(200);
  }

  /** Scrolls the sells to their end: the table scrolls in its box, the cards with the page. */
  async scrollSellsToEnd(): Promise<void> {
    await this.table.evaluate((list) => {
      const box = list.closest('[data-testid="sell-table-scroller"]');
      if (box === null) window.scrollTo(0, document.body.scrollHeight);
      else box.scrollTop = box.scrollHeight;
    });
  }

  /** True when the page is wider than the window (it scrolls sideways). */
  scrollsSideways(): Promise<boolean> {
    return this.page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      return root.scrollWidth > root.clientWidth;
    });
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
