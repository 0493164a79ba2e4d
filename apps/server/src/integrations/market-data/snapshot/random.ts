/**
 * Seeded randomness shared by the dataset generator and the snapshot provider. Everything
 * the offline market shows is a pure function of (seed, coin, time), so two processes or
 * two runs agree on every price.
 */

/** FNV-1a, 32-bit: a stable string → seed hash. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for simulated prices (not for secrets). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws (Box–Muller) from a uniform source. */
export function normalSource(uniform: () => number): () => number {
  return () => {
    const u = Math.max(uniform(), 1e-12);
    const v = uniform();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

/** One standard normal for a key, e.g. `${seed}:${coin}:day:${n}`. */
export function keyedNormal(key: string): number {
  return normalSource(seededRandom(hashString(key)))();
}

/** One uniform in [0, 1) for a key. */
export function keyedUniform(key: string): number {
  return seededRandom(hashString(key))();
}
