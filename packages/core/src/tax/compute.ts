import { ruleTimeZone } from './dates.ts';
import { LotChoiceLog } from './lot-choice.ts';
import { runLotRules } from './lot-engine.ts';
import { prepareTimeline } from './prepare.ts';
import { type RegimeEntry, regimeCalcs, sameTaxCalendar } from './regimes.ts';
import { linkOwnTransfers } from './transfers.ts';
import type { TaxComputation, TaxInput } from './types.ts';
import { runUkRules as runUk } from './uk-engine.ts';

/**
 * Replays all of a user's transactions under a tax rule: every disposal with the acquisitions
 * it consumed, reward income, what is still held, and what could not be valued. Run it over
 * all portfolios (transfers between them carry lots) and filter by portfolio afterwards.
 *
 * With a history, each tax year is matched under the entry in force then, the lots carrying
 * over from one entry to the next. The entries must share one tax calendar (`sameTaxCalendar`):
 * the settings refuse any other history.
 */
export function computeTax(input: TaxInput): TaxComputation {
  const entries: readonly RegimeEntry[] =
    input.history !== undefined && input.history.length > 0
      ? input.history
      : [
          {
            fromYear: null,
            rule: input.rule,
            method: input.method,
            customThresholdDays: input.customThresholdDays,
          },
        ];
  const latest = entries.at(-1) as RegimeEntry;
  if (entries.some((e) => !sameTaxCalendar(e.rule, latest.rule)))
    throw new Error('a history mixes rules with different tax years');
  const zone = ruleTimeZone(latest.rule);
  const links = input.links ?? linkOwnTransfers(input.transactions);
  const timeline = prepareTimeline(input.transactions, zone);
  const regimes = regimeCalcs(entries);
  const last = regimes.at(-1) as (typeof regimes)[number];
  if (last.method === 'uk_pooling') {
    // HMRC's identification rules fix the matching person-wide over the whole history, whatever
    // method an earlier entry named: a sale's named lots are kept, not used.
    const log = new LotChoiceLog(false);
    for (const p of timeline)
      if (p.tx.type === 'sell' && input.lotChoices?.has(p.tx.id)) log.ignored.add(p.tx.id);
    return { ...runUk(timeline, last.options, links, zone), regimes, lotChoices: log.outcome() };
  }
  return runLotRules(timeline, regimes, links, zone, {
    choices: input.lotChoices,
    lotsBefore: input.lotsBefore,
    perPortfolio: input.perPortfolio,
  });
}
