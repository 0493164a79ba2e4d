import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { findServerPackageRoot } from '../../../lib/package-root.ts';
import { demoFiatPerUsd } from './demo-fiat-rates.ts';

/** The committed offline market (apps/server/data-snapshot/, see its README for provenance). */
const coinSchema = z.object({
  id: z.string().min(1),
  symbol: z.string().min(1),
  name: z.string().min(1),
  image: z.string(),
  price: z.number().positive(),
  circulating_supply: z.number().nullable(),
  total_supply: z.number().nullable(),
  max_supply: z.number().nullable(),
  ath: z.number().positive(),
  ath_date: z.string(),
  volume_24h: z.number().nonnegative(),
  categories: z.array(z.string()),
  class: z.string(),
  daily_sigma: z.number().nonnegative(),
  q0: z.number().int(),
  deltas: z.string(),
});

const fileSchema = z.object({
  format: z.literal(1),
  seed: z.string(),
  as_of: z.string(),
  first_day: z.string(),
  days: z.number().int().min(2),
  fiat_per_usd: z.record(z.string(), z.number().positive()),
  coins: z.array(coinSchema).min(1),
});

export type SnapshotCoinClass = 'btc' | 'major' | 'alt' | 'low' | 'meme' | 'gold' | 'stable' | 'follow';

export interface SnapshotCoin {
  id: string;
  symbol: string;
  name: string;
  image: string;
  /** USD price at the as-of instant; the last daily point equals it exactly. */
  price: number;
  circulatingSupply: number | null;
  totalSupply: number | null;
  maxSupply: number | null;
  ath: number;
  athDate: string;
  volume24h: number;
  categories: string[];
  cls: SnapshotCoinClass;
  /** For wrapped/staked tokens: the coin whose price they track. */
  follows: string | null;
  dailySigma: number;
  /** USD prices at 00:00 UTC of firstDay + i, i = 0..days-1. */
  closes: Float64Array;
}

export interface SnapshotDataset {
  seed: string;
  /** When the snapshot was taken, as shown to people. */
  asOf: string;
  /** The last daily point of the simulation's calendar (asOf itself unless the calendar moved). */
  asOfMs: number;
  firstDayMs: number;
  days: number;
  fiatPerUsd: Record<string, number>;
  coins: SnapshotCoin[];
}

const classes = new Set(['btc', 'major', 'alt', 'low', 'meme', 'gold', 'stable']);

function decodeCloses(price: number, q0: number, deltas: string, days: number, id: string): Float64Array {
  const q = new Float64Array(days);
  q[0] = q0;
  const parts = deltas.split(',');
  if (parts.length !== days - 1)
    throw new Error(`snapshot: ${id} has ${parts.length + 1} daily points, expected ${days}`);
  for (let i = 1; i < days; i++) q[i] = (q[i - 1] ?? 0) + Number(parts[i - 1]);
  const last = q[days - 1] ?? 0;
  // Anchored on the as-of price, so the stored rounding never shifts today's quote.
  return q.map((v) => price * Math.exp((v - last) / 10_000));
}

export function parseSnapshotDataset(json: unknown): SnapshotDataset {
  const file = fileSchema.parse(json);
  const asOfMs = Date.parse(file.as_of);
  const firstDayMs = Date.parse(`${file.first_day}T00:00:00Z`);
  if (firstDayMs + (file.days - 1) * 86_400_000 !== asOfMs)
    throw new Error('snapshot: first_day + days does not reach as_of');
  const coins = file.coins.map((c): SnapshotCoin => {
    const follows = c.class.startsWith('follow:') ? c.class.slice('follow:'.length) : null;
    const cls = follows ? 'follow' : c.class;
    if (cls !== 'follow' && !classes.has(cls))
      throw new Error(`snapshot: unknown class ${c.class} for ${c.id}`);
    return {
      id: c.id,
      symbol: c.symbol,
      name: c.name,
      image: c.image,
      price: c.price,
      circulatingSupply: c.circulating_supply,
      totalSupply: c.total_supply,
      maxSupply: c.max_supply,
      ath: c.ath,
      athDate: c.ath_date,
      volume24h: c.volume_24h,
      categories: c.categories,
      cls: cls as SnapshotCoinClass,
      follows,
      dailySigma: c.daily_sigma,
      closes: decodeCloses(c.price, c.q0, c.deltas, file.days, c.id),
    };
  });
  return {
    seed: file.seed,
    asOf: file.as_of,
    asOfMs,
    firstDayMs,
    days: file.days,
    // The other fiat currencies at fixed demo levels, under the dataset's own.
    fiatPerUsd: { ...demoFiatPerUsd, ...file.fiat_per_usd },
    coins,
  };
}

export function defaultSnapshotPath(): string {
  return join(findServerPackageRoot(import.meta.url), 'data-snapshot', 'market.snapshot.json');
}

let cached: SnapshotDataset | undefined;

/** Parsed once per process: the file is immutable at runtime (~0.6 MB). */
export function loadSnapshotDataset(path: string = defaultSnapshotPath()): SnapshotDataset {
  if (path === defaultSnapshotPath() && cached) return cached;
  const dataset = parseSnapshotDataset(JSON.parse(readFileSync(path, 'utf8')));
  if (path === defaultSnapshotPath()) cached = dataset;
  return dataset;
}

/**
 * The same dataset with its simulation's calendar moved by whole days. The simulation keys its
 * days by their index from the first day, so on day D the moved dataset draws what the original
 * drew on day D - days. `asOf` and the all-time-high dates stay as they are: they say when the
 * snapshot was taken, which moving the simulation does not change.
 */
export function shiftDataset(dataset: SnapshotDataset, days: number): SnapshotDataset {
  if (days === 0) return dataset;
  const by = days * 86_400_000;
  return { ...dataset, asOfMs: dataset.asOfMs + by, firstDayMs: dataset.firstDayMs + by };
}

/** Whole UTC days from `from` to `to` (both in ms). */
export function utcDaysBetween(from: number, to: number): number {
  return Math.floor(to / 86_400_000) - Math.floor(from / 86_400_000);
}
