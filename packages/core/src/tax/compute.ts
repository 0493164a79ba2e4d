import { ruleTimeZone } from './dates.ts';
import { LotChoiceLog } from './lot-choice.ts';
import { runLotRules } from './lot-engine.ts';
import { prepareTimeline } from './prepare.ts';
import { effectiveMethod } from './rules.ts';
import { linkOwnTransfers } from './transfers.ts';
import type { TaxComputation, TaxInput } from './types.ts';
import { runUkRules as runUk } from './uk-engine.ts';

/**
 * Replays all of a user's transactions under a tax rule: every disposal with the acquisitions
 * it consumed, reward income, what is still held, and what could not be valued. Run it over
 * all portfolios (transfers between them carry lots) and filter by portfolio afterwards.
 */
export function computeTax(input: TaxInput): TaxComputation {
  const zone = ruleTimeZone(input.rule);
  const links = input.links ?? linkOwnTransfers(input.transactions);
  const timeline = prepareTimeline(input.transactions, zone);
  const method = effectiveMethod(input);
  const options = { rule: input.rule, method: input.method, customThresholdDays: input.customThresholdDays };
  if (method === 'uk_pooling') {
    // HMRC's identification rules fix the matching: a sale's named lots are kept, not used.
    const log = new LotChoiceLog(false);
    for (const p of timeline)
      if (p.tx.type === 'sell' && input.lotChoices?.has(p.tx.id)) log.ignored.add(p.tx.id);
    return { ...runUk(timeline, options, links, zone), lotChoices: log.outcome() };
  }
  return runLotRules(timeline, options, method, links, zone, {
    choices: input.lotChoices,
    lotsBefore: input.lotsBefore,
  });
}
