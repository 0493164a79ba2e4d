import type { SnapshotCoin, SnapshotDataset } from './dataset.ts';
import { keyedNormal, keyedUniform } from './random.ts';

export const hourMs = 3_600_000;
export const dayMs = 86_400_000;

/** Pull back toward the as-of price after the dataset ends, so simulated days stay plausible. */
const reversion = 0.03;

/**
 * A coin's simulated price at any instant, as a pure function of (seed, coin, time):
 * - the committed daily points up to the as-of date, then a seeded mean-reverting walk
 *   for each later day, so charts end today;
 * - between two daily points, a geometric interpolation plus an intraday wiggle that is
 *   zero at both ends (continuous everywhere and equal to the daily points at 00:00 UTC).
 */
export class PriceModel {
  private readonly logCloses: number[];
  private readonly phases: [number, number, number];
  private readonly wiggle: number;

  constructor(
    readonly coin: SnapshotCoin,
    private readonly dataset: SnapshotDataset,
    /** Wrapped/staked tokens move with their underlying's model. */
    private readonly base: PriceModel | null,
  ) {
    this.logCloses = Array.from(coin.closes, (p) => Math.log(p));
    const key = `${dataset.seed}:${coin.id}:intraday`;
    this.phases = [keyedUniform(`${key}:1`), keyedUniform(`${key}:2`), keyedUniform(`${key}:3`)];
    // Pegged coins wobble within about ±0.1 %; others by about half a day's volatility.
    this.wiggle = coin.cls === 'stable' ? 0.0008 : 0.45 * coin.dailySigma;
  }

  /** ln(USD price) at 00:00 UTC of day index i (0 = first dataset day). */
  logClose(i: number): number {
    if (i <= 0) return this.logCloses[0] ?? Math.log(this.coin.price);
    while (this.logCloses.length <= i) this.logCloses.push(this.nextSimulatedDay(this.logCloses.length));
    return this.logCloses[i] ?? 0;
  }

  private nextSimulatedDay(i: number): number {
    const prev = this.logCloses[i - 1] ?? Math.log(this.coin.price);
    if (this.base) {
      // Keep the as-of premium/discount to the underlying.
      const last = this.dataset.days - 1;
      const ratio = (this.logCloses[last] ?? 0) - this.base.logClose(last);
      return (
        this.base.logClose(i) + ratio + 0.0004 * keyedNormal(`${this.dataset.seed}:${this.coin.id}:day:${i}`)
      );
    }
    const anchor = Math.log(this.coin.price);
    const sigma = this.coin.cls === 'stable' ? 0.0004 : this.coin.dailySigma;
    const theta = this.coin.cls === 'stable' ? 0.5 : reversion;
    const market = keyedNormal(`${this.dataset.seed}:market:day:${i}`);
    const own = keyedNormal(`${this.dataset.seed}:${this.coin.id}:day:${i}`);
    const rho = this.coin.cls === 'stable' || this.coin.cls === 'gold' ? 0 : 0.6;
    return prev + theta * (anchor - prev) + sigma * (rho * market + Math.sqrt(1 - rho * rho) * own);
  }

  /** USD price at `t` (ms). Before the first day it is the first day's price. */
  usdAt(t: number): number {
    const x = (t - this.dataset.firstDayMs) / dayMs;
    if (x <= 0) return Math.exp(this.logClose(0));
    const i = Math.floor(x);
    const f = x - i;
    if (this.base) {
      // Track the underlying tick by tick; only the premium/discount moves day to day.
      const r0 = this.logClose(i) - this.base.logClose(i);
      const r1 = this.logClose(i + 1) - this.base.logClose(i + 1);
      return this.base.usdAt(t) * Math.exp(r0 + (r1 - r0) * f);
    }
    const a = this.logClose(i);
    const b = this.logClose(i + 1);
    return Math.exp(a + (b - a) * f + this.wiggle * Math.sin(Math.PI * f) * this.wave(t));
  }

  /** A smooth pattern in [-1, 1] made of three incommensurate periods. */
  private wave(t: number): number {
    const [p1, p2, p3] = this.phases;
    // From the first day, not the epoch: a dataset moved by whole days moves its intraday path too.
    const h = (t - this.dataset.firstDayMs) / hourMs;
    return (
      (Math.sin(2 * Math.PI * (h / 5.3 + p1)) +
        0.6 * Math.sin(2 * Math.PI * (h / 1.62 + p2)) +
        0.3 * Math.sin(2 * Math.PI * (h / 0.38 + p3))) /
      1.9
    );
  }

  /** 24h volume (USD) for the UTC day containing `t`: the as-of volume times a seeded daily factor. */
  volumeAt(t: number): number {
    const i = Math.floor((t - this.dataset.firstDayMs) / dayMs);
    return this.coin.volume24h * this.volumeFactor(i);
  }

  volumeFactor(day: number): number {
    return Math.exp(0.3 * keyedNormal(`${this.dataset.seed}:${this.coin.id}:volume:${day}`) - 0.045);
  }

  dayIndex(t: number): number {
    return Math.floor((t - this.dataset.firstDayMs) / dayMs);
  }
}

/** Builds every coin's model, wiring followers to their underlying. */
export function buildPriceModels(dataset: SnapshotDataset): Map<string, PriceModel> {
  const models = new Map<string, PriceModel>();
  for (const coin of dataset.coins)
    if (!coin.follows) models.set(coin.id, new PriceModel(coin, dataset, null));
  for (const coin of dataset.coins) {
    if (!coin.follows) continue;
    const base = models.get(coin.follows);
    if (!base) throw new Error(`snapshot: ${coin.id} follows unknown ${coin.follows}`);
    models.set(coin.id, new PriceModel(coin, dataset, base));
  }
  return models;
}
