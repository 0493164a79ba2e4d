import type { MatchBasis, NeedsPriceItem } from '@app/contracts';
import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import type { PreparedTx } from './prepare.ts';
import { splitByWeight } from './prepare.ts';
import { categoryOf, type RuleOptions } from './rules.ts';
import type { DisposalCalc, LineCalc } from './types.ts';

/** A matched slice of a disposal before money is allocated to it. */
export interface Match {
  basis: MatchBasis;
  acquisitionId: string | null;
  acquiredDay: CalendarDay | null;
  quantity: Dec;
  cost: Dec | null;
}

/**
 * Turns a sale and the slices it was matched with into report lines: gross proceeds and the
 * fee are shared by quantity (the last line takes the remainder, so lines add up exactly);
 * gain = proceeds − fee − cost, unknown when any of them is.
 */
export function buildDisposal(p: PreparedTx, matches: readonly Match[], options: RuleOptions): DisposalCalc {
  const proceeds = p.price === null ? null : p.quantity.mul(p.price);
  const weights = matches.map((m) => m.quantity);
  const proceedsParts = proceeds === null ? null : splitByWeight(proceeds, weights, p.quantity);
  const feeParts = p.fee === null ? null : splitByWeight(p.fee, weights, p.quantity);
  let cost: Dec | null = new Dec(0);
  const lines: LineCalc[] = matches.map((m, i) => {
    const lineProceeds = proceedsParts ? (proceedsParts[i] as Dec) : null;
    const lineFee = feeParts ? (feeParts[i] as Dec) : null;
    cost = cost === null || m.cost === null ? null : cost.add(m.cost);
    return {
      basis: m.basis,
      acquisitionId: m.acquisitionId,
      acquiredDay: m.acquiredDay,
      quantity: m.quantity,
      proceeds: lineProceeds,
      fee: lineFee,
      cost: m.cost,
      gain:
        lineProceeds === null || lineFee === null || m.cost === null
          ? null
          : lineProceeds.sub(lineFee).sub(m.cost),
      // A bed-and-breakfast acquisition comes after the sale: no holding period to show.
      daysHeld: m.acquiredDay === null || m.acquiredDay > p.day ? null : p.day - m.acquiredDay,
      category: categoryOf(options, m.acquiredDay, p.day),
    };
  });
  const totalCost = cost as Dec | null;
  return {
    transactionId: p.tx.id,
    portfolioId: p.tx.portfolio_id,
    coinId: p.tx.coin_id,
    soldAt: p.tx.executed_at,
    soldDay: p.day,
    quantity: p.quantity,
    proceeds,
    fee: p.fee,
    cost: totalCost,
    gain:
      proceeds === null || p.fee === null || totalCost === null ? null : proceeds.sub(p.fee).sub(totalCost),
    lines,
  };
}

/**
 * The units an own transfer's withdrawal paid the network (out − in, in the coin): a disposal of
 * those units at no proceeds, dated like the withdrawal, so their cost is not lost on the way.
 */
export function networkFeeOf(out: PreparedTx, spent: readonly Pick<Match, 'quantity'>[]): PreparedTx {
  const quantity = spent.reduce((sum, m) => sum.add(m.quantity), new Dec(0));
  return {
    ...out,
    tx: { ...out.tx, quantity: quantity.toFixed(), price_per_coin: '0', fee: '0' },
    quantity,
    price: new Dec(0),
    fee: new Dec(0),
  };
}

/** Collects rows that cannot be valued, once each, in timeline order. */
export class NeedsPrice {
  readonly items: NeedsPriceItem[] = [];
  private readonly seen = new Set<string>();

  add(p: PreparedTx, reason: NeedsPriceItem['reason']): void {
    if (this.seen.has(p.tx.id)) return;
    this.seen.add(p.tx.id);
    this.items.push({
      transaction_id: p.tx.id,
      portfolio_id: p.tx.portfolio_id,
      coin_id: p.tx.coin_id,
      type: p.tx.type,
      executed_at: p.tx.executed_at,
      reason,
    });
  }

  /** Price or fee missing: listed with the caller's reason. */
  check(p: PreparedTx, needPrice: boolean): void {
    if ((needPrice && p.price === null) || p.fee === null) this.add(p, p.tx.unpriced_reason ?? 'no_price');
  }
}
