import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './app-shell.ts';
import { newAccount, ServerAuthPage } from './auth-pages.ts';

/** Signs a new account up from a protected page and lands back on it. */
export async function signUpAt(page: Page, path: string, tag: string): Promise<void> {
  const auth = new ServerAuthPage(page);
  await page.goto(path);
  await auth.expectSignIn(path);
  await auth.goToSignUp();
  await auth.signUp(newAccount(tag));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await new AppShell(page).expectSignedIn();
}

export class PortfoliosPage {
  constructor(readonly page: Page) {}

  card(name: string): Locator {
    return this.page.getByRole('article', { name });
  }

  async create(name: string, description = ''): Promise<void> {
    await this.page.getByRole('button', { name: 'New portfolio' }).click();
    await this.page.getByLabel('Name').fill(name);
    if (description) await this.page.getByLabel('Description').fill(description);
    await this.page.getByRole('button', { name: 'Create portfolio' }).click();
    await expect(this.card(name)).toBeVisible();
  }

  async importCsv(portfolio: string, fileName: string, csv: string): Promise<Locator> {
    await this.card(portfolio)
      .getByRole('button', { name: `Import CSV into ${portfolio}` })
      .click();
    const panel = this.page.getByRole('region', { name: `Import CSV into ${portfolio}` });
    await panel
      .getByLabel('CSV file')
      .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    return panel;
  }
}

/** The import preview's coin chooser: one group of choices per symbol we could not identify. */
export class CoinChooser {
  readonly region: Locator;

  constructor(panel: Locator) {
    this.region = panel.getByRole('region', { name: 'Choose coins' });
  }

  group(symbol: string): Locator {
    return this.region.getByRole('group', { name: new RegExp(`^${symbol} ·`) });
  }

  async choose(symbol: string, coinName: string): Promise<void> {
    await this.group(symbol)
      .getByRole('radio', { name: new RegExp(coinName.replace(/[()]/g, '\\$&')) })
      .check();
    await expect(this.group(symbol)).toContainText(`Importing as ${coinName}`);
  }

  async search(symbol: string, text: string): Promise<void> {
    await this.group(symbol).getByLabel(`Search coins for ${symbol}`).fill(text);
  }
}

export interface TxInput {
  type?: string;
  coin: string;
  quantity: string;
  price: string;
  fee?: string;
  /** A coin the fee was paid in (e.g. 'bnb'), chosen with the fee coin picker; none: the portfolio's currency. */
  feeCoin?: string;
  date: string;
}

export class TransactionsPage {
  readonly form: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByRole('form', { name: /transaction/i });
  }

  async goto(): Promise<void> {
    await this.page.goto('/transactions');
    await expect(this.page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  }

  async fill(tx: TxInput): Promise<void> {
    const f = this.form;
    await f.getByLabel('Type', { exact: true }).selectOption({ label: tx.type ?? 'Buy' });
    await f.getByLabel('Coin', { exact: true }).fill(tx.coin);
    await f.getByLabel('Quantity', { exact: true }).fill(tx.quantity);
    await f.getByLabel(/^Price per coin/).fill(tx.price);
    if (tx.feeCoin) {
      await f.getByLabel('Fee currency').selectOption({ label: 'Another coin…' });
      await f.getByLabel('Fee coin', { exact: true }).fill(tx.feeCoin);
      await f
        .getByRole('option', { name: new RegExp(`^${tx.feeCoin}\\b`, 'i') })
        .first()
        .click();
    }
    // "Fee (USD)" or "Fee (BNB)": not the "Fee currency" select nor the "Fee coin" picker.
    await f.getByLabel(/^Fee( \(.+\))?$/).fill(tx.fee ?? '0');
    await f.getByLabel('Date and time').fill(tx.date);
  }

  async add(tx: TxInput): Promise<void> {
    await this.page.getByRole('button', { name: 'New transaction' }).click();
    await this.fill(tx);
    await this.form.getByRole('button', { name: 'Add transaction' }).click();
    await expect(this.form).toBeHidden();
  }

  /** Table rows from md up, cards on a phone: whichever the width shows. */
  rows(): Locator {
    return this.page
      .getByRole('table', { name: /Transactions/ })
      .locator('tbody tr')
      .or(this.page.getByRole('list', { name: /Transactions/ }).getByRole('listitem'));
  }
}

export class MetricsPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('heading', { name: 'Metrics', level: 1 })).toBeVisible();
  }

  async metric(label: 'Holdings' | 'Returns' | 'Capital' | 'Cost'): Promise<Locator> {
    await this.page
      .getByRole('group', { name: 'Metric' })
      .getByRole('button', { name: label, exact: true })
      .click();
    return this.page.getByRole('region', { name: label, exact: true });
  }

  async returnType(label: 'Total' | 'Unrealized' | 'Realized'): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Return type' })
      .getByRole('button', { name: label, exact: true })
      .click();
  }
}
