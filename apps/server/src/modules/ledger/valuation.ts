import type { CoinMarket, CostBasisMethod } from '@app/contracts';
import { Dec, type LedgerTotals, type PnlParts, positionParts, sumParts } from '@app/core';
import type { MarketReader } from '../market/index.ts';
import { currencyFactor } from './currency.ts';
import { ratesUnavailable } from './positions.service.ts';
import type { LoadedPortfolio } from './user-books.ts';

/** One coin across the valued portfolios, every amount in the base currency. */
export interface CoinValuation {
  coinId: string;
  parts: PnlParts;
  quote: CoinMarket | null;
  /** Decimal string of the current price in the base currency, or null when unknown. */
  price: string | null;
  /** quantity × the quote's 24h price change; zero when unknown. */
  change24h: Dec;
}

export interface Valuation {
  coins: CoinValuation[];
  /**
   * Held coins with no quote: valued at their cost basis so totals stay meaningful (the units of
   * unknown cost of such a coin are then valued at nothing, never at a made-up cost).
   */
  unpriced: string[];
}

/** What valuation reads of a portfolio: its currency and its ledger totals (a book, or stored totals). */
export interface ValuedPortfolio {
  portfolio: Pick<LoadedPortfolio['portfolio'], 'currency'>;
  book: { ledger(method: CostBasisMethod): { coins: readonly LedgerTotals[] } };
}

/**
 * Values the portfolios' ledgers at current prices in the base currency. Costs are stored in
 * each portfolio's currency and converted at today's rate; market values come straight from
 * quotes in the base currency.
 */
export async function valuePortfolios(
  loaded: readonly ValuedPortfolio[],
  method: CostBasisMethod,
  baseCurrency: string,
  market: MarketReader,
): Promise<Valuation> {
  const ledgers = loaded.map((l) => ({ portfolio: l.portfolio, coins: l.book.ledger(method).coins }));
  const ids = [...new Set(ledgers.flatMap((l) => l.coins.map((c) => c.coin_id)))];
  const needsRates = loaded.some((l) => l.portfolio.currency !== baseCurrency);
  const [quotes, rates] = await Promise.all([
    ids.length > 0 ? market.getQuotes(ids, baseCurrency) : Promise.resolve(new Map<string, CoinMarket>()),
    needsRates ? market.getUsdRates() : Promise.resolve({}),
  ]);
  const prices = new Map<string, string | null>();
  for (const id of ids) {
    const quote = quotes.get(id);
    prices.set(id, quote ? new Dec(quote.current_price).toFixed() : null);
  }

  const perCoin = new Map<string, PnlParts[]>();
  for (const { portfolio, coins } of ledgers) {
    const factor = currencyFactor(rates, portfolio.currency, baseCurrency);
    if (!factor) throw ratesUnavailable();
    for (const coin of coins) {
      const raw = positionParts(coin, prices.get(coin.coin_id) ?? null);
      const scaled: PnlParts = factor.eq(1)
        ? raw
        : {
            ...raw,
            costBasis: raw.costBasis.mul(factor),
            costOfUnitsSold: raw.costOfUnitsSold.mul(factor),
            realized: raw.realized.mul(factor),
          };
      const list = perCoin.get(coin.coin_id) ?? [];
      list.push(scaled);
      perCoin.set(coin.coin_id, list);
    }
  }

  const unpriced: string[] = [];
  const coins: CoinValuation[] = [];
  for (const [coinId, list] of perCoin) {
    const parts = sumParts(list);
    const quote = quotes.get(coinId) ?? null;
    if (parts.marketValue === null) {
      unpriced.push(coinId);
      // Valued at cost: the units of unknown cost add nothing, as they have neither.
      parts.marketValue = parts.costBasis;
      parts.knownValue = parts.costBasis;
    }
    const change = quote?.price_change_24h;
    coins.push({
      coinId,
      parts,
      quote,
      price: prices.get(coinId) ?? null,
      change24h: change == null ? new Dec(0) : parts.quantity.mul(new Dec(change)),
    });
  }
  coins.sort((a, b) => (a.coinId < b.coinId ? -1 : a.coinId > b.coinId ? 1 : 0));
  return { coins, unpriced: unpriced.sort() };
}

export interface ValuationTotals {
  parts: PnlParts;
  totalValue: Dec;
  change24h: Dec;
  /** change ÷ value 24h ago × 100; null when there was no value 24h ago. */
  changePercentage24h: Dec | null;
  uniqueCoins: number;
}

export function valuationTotals(valuation: Valuation): ValuationTotals {
  const parts = sumParts(valuation.coins.map((c) => c.parts));
  const totalValue = parts.marketValue ?? new Dec(0);
  let change24h = new Dec(0);
  for (const c of valuation.coins) change24h = change24h.add(c.change24h);
  const before = totalValue.sub(change24h);
  return {
    parts,
    totalValue,
    change24h,
    changePercentage24h: before.isZero() ? null : change24h.div(before).mul(100),
    uniqueCoins: valuation.coins.filter((c) => c.parts.quantity.gt(0)).length,
  };
}
