import { idNotFoundMessages, type ProjectionTaxLinkBody, type ProjectionTaxResponse } from '@app/contracts';
import { computationForYear, Dec, dayInZone, dayToIso, planTax, taxAwarePlan, taxYearOf } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { currencyFactor } from '../ledger/index.ts';
import type { MarketReader } from '../market/index.ts';
import { findProjection, listTransactions } from '../projections/index.ts';
import { deleteProjectionLink, findProjectionLink, saveProjectionLink } from './tax.repository.ts';
import type { TaxService } from './tax.service.ts';
import { settingsOfYear } from './tax-history.ts';

/** What the UK plan assumes and leaves out, said next to the figures. */
export const ukPlanNote =
  'UK matching: each sale is matched with purchases on its day first, then with purchases in the 30 days after it, then with the Section 104 pool at its average cost. ' +
  'The plan sells today, so it assumes you buy none of this coin in the next 30 days; a purchase then would be matched first and change the cost. ' +
  'Gains and losses already realized this tax year in your portfolios here use the annual exempt amount first; the rungs use the rest in order, and a rung’s loss nets against the year’s gains. ' +
  'Disposals outside this app and losses brought forward from earlier years are not included.';

/**
 * An exit plan linked to a portfolio (or all): each planned sale priced against the lots it
 * would consume under the account's rule and method. Unlinked plans keep the flat sell tax.
 */
export function createProjectionTaxService(deps: {
  db: Db;
  clock: Clock;
  tax: TaxService;
  market: Pick<MarketReader, 'getUsdRates'>;
}) {
  async function owned(userId: string, projectionId: string) {
    // The route's params schema has already answered a non-UUID id as this 404.
    const projection = await findProjection(deps.db, userId, projectionId);
    if (!projection) throw notFound(idNotFoundMessages.projection);
    return projection;
  }

  async function get(userId: string, projectionId: string): Promise<ProjectionTaxResponse> {
    const projection = await owned(userId, projectionId);
    const link = await findProjectionLink(deps.db, userId, projectionId);
    const settings = await deps.tax.settings(userId);
    const base = {
      linked: link === undefined ? null : (link ?? 'all'),
      rule: settings.rule,
      method: '',
      currency: null,
      as_of: dayToIso(Math.floor(deps.clock().getTime() / 86_400_000)),
      plan: null,
      tax_aware: null,
    };
    if (link === undefined) return { ...base, note: 'Not linked: the flat sell tax applies.' };
    const ctx = await deps.tax.context(userId, link ?? 'all');
    const asOfDay = dayInZone(deps.clock().getTime(), ctx.computation.zone);
    // The rungs sell today unless the tax-aware order dates them later: today's tax year's entry
    // is the one shown, and each sale is priced under its own year's entry (planTax).
    const thisYear = taxYearOf(ctx.settings.rule, asOfDay);
    const yearSettings = settingsOfYear(ctx.history, thisYear);
    const common = {
      ...base,
      rule: yearSettings.rule,
      method: computationForYear(ctx.computation, thisYear).method,
      currency: ctx.books.currency,
      as_of: dayToIso(asOfDay),
    };
    // Planned sales are future: a plan in another currency than the lots is converted at today's
    // rate (an estimate, said in the note); figures are then in the lots' currency.
    let factor = new Dec(1);
    let converted: string | null = null;
    if (ctx.books.currency !== projection.currency) {
      const rate = currencyFactor(await deps.market.getUsdRates(), projection.currency, ctx.books.currency);
      if (rate === null) {
        return {
          ...common,
          note: `The plan is in ${projection.currency.toUpperCase()} and the linked lots in ${ctx.books.currency.toUpperCase()}, and there is no exchange rate between them today.`,
        };
      }
      factor = rate;
      converted = `The plan's prices are in ${projection.currency.toUpperCase()}; they are converted to ${ctx.books.currency.toUpperCase()}, the lots' currency, at today's rate (1 ${projection.currency.toUpperCase()} = ${rate.toSignificantDigits(6).toFixed()} ${ctx.books.currency.toUpperCase()}), so these figures are an estimate in ${ctx.books.currency.toUpperCase()}.`;
    }
    const rows = await listTransactions(deps.db, userId, projectionId);
    const sales = rows.map((r) => ({
      id: r.id,
      coinsSold: r.coinsSold,
      pricePerCoin: factor.eq(1)
        ? r.pricePerCoin
        : new Dec(r.pricePerCoin).mul(factor).toSignificantDigits(20).toFixed(),
      feesPercentage: r.feesPercentage,
      priceImpactPercentage: r.priceImpactPercentage,
    }));
    const options = {
      portfolioId: ctx.portfolioId,
      coinId: projection.coinId,
      asOfDay,
      shortRate: yearSettings.short_rate,
      longRate: yearSettings.long_rate,
      ratesOf: (year: number) => {
        const s = settingsOfYear(ctx.history, year);
        return { shortRate: s.short_rate, longRate: s.long_rate };
      },
    };
    const held = ctx.computation.holdings.some(
      (h) =>
        h.coinId === projection.coinId && (ctx.portfolioId === null || h.portfolioId === ctx.portfolioId),
    );
    return {
      ...common,
      plan: planTax(ctx.computation, sales, options),
      tax_aware: sales.length > 0 ? taxAwarePlan(ctx.computation, sales, options) : null,
      note: held
        ? [converted, settings.rule === 'uk' ? ukPlanNote : null].filter((n) => n !== null).join(' ') || null
        : 'The linked portfolio holds none of this coin.',
    };
  }

  return {
    get,
    async link(
      userId: string,
      projectionId: string,
      body: ProjectionTaxLinkBody,
    ): Promise<ProjectionTaxResponse> {
      await owned(userId, projectionId);
      if (body.portfolio_id === null) await deleteProjectionLink(deps.db, userId, projectionId);
      else {
        // Checks the portfolio is the user's (404 otherwise) before linking.
        if (body.portfolio_id !== 'all') await deps.tax.context(userId, body.portfolio_id);
        await saveProjectionLink(
          deps.db,
          userId,
          projectionId,
          body.portfolio_id === 'all' ? null : body.portfolio_id,
          deps.clock(),
        );
      }
      return get(userId, projectionId);
    },
  };
}

export type ProjectionTaxService = ReturnType<typeof createProjectionTaxService>;
