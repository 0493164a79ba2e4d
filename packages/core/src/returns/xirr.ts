/** Excel's XIRR convention: a year is 365 days, flows are discounted from the first flow's date. */
const yearDays = 365;

export interface DatedFlow {
  /** Calendar day number (days since 1970-01-01). */
  day: number;
  /** Positive: money received by the investor; negative: money paid in. */
  amount: number;
}

/**
 * The annual rate r at which Σ amount / (1 + r)^((day − day₀) / 365) = 0, or null when none
 * exists (all flows one sign, or no flows). Newton's method from 10 %, falling back to bisection
 * on [-0.999999, 1e6] when Newton leaves the domain or stalls. A rate is found by iteration, so
 * it is a double (about 1e-12 relative), not an exact decimal like the money it is built from.
 */
export function xirr(flows: readonly DatedFlow[]): number | null {
  const nonZero = flows.filter((f) => f.amount !== 0);
  if (!nonZero.some((f) => f.amount > 0) || !nonZero.some((f) => f.amount < 0)) return null;
  const day0 = Math.min(...nonZero.map((f) => f.day));
  const terms = nonZero.map((f) => ({ t: (f.day - day0) / yearDays, a: f.amount }));
  const npv = (r: number) => terms.reduce((s, { t, a }) => s + a / (1 + r) ** t, 0);
  const slope = (r: number) => terms.reduce((s, { t, a }) => s - (t * a) / (1 + r) ** (t + 1), 0);
  const scale = terms.reduce((s, { a }) => s + Math.abs(a), 0);

  let r = 0.1;
  for (let i = 0; i < 100; i++) {
    const f = npv(r);
    if (Math.abs(f) <= scale * 1e-14) return r;
    const d = slope(r);
    if (!Number.isFinite(d) || d === 0) break;
    const next = r - f / d;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - r) <= 1e-15 * Math.max(1, Math.abs(r))) return next;
    r = next;
  }
  return bisect(npv, scale);
}

function bisect(npv: (r: number) => number, scale: number): number | null {
  let lo = -0.999999;
  let hi = 1e6;
  let fLo = npv(lo);
  const fHi = npv(hi);
  if (!Number.isFinite(fLo) || !Number.isFinite(fHi) || Math.sign(fLo) === Math.sign(fHi)) return null;
  for (let i = 0; i < 300; i++) {
    const mid = (lo + hi) / 2;
    const f = npv(mid);
    if (Math.abs(f) <= scale * 1e-14 || hi - lo < 1e-15) return mid;
    if (Math.sign(f) === Math.sign(fLo)) {
      lo = mid;
      fLo = f;
    } else hi = mid;
  }
  return (lo + hi) / 2;
}
