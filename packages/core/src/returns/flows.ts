import type { NeedsPriceItem } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { parseInstant } from '../ledger/timeline.ts';
import { dayMs } from '../market/daily-candles.ts';
import type { TaxTransaction } from '../tax/types.ts';
import type { DayFlows } from './returns.ts';

export interface FlowOptions {
  /** null: all of the user's portfolios (moves between them are not flows). */
  portfolioId: string | null;
  /** Own transfers: transfer_out id → transfer_in id. */
  links: ReadonlyMap<string, string>;
  /** A coin's close on a UTC day, for transfers without a stated price; null when unknown. */
  closeOn: (coinId: string, day: number) => number | null;
  /** Rows an exchange account's cash paid for or received (`cashAccounts`): no flow of their own. */
  covered?: ReadonlySet<string> | undefined;
}

export interface ExternalFlows {
  flows: Map<number, DayFlows>;
  /** First UTC day with a transaction in scope, or null. */
  inceptionDay: number | null;
  needsPrice: NeedsPriceItem[];
}

/**
 * Money crossing the edge of the portfolio (or of all portfolios), by UTC day: buys with their
 * fees and transfers in come in; sale proceeds net of fees and transfers out go out. Rewards are
 * not flows: they are what the holdings earned. A move between two portfolios in scope is no
 * flow at all. A transfer without a stated price is valued at the day's close; without one it
 * is listed as needing a price (and left out), never counted as 0.
 */
export function externalFlows(txs: readonly TaxTransaction[], options: FlowOptions): ExternalFlows {
  const flows = new Map<number, { inflow: Dec; outflow: Dec; ids: string[] }>();
  const needsPrice: NeedsPriceItem[] = [];
  const byId = new Map(txs.map((t) => [t.id, t]));
  const linkedIn = new Map<string, string>();
  for (const [out, inn] of options.links) linkedIn.set(inn, out);
  const inScope = (t: TaxTransaction | undefined) =>
    t !== undefined && (options.portfolioId === null || t.portfolio_id === options.portfolioId);
  let inception: number | null = null;

  for (const t of txs) {
    if (!inScope(t)) continue;
    const day = Math.floor(parseInstant(t.executed_at) / dayMs);
    inception = inception === null ? day : Math.min(inception, day);
    if (t.type === 'reward' || options.covered?.has(t.id)) continue;
    const other =
      t.type === 'transfer_out'
        ? byId.get(options.links.get(t.id) ?? '')
        : t.type === 'transfer_in'
          ? byId.get(linkedIn.get(t.id) ?? '')
          : undefined;
    if (other && inScope(other)) continue;
    const quantity = new Dec(t.quantity);
    let amount: Dec | null;
    if (t.type === 'buy' || t.type === 'sell') {
      if (t.price_per_coin === null || t.fee === null) amount = null;
      else {
        const gross = quantity.mul(t.price_per_coin);
        amount = t.type === 'buy' ? gross.add(t.fee) : gross.sub(t.fee);
      }
    } else {
      const stated = new Dec(t.price_per_coin ?? 0);
      const close = stated.gt(0) ? null : options.closeOn(t.coin_id, day);
      amount = stated.gt(0) ? quantity.mul(stated) : close === null ? null : quantity.mul(close);
    }
    if (amount === null) {
      needsPrice.push({
        transaction_id: t.id,
        portfolio_id: t.portfolio_id,
        coin_id: t.coin_id,
        type: t.type,
        executed_at: t.executed_at,
        reason: t.unpriced_reason ?? 'no_price',
      });
      continue;
    }
    let f = flows.get(day);
    if (!f) {
      f = { inflow: new Dec(0), outflow: new Dec(0), ids: [] };
      flows.set(day, f);
    }
    if (t.type === 'buy' || t.type === 'transfer_in') f.inflow = f.inflow.add(amount);
    else f.outflow = f.outflow.add(amount);
    f.ids.push(t.id);
  }
  const out = new Map<number, DayFlows>();
  for (const [day, f] of flows) {
    out.set(day, { inflow: f.inflow.toNumber(), outflow: f.outflow.toNumber(), transactionIds: f.ids });
  }
  return { flows: out, inceptionDay: inception, needsPrice };
}
