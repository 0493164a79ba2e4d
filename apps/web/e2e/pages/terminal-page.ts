import { expect, type Locator, type Page } from '@playwright/test';
import { newAccount, ServerAuthPage } from './auth-pages.ts';

/** The market terminal (/ and /terminal). */
export class TerminalPage {
  readonly search: Locator;
  readonly results: Locator;
  readonly market: Locator;
  readonly currency: Locator;

  constructor(private readonly page: Page) {
    this.search = page.getByRole('combobox', { name: 'Search coins' });
    this.results = page.getByRole('listbox', { name: 'Search results' });
    this.market = page.getByRole('region', { name: 'Market' });
    this.currency = page.getByRole('combobox', { name: 'Base currency' });
  }

  /** Signs up a fresh account, landing on `path`. */
  async signUpAndOpen(path: string, tag: string): Promise<void> {
    const auth = new ServerAuthPage(this.page);
    await this.page.goto(path);
    await auth.goToSignUp();
    await auth.signUp(newAccount(tag));
    await expect(this.market.getByRole('table')).toBeVisible();
  }

  chartOf(name: string): Locator {
    return this.page.getByRole('region', { name: `${name} chart` });
  }

  /**
   * A coin's row button in the market table, by its exact name: the symbol follows the name on
   * wide screens only. Never a prefix: which coins share a first screen changes with the market.
   */
  coinButton(name: string, symbol: string): Locator {
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.market.getByRole('button', {
      name: new RegExp(`^${literal(name)}( ${literal(symbol)})?$`, 'i'),
    });
  }

  favouriteButton(name: string, within: Locator = this.market): Locator {
    return within.getByRole('button', { name: `Favourite ${name}`, exact: true });
  }

  /** Every figure privacy mode hides; on the terminal each of them is an amount of money. */
  moneyFigures(): Locator {
    return this.page.locator('main [data-private]');
  }
}
