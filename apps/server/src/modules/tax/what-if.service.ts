import {
  type CoinMarket,
  type FieldErrors,
  lotChoiceMessages,
  marketMessages,
  type WhatIfBody,
  type WhatIfResponse,
  whatIfLimits,
  whatIfMessages,
} from '@app/contracts';
import {
  choiceAgainstLots,
  Dec,
  dayInZone,
  dayToIso,
  heldQuantity,
  isoToDay,
  namedLots,
  parseInstant,
  type TaxComputation,
  taxYearOf,
  toDecimalString,
  whatIfSale,
} from '@app/core';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { MarketReader } from '../market/index.ts';
import type { TaxService } from './tax.service.ts';
import { settingsOfYear } from './tax-history.ts';

const dayMs = 86_400_000;

/** The same month and day `years` later (29 February falls back to the 28th). */
function yearsLater(day: number, years: number): number {
  const d = new Date(day * dayMs);
  const y = d.getUTCFullYear() + years;
  const last = new Date(Date.UTC(y, d.getUTCMonth() + 1, 0)).getUTCDate();
  return Date.UTC(y, d.getUTCMonth(), Math.min(d.getUTCDate(), last)) / dayMs;
}

/**
 * A what-if sale's named lots against the open lots of its scope: each must be held, in the
 * quantity named, and they must add up to the sale. Only the US rule uses them, so only it checks.
 */
function assertLotsHeld(
  computation: TaxComputation,
  coinId: string,
  portfolioId: string | null,
  body: Pick<WhatIfBody, 'lots' | 'quantity'>,
): void {
  if (body.lots === undefined || computation.options.rule !== 'us') return;
  const open = computation.holdings
    .filter(
      (h) =>
        h.coinId === coinId &&
        h.acquisitionId !== null &&
        (portfolioId === null || h.portfolioId === portfolioId),
    )
    .map((h) => ({ acquisitionId: h.acquisitionId ?? '', quantity: h.quantity }));
  const named = namedLots(body.lots.map((l) => ({ acquisitionId: l.acquisition_id, quantity: l.quantity })));
  const check = choiceAgainstLots(open, named, new Dec(body.quantity));
  const errors: FieldErrors = {};
  for (const s of check.short) {
    if (s.available.isZero()) errors[`lots.${s.index}.acquisition_id`] = [lotChoiceMessages.notHeld];
    else errors[`lots.${s.index}.quantity`] = [lotChoiceMessages.used(toDecimalString(s.available))];
  }
  if (!check.adds_up)
    errors.lots = [
      lotChoiceMessages.total(toDecimalString(check.total), toDecimalString(new Dec(body.quantity))),
    ];
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * "What would this sale cost?": one sale tried against the signed-in user's lots under their tax
 * rule, method and rates, priced at what they give or the market's price now. Nothing is written.
 */
export function createWhatIfService(deps: {
  clock: Clock;
  tax: TaxService;
  market: Pick<MarketReader, 'getCoin' | 'describe'>;
}) {
  /** The coin's quote in `currency`; a currency or coin the market cannot price is no quote, never an error. */
  async function quote(coinId: string, currency: string): Promise<CoinMarket | null> {
    try {
      return await deps.market.getCoin(coinId, currency);
    } catch {
      return null;
    }
  }

  async function run(userId: string, body: WhatIfBody): Promise<WhatIfResponse> {
    // Checks the portfolio is the user's (404 otherwise) and loads the books of the scope.
    const ctx = await deps.tax.context(userId, body.portfolio_id ?? 'all');
    const { computation, books, settings } = ctx;
    const coinId = body.coin_id;
    const zone = computation.zone;

    // The books' last transaction of the coin, in any portfolio: lots move between portfolios
    // and the UK pool is the person's, so a sale before it would meet other lots than these.
    let lastMs: number | null = null;
    for (const t of books.transactions) {
      if (t.coin_id !== coinId) continue;
      const ms = parseInstant(t.executed_at);
      if (lastMs === null || ms > lastMs) lastMs = ms;
    }
    const market = await quote(coinId, books.currency);
    if (lastMs === null && market === null && (await quote(coinId, 'usd')) === null) {
      throw notFound(marketMessages.coinNotFound, 'coin_id');
    }

    const today = dayInZone(deps.clock().getTime(), zone);
    const day = body.date === undefined ? today : isoToDay(body.date);
    if (day > yearsLater(today, whatIfLimits.maxYearsAhead)) {
      throw validationError({ date: [whatIfMessages.tooFarAhead] });
    }
    if (lastMs !== null) {
      const lastDay = dayInZone(lastMs, zone);
      if (day < lastDay)
        throw validationError({ date: [whatIfMessages.beforeLastTransaction(dayToIso(lastDay))] });
    }
    if (!heldQuantity(computation, coinId, ctx.portfolioId).gt(0)) {
      throw validationError({ quantity: [whatIfMessages.nothingHeld] });
    }

    assertLotsHeld(computation, coinId, ctx.portfolioId, body);

    let price = body.price_per_coin;
    const source = price === undefined ? 'market_now' : 'given';
    if (price === undefined) {
      const now = market?.current_price;
      // The quote is a double: String() gives its shortest round-trip decimal, the price used digit for digit.
      if (now === undefined || !Number.isFinite(now) || !(now > 0)) {
        throw validationError({ price_per_coin: [whatIfMessages.noPriceNow] });
      }
      price = new Dec(String(now)).toFixed();
    }

    // The rates of the sale's tax year, as that year's report will use.
    const saleYear = settingsOfYear(ctx.history, taxYearOf(settings.rule, day));
    const sale = whatIfSale(computation, {
      coinId,
      portfolioId: ctx.portfolioId,
      quantity: body.quantity,
      pricePerCoin: price,
      feesPercentage: body.fees_percentage ?? '0',
      day,
      shortRate: saleYear.short_rate,
      longRate: saleYear.long_rate,
      currency: books.currency,
      yearlyAllowance: saleYear.yearly_allowance,
      yearlyAllowanceOf: (y) => settingsOfYear(ctx.history, y).yearly_allowance,
      lots: body.lots?.map((l) => ({ acquisitionId: l.acquisition_id, quantity: l.quantity })),
    });
    const priceNotes =
      source === 'market_now'
        ? [
            "Priced at the market's price now; the price you sell at will differ.",
            ...(deps.market.describe().mode === 'demo'
              ? ['The market data is a demo (simulated prices), so this price is not a real one.']
              : []),
          ]
        : [];
    return {
      ...sale,
      notes: [...priceNotes, ...sale.notes],
      currency: books.currency,
      price_source: source,
      disclaimer: whatIfMessages.disclaimer,
    };
  }

  return { run };
}

export type WhatIfService = ReturnType<typeof createWhatIfService>;
