// matchTransfers over a user's withdrawals and deposits from 20 connections (one portfolio each:
// wallets, exchanges, CSV imports, rows typed by hand), at 25k, 50k and 100k movements, beside two
// baselines in the same run on the same rows: the core ledger as the dashboard runs it (one
// computeLedger per portfolio and coin, totals only, average cost) and the floor any time-ordered
// pass pays (parse every instant, sort).
//
// Data (seeded, the same every run): an opening deposit per portfolio and coin so that no
// withdrawal oversells; a few thousand true own transfers (6 % of the rows are their two sides)
// with network fees up to 0.8 %, some with a stated fee, about a third carrying the transaction
// hash on both sides (delays up to three days), the rest within the window without a hash; the
// other rows are deposits from and withdrawals to outside addresses, 30 coins, two years.
//
// time = median of BENCH_TRANSFER_RUNS timed calls after two untimed ones: wall time, and in
//        brackets this process's CPU time, which a machine busy with other work inflates less.
// heap = heapUsed after a full GC with the result still held, minus before (what the result
//        keeps), and the growth during one call with no GC forced (at least what it allocated
//        before any collection the engine chose to run).
// Run: node --import tsx bench/transfer-matching.bench.ts (BENCH_TRANSFER_SIZES, BENCH_TRANSFER_RUNS).
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  computeLedger,
  type LedgerTransaction,
  matchTransfers,
  parseInstant,
  type TransferMatchResult,
  type TransferMovement,
} from '@app/core';

const sizes = (process.env.BENCH_TRANSFER_SIZES ?? '25000,50000,100000').split(',').map(Number);
const runs = Number(process.env.BENCH_TRANSFER_RUNS ?? 7);
const connectionCount = 20;
const coinCount = 30;
const pairShare = 0.03;
const hashedShare = 0.35;
const hourMs = 3_600_000;
const spanMs = 2 * 365 * 24 * hourMs;
const firstAt = Date.parse('2024-01-01T00:00:00.000Z');

setFlagsFromString('--expose_gc');
const collect = runInNewContext('gc') as () => void;

/** mulberry32: 32-bit integer steps, so long runs do not fall into the short cycles of float maths. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const sourceKinds = ['wallet', 'exchange', 'csv', 'manual'] as const;
const connections = Array.from({ length: connectionCount }, (_, i) => ({
  portfolioId: `portfolio-${String(i + 1).padStart(2, '0')}`,
  sourceKind: sourceKinds[i < 8 ? 0 : i < 16 ? 1 : i < 18 ? 2 : 3] ?? 'manual',
}));
const coins = Array.from({ length: coinCount }, (_, i) => `coin-${String(i + 1).padStart(2, '0')}`);

interface Generated {
  movements: TransferMovement[];
  /** out id → in id of the own transfers the data was made with. */
  truePairs: Map<string, string>;
}

/** Units of 10^-8, as every amount here has 8 places. */
function units(n: bigint): string {
  const text = n.toString().padStart(9, '0');
  return `${text.slice(0, -8)}.${text.slice(-8)}`;
}

function hex64(rand: () => number): string {
  let text = '';
  while (text.length < 64)
    text += Math.floor(rand() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return text.slice(0, 64);
}

function generate(size: number): Generated {
  const rand = random(size);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const movements: TransferMovement[] = [];
  const truePairs = new Map<string, string>();
  let next = 0;
  const add = (m: Omit<TransferMovement, 'id' | 'sourceKind'>): string => {
    const id = `mv-${++next}`;
    const sourceKind = connections.find((c) => c.portfolioId === m.portfolioId)?.sourceKind ?? 'manual';
    movements.push({ id, sourceKind, ...m });
    return id;
  };
  for (const c of connections) {
    for (const coinId of coins) {
      add({
        portfolioId: c.portfolioId,
        coinId,
        direction: 'in',
        quantity: '1000000',
        executedAt: new Date(firstAt - 24 * hourMs).toISOString(),
      });
    }
  }
  const pairs = Math.round(size * pairShare);
  for (let p = 0; p < pairs; p++) {
    const from = pick(connections);
    let to = pick(connections);
    while (to === from) to = pick(connections);
    const coinId = pick(coins);
    const sent = BigInt(Math.floor(10 ** (rand() * 5) * 100_000)) + 1_000n;
    const at = firstAt + Math.floor(rand() * spanMs);
    const hashed = rand() < hashedShare;
    const stated = !hashed && rand() < 0.3;
    const fee = (sent * BigInt(Math.floor(rand() * 80))) / 10_000n;
    const delay = hashed ? rand() * 72 * hourMs : -0.8 * hourMs + rand() * 20 * hourMs;
    const txHash = hashed || from.sourceKind === 'wallet' ? hex64(rand) : null;
    const outId = add({
      portfolioId: from.portfolioId,
      coinId,
      direction: 'out',
      quantity: units(sent),
      fee: stated ? units(fee) : null,
      executedAt: new Date(at).toISOString(),
      txHash,
    });
    const inId = add({
      portfolioId: to.portfolioId,
      coinId,
      direction: 'in',
      quantity: units(sent - fee),
      executedAt: new Date(at + Math.floor(delay)).toISOString(),
      txHash: hashed ? txHash?.toUpperCase() : null,
    });
    truePairs.set(outId, inId);
  }
  while (movements.length < size) {
    const c = pick(connections);
    add({
      portfolioId: c.portfolioId,
      coinId: pick(coins),
      direction: rand() < 0.5 ? 'in' : 'out',
      quantity: units(BigInt(Math.floor(10 ** (rand() * 5) * 100_000)) + 1n),
      executedAt: new Date(firstAt + Math.floor(rand() * spanMs)).toISOString(),
      txHash: c.sourceKind === 'wallet' || rand() < 0.3 ? hex64(rand) : null,
    });
  }
  return { movements, truePairs };
}

/** The same rows as the ledger stores them, grouped as the dashboard's ledger cache holds them. */
function ledgerBooks(movements: readonly TransferMovement[]): LedgerTransaction[][] {
  const books = new Map<string, LedgerTransaction[]>();
  for (const m of movements) {
    const key = `${m.portfolioId}|${m.coinId}`;
    let book = books.get(key);
    if (!book) {
      book = [];
      books.set(key, book);
    }
    book.push({
      id: m.id,
      coin_id: m.coinId,
      type: m.direction === 'out' ? 'transfer_out' : 'transfer_in',
      quantity: m.quantity,
      // A deposit from outside without a stated cost (every third) is held at unknown cost.
      price_per_coin: m.direction === 'in' && Number(m.id.slice(3)) % 3 === 0 ? null : '1234.5',
      fee: '0',
      executed_at: m.executedAt,
      created_at: m.executedAt,
    });
  }
  return [...books.values()];
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
}

interface Timing {
  wallMs: number;
  /** This process's CPU time (GC helper threads included): what a busy machine's waiting leaves out. */
  cpuMs: number;
}

function timeMedian(fn: () => unknown): Timing {
  fn();
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    fn();
    wall.push(performance.now() - started);
    const used = process.cpuUsage(cpuBefore);
    cpu.push((used.user + used.system) / 1000);
  }
  return { wallMs: median(wall), cpuMs: median(cpu) };
}

/** The result is returned so that it is still held when the second collection runs. */
function heapOf<T>(fn: () => T): { retainedMb: number; growthMb: number; result: T } {
  collect();
  const before = process.memoryUsage().heapUsed;
  const result = fn();
  const growth = process.memoryUsage().heapUsed - before;
  collect();
  const retained = process.memoryUsage().heapUsed - before;
  return { retainedMb: retained / 1024 / 1024, growthMb: growth / 1024 / 1024, result };
}

function quality(result: TransferMatchResult, truePairs: Map<string, string>): string {
  const found = [...result.matched, ...result.proposed];
  const right = found.filter((m) => truePairs.get(m.outId) === m.inId).length;
  return `${right}/${truePairs.size} true pairs found (${found.length - right} other pairs)`;
}

export function benchTransferMatching(): void {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\ntransfer matching, in process (${connectionCount} connections, ${coinCount} coins, 2 years; median of ${runs} runs after 2 warm-ups; Node ${process.version}; ${cpus().length} cores, load average ${load} at the start)`,
  );
  console.log(
    '| movements | matchTransfers ms (CPU ms) | µs per movement | ledger, as the dashboard runs it, ms (CPU ms) | parse + sort floor ms | match ÷ ledger | heap growth during a call | heap kept by the result |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  const notes: string[] = [];
  for (const size of sizes) {
    const { movements, truePairs } = generate(size);
    const books = ledgerBooks(movements);
    const match = timeMedian(() => matchTransfers(movements));
    const ledger = timeMedian(() => {
      for (const book of books) computeLedger(book, { method: 'average', explain: false });
    });
    const floor = timeMedian(() =>
      movements.map((m) => ({ m, at: parseInstant(m.executedAt) })).sort((a, b) => a.at - b.at),
    );
    const heap = heapOf(() => matchTransfers(movements));
    const { result } = heap;
    const ms = (t: Timing) => `${t.wallMs.toFixed(1)} (${t.cpuMs.toFixed(0)})`;
    console.log(
      `| ${size.toLocaleString('en-US')} | ${ms(match)} | ${((match.wallMs * 1000) / size).toFixed(2)} | ${ms(ledger)} | ${ms(floor)} | ${(match.wallMs / ledger.wallMs).toFixed(2)} | ${heap.growthMb.toFixed(0)} MB | ${heap.retainedMb.toFixed(1)} MB |`,
    );
    notes.push(
      `${size.toLocaleString('en-US')}: ${result.matched.length} matched, ${result.proposed.length} proposed, ${result.ambiguous.length} ambiguous, ${result.unmatchedOut.length + result.unmatchedIn.length} unmatched; ${quality(result, truePairs)}`,
    );
  }
  for (const note of notes) console.log(note);
  console.log(
    `load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) benchTransferMatching();
