import type { InsightCard } from '@app/contracts';
import { Dec } from '../decimal.ts';
import { card, coinLink, fig, money, pct, sym, table } from './card.ts';
import type { InsightsInput, InsightTarget } from './input.ts';
import { positionShares } from './shares.ts';

export interface DriftRow {
  /** Coin id or category id; `other` holds what no target covers (its target is 0 %). */
  key: string;
  label: string;
  currentValue: Dec;
  currentPct: Dec;
  targetPct: Dec;
  /** current − target, in percentage points. */
  driftPct: Dec;
  /** Positive = buy this much value, negative = sell; after fees. */
  trade: Dec;
  fee: Dec;
}

const otherKey = 'other';

/**
 * Trades that bring every bucket to its target after paying fees. Fees come out of the
 * portfolio, so the value to share out is total − fees, and fees depend on the trades:
 * T' = T − f × Σ|w·T' − v|. The fixed point is found by iteration (each step shrinks the error
 * by the fee rate f, so a few steps reach 40 significant digits for any realistic f).
 */
export function restoringTrades(
  buckets: readonly { value: Dec; weight: Dec }[],
  total: Dec,
  feeRate: Dec,
): { trades: Dec[]; fees: Dec[]; after: Dec } {
  let after = total;
  let trades: Dec[] = [];
  for (let step = 0; step < 60; step++) {
    trades = buckets.map((b) => b.weight.mul(after).sub(b.value));
    const fees = trades.reduce((s, t) => s.add(t.abs().mul(feeRate)), new Dec(0));
    const next = total.sub(fees);
    if (next.eq(after)) break;
    after = next;
  }
  return { trades, fees: trades.map((t) => t.abs().mul(feeRate)), after };
}

export function driftRows(input: InsightsInput): { rows: DriftRow[]; total: Dec; feesTotal: Dec } | null {
  if (input.targets.length === 0) return null;
  const { total, shares } = positionShares(input.positions);
  if (total.isZero()) return null;
  const byCategory = input.targets[0]?.type === 'category';
  const buckets = new Map<string, { label: string; value: Dec; target: InsightTarget | null }>();
  for (const t of input.targets) {
    const held = input.positions.find((p) => p.coinId === t.key);
    buckets.set(t.key, {
      label: byCategory ? t.key : sym(held?.symbol ?? t.key),
      value: new Dec(0),
      target: t,
    });
  }
  for (const s of shares) {
    // A coin in several target categories counts towards the first target listed.
    const key = byCategory
      ? (input.targets.find((t) => s.position.categories.includes(t.key))?.key ?? otherKey)
      : buckets.has(s.position.coinId)
        ? s.position.coinId
        : otherKey;
    const bucket = buckets.get(key) ?? { label: 'Not targeted', value: new Dec(0), target: null };
    bucket.value = bucket.value.add(s.value);
    buckets.set(key, bucket);
  }
  const list = [...buckets.entries()];
  const weights = list.map(([, b]) => new Dec(b.target?.percentage ?? 0).div(100));
  const { trades, fees } = restoringTrades(
    list.map(([, b], i) => ({ value: b.value, weight: weights[i] ?? new Dec(0) })),
    total,
    new Dec(input.feeRate),
  );
  const rows = list.map(([key, b], i): DriftRow => {
    const currentPct = b.value.div(total).mul(100);
    const targetPct = new Dec(b.target?.percentage ?? 0);
    return {
      key,
      label: b.label,
      currentValue: b.value,
      currentPct,
      targetPct,
      driftPct: currentPct.sub(targetPct),
      trade: trades[i] ?? new Dec(0),
      fee: fees[i] ?? new Dec(0),
    };
  });
  rows.sort((a, b) => b.driftPct.abs().cmp(a.driftPct.abs()) || (a.key < b.key ? -1 : 1));
  return { rows, total, feesTotal: fees.reduce((s, f) => s.add(f), new Dec(0)) };
}

/** Kind 2. Drift from the user's targets and the trades, after fees, that restore them. */
export function driftInsight(input: InsightsInput): InsightCard | null {
  const result = driftRows(input);
  const c = input.baseCurrency;
  if (!result) {
    if (input.positions.length === 0) return null;
    return card({
      kind: 'allocation_drift',
      severity: 'info',
      title: 'Target allocation',
      headline:
        'No targets set: set a target share per coin or per category to see drift and restoring trades.',
      figures: {},
      formula: 'Drift = current share − target share, in percentage points.',
      numbers: [],
      actions: [{ label: 'Set targets', href: '/insights#targets' }],
    });
  }
  const { rows, total, feesTotal } = result;
  const worst = rows[0];
  if (!worst) return null;
  const maxDrift = worst.driftPct.abs();
  const feeRatePct = new Dec(input.feeRate).mul(100);
  const coinTarget = input.targets[0]?.type === 'coin';
  return card({
    kind: 'allocation_drift',
    severity: maxDrift.gt(10) ? 'warning' : maxDrift.gt(5) ? 'notice' : 'info',
    title: 'Target allocation drift',
    headline: `${worst.label} is ${pct(worst.currentPct)} against a ${pct(worst.targetPct)} target (${worst.driftPct.gt(0) ? '+' : ''}${worst.driftPct.toFixed(2)} pts); restoring all targets costs about ${money(feesTotal, c)} in fees.`,
    figures: {
      largest_drift_bucket: worst.label,
      largest_drift_pts: fig(worst.driftPct),
      current_pct: fig(worst.currentPct),
      target_pct: fig(worst.targetPct),
      restoring_fees: fig(feesTotal),
      fee_rate_pct: fig(feeRatePct),
      total_value: fig(total),
    },
    formula:
      'Current share = bucket value ÷ total value; drift = current share − target share. Whatever no target covers has a 0 % target. ' +
      `Restoring trade = target share × (total − fees) − current value, with fees = ${pct(feeRatePct, 3)} (your average fee rate) of each trade, ` +
      'solved so the fees are paid out of the portfolio.',
    numbers: [
      ['Total value', money(total, c)],
      ['Fee rate used', pct(feeRatePct, 3)],
      ['Fees to restore', money(feesTotal, c)],
    ],
    tables: [
      table(
        'Buckets',
        ['Bucket', 'Value', 'Current', 'Target', 'Drift (pts)', 'Trade after fees', 'Fee'],
        rows.map((r) => [
          r.label,
          money(r.currentValue, c),
          pct(r.currentPct),
          pct(r.targetPct),
          r.driftPct.toFixed(2),
          r.trade.abs().lt(0.005) ? '—' : `${r.trade.gt(0) ? 'Buy' : 'Sell'} ${money(r.trade.abs(), c)}`,
          money(r.fee, c),
        ]),
      ),
    ],
    actions: [
      ...(coinTarget && worst.key !== 'other' ? [coinLink(worst.key, worst.label)] : []),
      { label: 'Edit targets', href: '/insights#targets' },
    ],
  });
}
