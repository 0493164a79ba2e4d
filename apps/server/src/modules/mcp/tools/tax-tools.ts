import {
  benchmarkTimeframes,
  lotsViewSchema,
  type NeedsPriceItem,
  returnPeriodsList,
  returnsResponseSchema,
  taxReportResponseSchema,
  taxRoutes,
} from '@app/contracts';
import { z } from 'zod';
import { defineTool } from '../tool-kit.ts';
import { coinIdArg, portfolioScopeArg } from './tool-inputs.ts';

function needsPriceCaveat(items: readonly NeedsPriceItem[]): string[] {
  if (items.length === 0) return [];
  return [
    `${items.length} transaction(s) lack a price or exchange rate (needs_price): figures that depend on them are left out, not counted as 0.`,
  ];
}

const estimateCaveat = 'Tax figures are estimates from the rates in the tax settings, not a tax return.';

export const getTaxLots = defineTool({
  name: 'get_tax_lots',
  title: 'Open tax lots',
  description:
    "The open lots under the user's tax rule and cost-basis method: per coin each lot's acquisition date, quantity, cost, value, unrealized gain, days held and the day it turns long-term or tax-free, with totals of what qualifies now and within 30 and 90 days.",
  scope: 'read',
  input: z.object({ portfolio_id: portfolioScopeArg, coin_id: coinIdArg.optional() }),
  data: lotsViewSchema,
  async run(args, { rest }) {
    const lots = await rest.get(lotsViewSchema, taxRoutes.lots, args);
    return {
      data: lots,
      currency: lots.currency,
      caveats: needsPriceCaveat(lots.needs_price),
      headline: `Rule ${lots.rule}, method ${lots.method}, ${lots.coins.length} coin(s) with open lots`,
    };
  },
});

export const getTaxReport = defineTool({
  name: 'get_tax_report',
  title: 'Realized gains report',
  description:
    "The realized-gains report for one tax year under the user's tax rule (none, us, de, uk or custom, from the tax settings): each disposal with the lots it used, totals per category, income from rewards, and the year's summary after allowances and losses carried between years, with an estimated tax. `years` lists the years that have disposals or income.",
  scope: 'read',
  input: z.object({
    portfolio_id: portfolioScopeArg,
    year: z
      .number()
      .int()
      .min(2009)
      .max(2100)
      .optional()
      .describe(
        'The tax year (the year it starts in, e.g. 2024 for the UK year 2024/25); default the current one.',
      ),
  }),
  data: taxReportResponseSchema,
  async run(args, { rest }) {
    const report = await rest.get(taxReportResponseSchema, taxRoutes.report, args);
    return {
      data: report,
      currency: report.currency,
      caveats: [
        estimateCaveat,
        ...needsPriceCaveat(report.needs_price),
        ...(report.incomplete_disposals > 0
          ? [
              `${report.incomplete_disposals} disposal(s) are left out of the totals because a figure is unknown.`,
            ]
          : []),
      ],
      headline: `Tax year ${report.year_label}, rule ${report.rule}, method ${report.method}, ${report.disposals.length} disposal(s), total gain ${report.total_gain}`,
    };
  },
});

export const getReturns = defineTool({
  name: 'get_returns',
  title: 'Returns against a benchmark',
  description:
    'Portfolio returns for 1M, 3M, YTD, 1Y and ALL: simple return, time-weighted return (TWR) and money-weighted return (MWR, XIRR), annualized for a year or more, beside a benchmark coin and the difference in percentage points. Percentages are numbers as strings (15.84 means 15.84 %).',
  scope: 'read',
  input: z.object({
    portfolio_id: portfolioScopeArg,
    benchmark: coinIdArg.optional().describe('The coin to compare with (default "bitcoin").'),
    explain: z.enum(returnPeriodsList).optional().describe('Also list the cash flows behind this period.'),
    line: z
      .enum(benchmarkTimeframes)
      .optional()
      .describe("Also return the benchmark's value line for this chart timeframe."),
  }),
  data: returnsResponseSchema,
  async run(args, { rest }) {
    const returns = await rest.get(returnsResponseSchema, taxRoutes.returns, args);
    const caveats = needsPriceCaveat(returns.needs_price);
    if (returns.coins_without_history.length > 0) {
      caveats.push(
        `No price history for ${returns.coins_without_history.join(', ')}: left out of the values, not counted as 0.`,
      );
    }
    if (!returns.benchmark.available)
      caveats.push(`No price history for the benchmark ${returns.benchmark.coin_id}.`);
    return {
      data: returns,
      currency: returns.currency,
      caveats,
      headline: `Returns against ${returns.benchmark.coin_id} as of ${returns.as_of}`,
    };
  },
});
