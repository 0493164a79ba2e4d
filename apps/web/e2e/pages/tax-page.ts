import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The Tax page's lots and disposals: tables on a wide screen, one card per lot or sale on a phone.
 * Lookups go through whichever layout is on screen, so a test asserts the same figures
 * at 1280 and 390 px.
 */
export class TaxPage {
  constructor(private readonly page: Page) {}

  /** One coin's lots panel ("Lots of ethereum"). */
  coinLots(coinId: string): Locator {
    return this.page.getByRole('region', { name: `Lots of ${coinId}` });
  }

  /** The lots of a coin panel as shown: the table or the cards. */
  lotsIn(panel: Locator): Locator {
    return visibleLayout(panel, / lots$/);
  }

  /** The realized-gains disposals as shown: the table or the cards. */
  get disposals(): Locator {
    return visibleLayout(this.page, 'Disposals and the lots they consumed');
  }

  /** The figure under `column` of the nth lot (0-based): a table cell, or the card's definition of that term. */
  async lotFigure(panel: Locator, n: number, column: string): Promise<Locator> {
    const lots = this.lotsIn(panel);
    if ((await lots.evaluate((el) => el.tagName)) === 'TABLE') {
      const headers = await lots.getByRole('columnheader').allTextContents();
      expect(headers, `a "${column}" column`).toContain(column);
      return lots
        .getByRole('row')
        .nth(n + 1)
        .getByRole('cell')
        .nth(headers.indexOf(column));
    }
    return lots
      .getByRole('listitem')
      .nth(n)
      .locator('dt')
      .filter({ hasText: new RegExp(`^${column.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .locator('xpath=following-sibling::dd[1]');
  }
}

function visibleLayout(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole('table', { name }).or(scope.getByRole('list', { name })).filter({ visible: true });
}
