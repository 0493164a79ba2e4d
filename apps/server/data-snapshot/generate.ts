/**
 * Builds market.snapshot.json from coins.txt: the committed offline market.
 * Run: `npx tsx apps/server/data-snapshot/generate.ts`. Output is deterministic: the same
 * inputs give byte-identical JSON (a test checks the committed file against this).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashString, normalSource, seededRandom } from '../src/integrations/market-data/snapshot/random.ts';

export const snapshotSeed = 'exit-liquidity-snapshot-v1';
export const asOfDay = '2026-11-01';
/** Daily points including the as-of day (≥ 400 required; 450 leaves room for 1Y + indicators). */
export const historyDays = 450;
/** Fixed, approximate fiat rates (units per USD) used offline; documented in README.md. */
export const fiatPerUsd = { usd: 1, eur: 0.86, gbp: 0.75, jpy: 150 } as const;

const dayMs = 86_400_000;
const categoryIds: Record<string, string> = {
  L1: 'layer-1',
  SC: 'smart-contract-platform',
  STB: 'stablecoins',
  MEME: 'meme-token',
  DEFI: 'decentralized-finance-defi',
  CEX: 'exchange-based-tokens',
  L2: 'layer-2',
  AI: 'artificial-intelligence',
  RWA: 'real-world-assets-rwa',
  GAME: 'gaming',
  LST: 'liquid-staking-tokens',
  LRT: 'liquid-restaking-tokens',
  WRAP: 'wrapped-tokens',
  PRIV: 'privacy-coins',
  ORA: 'oracle',
  STOR: 'storage',
  DEX: 'decentralized-exchange',
  LEND: 'lending-borrowing',
  POW: 'proof-of-work-pow',
  GOLD: 'tokenized-gold',
  INFRA: 'infrastructure',
  PAY: 'payment-solutions',
  GOV: 'governance',
  BTCE: 'bitcoin-ecosystem',
  SOLE: 'solana-ecosystem',
  IOT: 'internet-of-things-iot',
  META: 'metaverse',
  NFT: 'non-fungible-tokens-nft',
};
/** Annualised volatility and correlation with the market factor, per coin class. */
const classes: Record<string, { vol: number; rho: number }> = {
  btc: { vol: 0.45, rho: 0.9 },
  major: { vol: 0.65, rho: 0.75 },
  alt: { vol: 0.85, rho: 0.65 },
  low: { vol: 0.35, rho: 0.4 },
  meme: { vol: 1.1, rho: 0.55 },
  gold: { vol: 0.15, rho: 0.1 },
  stable: { vol: 0.01, rho: 0 },
};

interface Row {
  id: string;
  symbol: string;
  name: string;
  price: number;
  circulating: number | null;
  total: number | null;
  max: number | null;
  ath: number;
  athDate: string;
  volume: number;
  categories: string[];
  cls: string;
  follow: { base: string; ratio: number } | null;
  image: string;
}

const num = (s: string): number | null => (s === '-' ? null : Number(s));

function parseRows(text: string): Row[] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((line) => {
      const f = line.split('|');
      if (f.length !== 13) throw new Error(`coins.txt: 13 fields expected: ${line}`);
      const [id, symbol, name, price, circ, total, max, ath, athDate, vol, cats, cls, image] = f as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      const follow = cls.startsWith('@')
        ? { base: cls.slice(1).split(':')[0] ?? '', ratio: Number(cls.split(':')[1]) }
        : null;
      const categories = cats.split(',').map((c) => {
        const mapped = categoryIds[c];
        if (!mapped) throw new Error(`unknown category code ${c} for ${id}`);
        return mapped;
      });
      return {
        id,
        symbol,
        name,
        price: Number(price),
        circulating: num(circ),
        total: num(total),
        max: num(max),
        ath: Number(ath),
        athDate,
        volume: Number(vol),
        categories,
        cls: follow ? 'follow' : cls,
        follow,
        image: image === '-' ? '' : `https://coin-images.coingecko.com/coins/images/${image}`,
      };
    });
}

function dayIndex(day: string, firstDayMs: number): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - firstDayMs) / dayMs);
}

/**
 * Keeps a path under the all-time high by reflecting it off the ceiling: unlike clipping,
 * reflection keeps the day-to-day volatility, so the chart does not go flat under the ATH.
 */
function reflectUnder(x: number, cap: number): number {
  return x > cap ? 2 * cap - x : x;
}

/** Moves the path so it ends exactly at `target`, fading the correction in over the last days. */
function landAt(path: number[], target: number, fadeDays = 20): void {
  const n = path.length;
  const delta = target - (path[n - 1] ?? target);
  for (let t = Math.max(0, n - fadeDays); t < n; t++)
    path[t] = (path[t] ?? 0) + (delta * (t - (n - fadeDays - 1))) / fadeDays;
}

function basePath(row: Row, marketZ: number[], firstDayMs: number): number[] {
  const n = historyDays;
  const spec = classes[row.cls] ?? { vol: 0.85, rho: 0.65 };
  const normal = normalSource(seededRandom(hashString(`${snapshotSeed}:${row.id}`)));
  if (row.cls === 'stable') {
    // Pegged: small mean-reverting wobble around the peg (≈ ±0.1 %).
    let u = 0;
    const path = Array.from({ length: n }, () => {
      u = 0.7 * u + 0.0004 * normal();
      return Math.log(row.price) + u;
    });
    path[n - 1] = Math.log(row.price);
    return path;
  }
  const sigma = spec.vol / Math.sqrt(365);
  const w: number[] = [0];
  let regime = 0;
  for (let t = 1; t < n; t++) {
    regime = 0.92 * regime + 0.3 * normal();
    const s = sigma * Math.exp(0.35 * regime - 0.06);
    const z = spec.rho * (marketZ[t] ?? 0) + Math.sqrt(1 - spec.rho * spec.rho) * normal();
    w.push((w[t - 1] ?? 0) + s * z);
  }
  // Anchors: the as-of price, and the ATH itself when its date falls inside the window.
  const anchors: Array<[number, number]> = [];
  const athIdx = dayIndex(row.athDate, firstDayMs);
  const logAth = Math.log(Math.max(row.ath, row.price));
  if (athIdx > 0 && athIdx < n - 1) anchors.push([athIdx, logAth]);
  anchors.push([n - 1, Math.log(row.price)]);
  const corr = anchors.map(([i, v]) => v - (w[i] ?? 0));
  const path = w.map((x, t) => {
    let k = 0;
    while (k < anchors.length - 1 && t > (anchors[k]?.[0] ?? 0)) k++;
    const [i1] = anchors[Math.max(0, k - 1)] ?? [0];
    const [i2] = anchors[k] ?? [0];
    const c1 = corr[Math.max(0, k - 1)] ?? 0;
    const c2 = corr[k] ?? 0;
    const c = k === 0 || t >= i2 ? c2 : c1 + ((t - i1) / (i2 - i1)) * (c2 - c1);
    return x + c;
  });
  const capped = path.map((x, t) => (t === athIdx ? x : reflectUnder(x, logAth - 0.002)));
  landAt(capped, Math.log(row.price));
  return capped;
}

export function generateSnapshot(coinsText: string): string {
  const rows = parseRows(coinsText);
  const lastDayMs = Date.parse(`${asOfDay}T00:00:00Z`);
  const firstDayMs = lastDayMs - (historyDays - 1) * dayMs;
  const marketNormal = normalSource(seededRandom(hashString(`${snapshotSeed}:market`)));
  const marketZ = Array.from({ length: historyDays }, () => marketNormal());
  const paths = new Map<string, number[]>();
  for (const row of rows) if (!row.follow) paths.set(row.id, basePath(row, marketZ, firstDayMs));
  const coins = rows.map((row) => {
    let path = paths.get(row.id);
    if (!path && row.follow) {
      // Wrapped and staked tokens track their underlying, plus a tiny premium/discount noise.
      const base = paths.get(row.follow.base);
      if (!base) throw new Error(`${row.id} follows unknown ${row.follow.base}`);
      const normal = normalSource(seededRandom(hashString(`${snapshotSeed}:${row.id}`)));
      const ratio = row.follow.ratio;
      path = base.map((x) => x + Math.log(ratio) + 0.0006 * normal());
      landAt(path, Math.log(row.price));
    }
    if (!path) throw new Error(`no path for ${row.id}`);
    const q = path.map((x) => Math.round(x * 10_000));
    const deltas = q.slice(1).map((v, i) => v - (q[i] ?? 0));
    const spec = classes[row.cls] ?? classes.major ?? { vol: 0.65, rho: 0.75 };
    return {
      id: row.id,
      symbol: row.symbol,
      name: row.name,
      image: row.image,
      price: row.price,
      circulating_supply: row.circulating,
      total_supply: row.total,
      max_supply: row.max,
      ath: row.ath,
      ath_date: `${row.athDate}T00:00:00.000Z`,
      volume_24h: row.volume,
      categories: row.categories,
      class: row.cls === 'follow' ? `follow:${row.follow?.base ?? ''}` : row.cls,
      daily_sigma: Number((spec.vol / Math.sqrt(365)).toFixed(5)),
      q0: q[0] ?? 0,
      deltas: deltas.join(','),
    };
  });
  const header = {
    format: 1,
    seed: snapshotSeed,
    as_of: new Date(lastDayMs).toISOString(),
    first_day: new Date(firstDayMs).toISOString().slice(0, 10),
    days: historyDays,
    encoding:
      'daily 00:00 UTC points; q = round(ln(price_usd) * 10000); q0 then comma-separated deltas; price = coin.price * exp((q - q_last) / 10000)',
    fiat_per_usd: fiatPerUsd,
  };
  const lines = coins.map((c) => `    ${JSON.stringify(c)}`);
  const head = JSON.stringify(header, null, 2).replace(/\n}$/, '');
  return `${head},\n  "coins": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

export const coinsTextPath = fileURLToPath(new URL('./coins.txt', import.meta.url));
export const snapshotPath = fileURLToPath(new URL('./market.snapshot.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = generateSnapshot(readFileSync(coinsTextPath, 'utf8'));
  writeFileSync(snapshotPath, out);
  console.log(`wrote ${snapshotPath} (${out.length} bytes)`);
}
