import type { CoinMarket, TaxDecisions, TaxDecisionsQuery } from '@app/contracts';
import { dayInZone, taxDecisions } from '@app/core';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/index.ts';
import type { TaxService } from './tax.service.ts';
import { settingsOfYear } from './tax-history.ts';

/**
 * "Decisions this year": the signed-in user's lots worth waiting for, losses they could harvest and
 * the allowance left, under their rule, method and rates by year. In the currency the rule reports
 * in (the report's), so the allowance is the law's own figure; priced at the market's price now.
 */
export function createTaxDecisionsService(deps: {
  tax: Pick<TaxService, 'context'>;
  clock: Clock;
  market: Pick<MarketReader, 'getQuotes'>;
}) {
  async function decisions(userId: string, query: TaxDecisionsQuery): Promise<TaxDecisions> {
    // Checks the portfolio is the user's (404 otherwise) and loads the books of the scope, in the
    // currency of this tax year's rule (a change of rule next year does not move this year's).
    const ctx = await deps.tax.context(userId, query.portfolio_id, {});
    const { computation, books } = ctx;
    const coins = [...new Set(computation.holdings.map((h) => h.coinId))];
    // A market that cannot price now leaves the lots unpriced (said in the notes), never an error.
    const quotes =
      coins.length === 0
        ? new Map<string, CoinMarket>()
        : await deps.market.getQuotes(coins, books.currency).catch(() => new Map<string, CoinMarket>());
    const prices = new Map<string, string | null>();
    for (const id of coins) {
      const price = quotes.get(id)?.current_price;
      // The quote is a double: its shortest decimal form is the exact string the lots are valued at.
      prices.set(id, price === undefined || !Number.isFinite(price) || !(price > 0) ? null : String(price));
    }
    return taxDecisions(computation, {
      portfolioId: ctx.portfolioId,
      currency: books.currency,
      prices,
      today: dayInZone(deps.clock().getTime(), computation.zone),
      ratesOf: (year) => {
        const s = settingsOfYear(ctx.history, year);
        return { shortRate: s.short_rate, longRate: s.long_rate, yearlyAllowance: s.yearly_allowance };
      },
    });
  }
  return { decisions };
}

export type TaxDecisionsService = ReturnType<typeof createTaxDecisionsService>;
