import {
  effectiveMethodLabel,
  lotChoiceMessages,
  portfolioMessages,
  type SaleLotsQuery,
  type SaleLotsResponse,
  taxRuleFacts,
  whatIfWords,
} from '@app/contracts';
import {
  categoryOf,
  computeTax,
  Dec,
  dayInZone,
  dayToIso,
  effectiveMethod,
  qualifiesOn,
  ruleTimeZone,
  type TaxTransaction,
  toDecimalString,
  toDecimalStringOrNull,
} from '@app/core';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { TaxService } from './tax.service.ts';

/** The ledger id of a sale not entered yet while its lots are looked up. */
const candidateId = '__sale__';

/**
 * The lots a sale in a portfolio can name at its date and time: what each acquisition still
 * holds there just before the sale, after every earlier disposal (the others' named lots
 * included), under the US rule's identification and the account's method. A sale being edited is
 * left out of the books and its stored choice comes back; a new one is placed after every row
 * entered at the same instant, where saving it would put it.
 */
export function createSaleLotsService(deps: { tax: TaxService; clock: Clock }) {
  return {
    async saleLots(userId: string, query: SaleLotsQuery): Promise<SaleLotsResponse> {
      // Checks the portfolio is the user's (404 otherwise); costs in its currency.
      const ctx = await deps.tax.context(userId, query.portfolio_id);
      const { books, settings } = ctx;
      const method = ctx.computation.options.method;
      const edited = query.transaction_id;
      let createdAt = deps.clock().toISOString();
      if (edited !== undefined) {
        const stored = books.transactions.find((t) => t.id === edited);
        if (!stored) throw notFound(portfolioMessages.transactionNotFound, 'transaction_id');
        createdAt = stored.created_at ?? createdAt;
      }
      const id = edited ?? candidateId;
      const executedAt = new Date(query.date).toISOString();
      const sale: TaxTransaction = {
        id,
        portfolio_id: query.portfolio_id,
        coin_id: query.coin_id,
        type: 'sell',
        quantity: '1',
        price_per_coin: '0',
        fee: '0',
        executed_at: executedAt,
        created_at: createdAt,
      };
      const choices = new Map(books.choices);
      choices.delete(id);
      const options = {
        rule: 'us' as const,
        method,
        customThresholdDays: settings.custom_threshold_days,
      };
      const computation = computeTax({
        transactions: [...books.transactions.filter((t) => t.id !== id), sale],
        links: books.links,
        lotChoices: choices,
        lotsBefore: id,
        // Per-portfolio lots (US, from 2025): the portfolio's lots start from the 2024 allocation.
        perPortfolio: ctx.perPortfolio?.input,
        ...options,
      });
      const day = dayInZone(Date.parse(executedAt), ruleTimeZone('us'));
      const lots = (computation.lotsBefore ?? []).map((l) => {
        const category = categoryOf(options, l.acquiredDay, day);
        const from = qualifiesOn(options, l.acquiredDay);
        return {
          acquisition_id: l.acquisitionId,
          acquired_on: dayToIso(l.acquiredDay),
          quantity: toDecimalString(l.quantity),
          cost: toDecimalStringOrNull(l.cost),
          unit_cost: l.cost === null ? null : toDecimalString(l.cost.div(l.quantity)),
          category,
          category_label: whatIfWords.category[category],
          qualifies_on: from === null ? null : dayToIso(from),
        };
      });
      const stored = edited === undefined ? undefined : books.choices.get(edited);
      const applies = settings.rule === 'us';
      const usMethod = effectiveMethod(options);
      return {
        rule: settings.rule,
        rule_label: taxRuleFacts[settings.rule].label,
        applies,
        method: usMethod,
        method_label: effectiveMethodLabel(usMethod),
        currency: books.currency,
        sold_on: dayToIso(day),
        lots,
        chosen: stored
          ? stored.map((l) => ({
              acquisition_id: l.acquisitionId,
              quantity: toDecimalString(new Dec(l.quantity)),
            }))
          : null,
        note: applies ? null : lotChoiceMessages.ruleIgnores(taxRuleFacts[settings.rule].label),
      };
    },
  };
}

export type SaleLotsService = ReturnType<typeof createSaleLotsService>;
