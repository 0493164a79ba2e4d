import { type FieldErrors, lotChoiceMessages } from '@app/contracts';
import {
  computeTax,
  Dec,
  type LotChoiceInput,
  type LotChoiceIssue,
  lotChoiceProblems,
  namedLots,
  namedTotal,
  placedPortfolios,
  type TaxComputation,
  type TaxTransaction,
  toDecimalString,
} from '@app/core';
import type { LotChoiceCheck, LotChoiceEdit } from '../transactions/index.ts';
import type { TaxService } from './tax.service.ts';
import { historyKey, regimeEntries } from './tax-history.ts';

/** Where a message on the whole body goes (the error handler's key for it). */
const formKey = 'non_field_errors';

/** An issue, by what it is about, so one that was already there before the write is not blamed on it. */
const issueKey = (i: LotChoiceIssue) =>
  `${i.saleId}|${i.kind}|${i.shortfalls
    .map((s) => s.acquisitionId)
    .sort()
    .join(',')}`;

function taxRow(added: LotChoiceEdit['added'][number], portfolio: string): TaxTransaction {
  const v = added.values;
  // Only quantities, types and the timeline decide which lots a sale can take; prices ride along.
  return {
    id: added.id,
    portfolio_id: portfolio,
    coin_id: v.coinId,
    type: v.type as TaxTransaction['type'],
    quantity: v.quantity,
    price_per_coin: v.pricePerCoin,
    fee: v.fee,
    executed_at: v.executedAt.toISOString(),
    created_at: added.createdAt.toISOString(),
  };
}

/** "3 March 2026": the sale another choice belongs to, as the person would know it. */
function spokenDay(iso: string): string {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The field errors of the sale's own choice, line by line. */
function ownErrors(
  after: TaxComputation,
  rows: readonly TaxTransaction[],
  sale: TaxTransaction,
  lines: readonly LotChoiceInput[],
  issue: LotChoiceIssue | undefined,
): FieldErrors {
  const errors: FieldErrors = {};
  const total = namedTotal(namedLots(lines));
  if (!total.eq(sale.quantity))
    errors.lots = [lotChoiceMessages.total(toDecimalString(total), toDecimalString(new Dec(sale.quantity)))];
  if (!issue) return errors;
  const placed = placedPortfolios(after.walletAllocation);
  const problems = lotChoiceProblems(rows, after.links, sale, namedLots(lines), issue.shortfalls, placed);
  for (const p of problems) {
    errors[`lots.${p.index}.${p.field}`] = [
      p.reason === 'used'
        ? lotChoiceMessages.used(toDecimalString(p.available))
        : lotChoiceMessages.problem[p.reason],
    ];
  }
  return errors;
}

/**
 * The lot-choice check the transactions module runs before a write (see LotChoiceCheck). The
 * books are replayed under the US rule whatever rule the account has: a choice is only used under
 * it, but is kept under every rule and must hold the day the rule is switched. The user's method
 * (FIFO, LIFO or HIFO) decides what the sales that name no lots take first.
 */
export function createLotChoiceCheck(tax: TaxService): LotChoiceCheck {
  return async (edit) => {
    const ctx = await tax.context(edit.userId, 'all');
    const { books, settings } = ctx;
    const method = ctx.computation.options.method;
    const us = { rule: 'us' as const, custom_threshold_days: settings.custom_threshold_days };
    // Each year's own method under the US identification, as the books match them.
    const entries = regimeEntries(ctx.history).map((e) => ({ ...e, rule: 'us' as const }));
    const history = entries.length > 1 ? { key: `us|${historyKey(ctx.history)}`, entries } : undefined;
    // Per-portfolio lots (on only under the US rule): a sale from 2025 names lots of its own portfolio.
    const before = tax.computation(books, us, method, history, ctx.perPortfolio);

    const removed = new Set(edit.removedIds);
    const rows = books.transactions.filter((t) => !removed.has(t.id));
    for (const a of edit.added) rows.push(taxRow(a, a.values.portfolioId));
    const present = new Set(rows.map((t) => t.id));
    const choices = new Map(books.choices);
    for (const id of removed) if (!present.has(id)) choices.delete(id);
    if (edit.choice) {
      if (edit.choice.lines) choices.set(edit.choice.saleId, edit.choice.lines);
      else choices.delete(edit.choice.saleId);
    }
    const links = new Map(
      [...books.links].filter(([out, arrival]) => present.has(out) && present.has(arrival)),
    );
    const after = computeTax({
      transactions: rows,
      links,
      rule: 'us',
      method,
      customThresholdDays: settings.custom_threshold_days,
      lotChoices: choices,
      history: history?.entries,
      perPortfolio: ctx.perPortfolio?.input,
    });
    const issues = after.lotChoices?.issues ?? [];

    let errors: FieldErrors = {};
    let message: string | undefined;
    const own = edit.choice?.lines ? edit.choice.saleId : edit.keeps;
    const ownLines = own === undefined ? undefined : choices.get(own);
    const ownSale = own === undefined ? undefined : rows.find((t) => t.id === own);
    if (own !== undefined && ownLines && ownSale) {
      const issue = issues.find((i) => i.saleId === own);
      const named = namedTotal(namedLots(ownLines));
      if (edit.choice?.lines) errors = ownErrors(after, rows, ownSale, ownLines, issue);
      else if (issue || !named.eq(ownSale.quantity)) errors[formKey] = [lotChoiceMessages.storedNoLongerFits];
    }
    const was = new Set((before.lotChoices?.issues ?? []).map(issueKey));
    const broken = issues.find((i) => i.saleId !== own && !was.has(issueKey(i)));
    if (broken) {
      message = lotChoiceMessages.breaksOther(spokenDay(broken.soldAt));
      const field = edit.choice?.lines ? 'lots' : edit.added.length > 0 ? 'quantity' : formKey;
      errors[field] = [...(errors[field] ?? []), message];
    }
    const revisions = new Map(books.loaded.map((l) => [l.portfolio.id, l.portfolio.revision]));
    if (Object.keys(errors).length === 0) return { errors: null, revisions };
    // A refusal that is only about another sale says so as its message too (a delete has no form).
    const only = Object.values(errors).flat();
    return { errors, revisions, ...(message && only.length === 1 ? { message } : {}) };
  };
}
