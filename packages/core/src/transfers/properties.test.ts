import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { caseArbitrary, movementsArbitrary } from './fixtures/random-movements.ts';
import { matchTransfers } from './match-transfers.ts';
import { normaliseTxHash } from './tx-hash.ts';
import type { TransferDecision, TransferMatchResult, TransferMovement } from './types.ts';

const hourMs = 3_600_000;
/** Pure computation, but beside other test workers on a busy machine it can outlast the default timeout. */
const cpuBound = 20_000;

/** The window rules read straight from their wording, in decimal.js, over every pair. */
function fitsByWindow(o: TransferMovement, i: TransferMovement): boolean {
  if (o.direction !== 'out' || i.direction !== 'in') return false;
  if (o.coinId !== i.coinId || o.portfolioId === i.portfolioId) return false;
  const apart = Date.parse(i.executedAt) - Date.parse(o.executedAt);
  if (apart < -hourMs || apart > 24 * hourMs) return false;
  const q = new Dec(o.quantity);
  const r = new Dec(i.quantity);
  if (r.gt(q)) return false;
  if (o.fee !== null && o.fee !== undefined && q.sub(o.fee).eq(r)) return true;
  return q.sub(r).mul(100).lte(q);
}

/** Without hashes or decisions: unique pairs are proposed, every other movement with fits ambiguous. */
function reference(movements: readonly TransferMovement[]) {
  const fits = new Map<string, string[]>(movements.map((m) => [m.id, []]));
  for (const o of movements) {
    for (const i of movements) {
      if (!fitsByWindow(o, i)) continue;
      fits.get(o.id)?.push(i.id);
      fits.get(i.id)?.push(o.id);
    }
  }
  const proposed: string[] = [];
  const ambiguous: string[] = [];
  const unmatched: string[] = [];
  for (const m of movements) {
    const own = fits.get(m.id) ?? [];
    const only = own.length === 1 ? (own[0] as string) : null;
    if (only !== null && fits.get(only)?.length === 1) {
      if (m.direction === 'out') proposed.push(`${m.id}→${only}`);
    } else if (own.length > 0) ambiguous.push(`${m.id}:${[...own].sort().join(',')}`);
    else unmatched.push(m.id);
  }
  return { proposed: proposed.sort(), ambiguous: ambiguous.sort(), unmatched: unmatched.sort() };
}

function placements(result: TransferMatchResult): string[] {
  return [
    ...[...result.matched, ...result.proposed].flatMap((m) => [m.outId, m.inId]),
    ...result.ambiguous.map((a) => a.movementId),
    ...result.unmatchedOut,
    ...result.unmatchedIn,
  ];
}

/** The decision in force per pair: the latest one. */
function latestPerPair(decisions: readonly TransferDecision[]): Map<string, TransferDecision['kind']> {
  const latest = new Map<string, TransferDecision['kind']>();
  for (const d of decisions) latest.set(`${d.outId}→${d.inId}`, d.kind);
  return latest;
}

describe('matchTransfers on random movements (fast-check)', () => {
  it(
    'puts each movement in one place and makes only out → in pairs of one coin across portfolios',
    () => {
      fc.assert(
        fc.property(caseArbitrary, ({ movements, decisions }) => {
          const result = matchTransfers(movements, decisions);
          const byId = new Map(movements.map((m) => [m.id, m]));
          const placed = placements(result);
          expect(new Set(placed).size).toBe(placed.length);
          expect([...placed].sort()).toEqual(movements.map((m) => m.id).sort());

          const latest = latestPerPair(decisions);
          for (const match of [...result.matched, ...result.proposed]) {
            const o = byId.get(match.outId) as TransferMovement;
            const i = byId.get(match.inId) as TransferMovement;
            expect([o.direction, i.direction]).toEqual(['out', 'in']);
            expect(o.coinId).toBe(i.coinId);
            expect(o.portfolioId).not.toBe(i.portfolioId);
            const fee = new Dec(o.quantity).sub(i.quantity);
            expect(fee.isNegative()).toBe(false);
            expect(new Dec(match.networkFee).eq(fee)).toBe(true);
            const decided = latest.get(`${o.id}→${i.id}`);
            if (match.reason === 'manual') expect(decided).toBe('manual');
            else expect(decided).not.toBe('rejected');
            if (match.reason === 'tx_hash') expect(normaliseTxHash(o.txHash)).toBe(normaliseTxHash(i.txHash));
            if (match.reason === 'window' || match.reason === 'confirmed')
              expect(fitsByWindow(o, i)).toBe(true);
            if (match.reason === 'confirmed') expect(decided).toBe('confirmed');
          }
          expect(result.proposed.every((m) => m.reason === 'window')).toBe(true);
          expect(matchTransfers([...movements].reverse(), decisions)).toEqual(result);
        }),
        { numRuns: 200 },
      );
    },
    cpuBound,
  );

  it(
    'finds the same proposals and ambiguities as a check of every pair',
    () => {
      fc.assert(
        fc.property(movementsArbitrary({ hashes: false, maxLength: 60 }), (movements) => {
          const result = matchTransfers(movements);
          const expected = reference(movements);
          expect(result.matched).toEqual([]);
          expect(result.proposed.map((m) => `${m.outId}→${m.inId}`).sort()).toEqual(expected.proposed);
          expect(
            result.ambiguous.map((a) => `${a.movementId}:${[...a.candidateIds].sort().join(',')}`).sort(),
          ).toEqual(expected.ambiguous);
          expect([...result.unmatchedOut, ...result.unmatchedIn].sort()).toEqual(expected.unmatched);
        }),
        { numRuns: 300 },
      );
    },
    cpuBound,
  );
});
