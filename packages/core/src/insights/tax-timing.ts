import { type InsightCard, insightMessages, type LotsView, type TaxRule, taxRuleFacts } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { card, fig, money, rowLimit, signedMoney, sym, table } from './card.ts';
import type { InsightsInput } from './input.ts';
import { decisionParts } from './tax-decisions-card.ts';

const ruleName = (rule: string) => taxRuleFacts[rule as TaxRule]?.label ?? rule;

const isView = (v: InsightsInput['taxLots']): v is LotsView => 'coins' in v;

/**
 * Kind 11. From the open tax lots under the user's rule: what becomes long-term (or tax-free)
 * in the next 30 and 90 days, and lots at a loss that could be sold to harvest it. Without a
 * rule (or a rule without a holding period) the card says what is missing; nothing is guessed.
 */
export function taxTimingInsight(input: InsightsInput): InsightCard | null {
  const view = input.taxLots;
  if (!isView(view)) {
    return card({
      kind: 'tax_timing',
      severity: 'info',
      title: 'Tax timing',
      headline: view.unavailable,
      figures: {},
      formula:
        'Shows lots crossing your holding-period threshold in the next 30 and 90 days and losses you could harvest, from the open tax lots under your tax rule.',
      numbers: [],
      // Without a rule the card can only say what is missing: it offers the setting that fills it.
      actions:
        view.unavailable === insightMessages.taxRuleMissing
          ? [{ label: 'Choose a tax rule', href: '/settings#tax-rule' }]
          : [],
      available: false,
    });
  }
  const c = view.currency;
  const symbols = new Map(input.positions.map((p) => [p.coinId, sym(p.symbol)]));
  const lots = view.coins.flatMap((coin) => coin.lots);
  const losses = lots
    .filter((l) => l.unrealized !== null && new Dec(l.unrealized).lt(0))
    .sort((a, b) => new Dec(a.unrealized ?? 0).cmp(new Dec(b.unrealized ?? 0)));
  const harvestable = losses.reduce((s, l) => s.add(l.unrealized ?? 0), new Dec(0));
  const label = view.qualifying_label;
  const in30 = view.summary.qualifying_within_30_days;
  const in90 = view.summary.qualifying_within_90_days;
  const soon = lots
    .filter((l) => l.qualifies_now === false && l.days_held !== null && l.qualifies_on !== null)
    .sort((a, b) => ((a.qualifies_on ?? '') < (b.qualifies_on ?? '') ? -1 : 1));
  const crossing30 = new Dec(in30.quantity).gt(0);
  const parts = [
    label
      ? `${crossing30 ? `${money(in30.value ?? in30.cost ?? '0', c)} of lots turn ${label} within 30 days` : `No lot turns ${label} within 30 days`} (${money(in90.value ?? in90.cost ?? '0', c)} within 90)`
      : 'Your tax rule has no holding period',
    losses.length > 0
      ? `${losses.length} lot${losses.length === 1 ? '' : 's'} at a loss could harvest ${signedMoney(harvestable, c)}`
      : 'no lot is at a loss',
  ];
  // This year's decisions, when figured: the saving of waiting, the allowance left and the rule's
  // catch on harvesting, labelled an estimate under the rule they applied.
  const decisions =
    input.taxDecisions && !input.taxDecisions.needs_rule
      ? decisionParts(input.taxDecisions, symbols, rowLimit(input))
      : null;
  const estimateNote = decisions ? ` Estimate, not advice (${ruleName(view.rule)} rule).` : '';
  return card({
    kind: 'tax_timing',
    severity: crossing30 || losses.length > 0 ? 'notice' : 'info',
    title: 'Tax timing',
    headline: `${[...parts, ...(decisions?.headline ?? [])].join('; ')}.${estimateNote}`,
    estimate: decisions !== null,
    figures: {
      ...decisions?.figures,
      rule: view.rule,
      qualifying_30d_value: fig(in30.value ?? '0'),
      qualifying_90d_value: fig(in90.value ?? '0'),
      harvestable_losses: fig(harvestable),
      loss_lots: String(losses.length),
    },
    formula:
      `Open lots under your tax rule (${ruleName(view.rule)}, matched ${view.method.replace('_', ' ')}). A lot turns ${label ?? 'qualifying'} on the day its holding period ends; ` +
      'the 30/90-day totals count lots whose day falls within that many days from today. Harvestable = unrealized loss (value now − cost) of lots below cost.' +
      (decisions ? ` ${decisions.formula}` : ''),
    numbers: [
      ['Tax rule', ruleName(view.rule)],
      ['As of', view.as_of],
      [`Turn ${label ?? 'qualifying'} within 30 days`, money(in30.value ?? in30.cost ?? '0', c)],
      [`Turn ${label ?? 'qualifying'} within 90 days`, money(in90.value ?? in90.cost ?? '0', c)],
      ['Harvestable losses', signedMoney(harvestable, c)],
      ...(decisions?.numbers ?? []),
    ],
    tables: [
      ...(decisions?.tables ?? []),
      table(
        'Lots turning qualifying next',
        ['Coin', 'Acquired', 'Quantity', 'Qualifies on', 'Value'],
        soon.map((l) => [
          symbols.get(l.coin_id) ?? l.coin_id,
          l.acquired_on ?? '—',
          fig(l.quantity),
          l.qualifies_on ?? '—',
          l.value === null ? '—' : money(l.value, c),
        ]),
        rowLimit(input),
      ),
      table(
        'Lots at a loss',
        ['Coin', 'Acquired', 'Quantity', 'Cost', 'Unrealized'],
        losses.map((l) => [
          symbols.get(l.coin_id) ?? l.coin_id,
          l.acquired_on ?? '—',
          fig(l.quantity),
          l.cost === null ? '—' : money(l.cost, c),
          signedMoney(new Dec(l.unrealized ?? 0), c),
        ]),
        rowLimit(input),
      ),
    ],
  });
}
