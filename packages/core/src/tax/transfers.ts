import { parseInstant } from '../ledger/timeline.ts';
import type { TaxTransaction } from './types.ts';

/** A move between own wallets can take a while to confirm; beyond this it is two separate events. */
export const transferWindowMs = 3 * 86_400_000;
/** Clocks of two exchanges disagree: an arrival stamped slightly before its departure still pairs. */
const earlyArrivalMs = 3_600_000;

/**
 * Pairs each transfer_out with a transfer_in of the same coin and quantity in ANOTHER of the
 * user's portfolios, arriving within the window; the earliest unclaimed arrival wins. A pair is a
 * move, not a disposal: the lots travel with their cost and acquisition date.
 */
export function linkOwnTransfers(txs: readonly TaxTransaction[]): Map<string, string> {
  const ins = txs
    .filter((t) => t.type === 'transfer_in')
    .map((t) => ({ t, at: parseInstant(t.executed_at), used: false }))
    .sort((a, b) => a.at - b.at);
  const outs = txs
    .filter((t) => t.type === 'transfer_out')
    .map((t) => ({ t, at: parseInstant(t.executed_at) }))
    .sort((a, b) => a.at - b.at);
  const byKey = new Map<string, typeof ins>();
  for (const i of ins) {
    const key = `${i.t.coin_id}|${normalise(i.t.quantity)}`;
    const list = byKey.get(key);
    if (list) list.push(i);
    else byKey.set(key, [i]);
  }
  const links = new Map<string, string>();
  for (const o of outs) {
    const candidates = byKey.get(`${o.t.coin_id}|${normalise(o.t.quantity)}`) ?? [];
    const match = candidates.find(
      (i) =>
        !i.used &&
        i.t.portfolio_id !== o.t.portfolio_id &&
        i.at >= o.at - earlyArrivalMs &&
        i.at <= o.at + transferWindowMs,
    );
    if (match) {
      match.used = true;
      links.set(o.t.id, match.t.id);
    }
  }
  return links;
}

/** '1.50' and '1.5' are the same quantity. */
function normalise(quantity: string): string {
  return quantity.includes('.') ? quantity.replace(/\.?0+$/, '') : quantity;
}
