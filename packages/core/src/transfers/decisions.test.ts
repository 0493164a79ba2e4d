import { describe, expect, it } from 'vitest';
import { deposit, out } from './fixtures/movements.ts';
import { matchTransfers } from './match-transfers.ts';
import type { TransferDecision } from './types.ts';

const hash = 'c3a1f0e2d4b6a8c0e2f4a6b8d0c2e4f6a8b0d2c4e6f8a0b2d4c6e8f0a2b4c6d8';

describe('matchTransfers: the user’s decisions', () => {
  it('turns a confirmed proposal into a match', () => {
    const movements = [out('w1', '2'), deposit('d1', '1.99', { hours: 3 })];
    const result = matchTransfers(movements, [{ kind: 'confirmed', outId: 'w1', inId: 'd1' }]);
    expect(result.matched).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'confirmed', networkFee: '0.01', hoursApart: 3 },
    ]);
    expect(result.proposed).toEqual([]);
    expect(result.ignoredDecisions).toEqual([]);
  });

  it('keeps a confirmed pair when a second candidate turns up later', () => {
    const movements = [
      out('w1', '2'),
      deposit('d1', '1.99', { hours: 3 }),
      deposit('d2', '2', { hours: 4, portfolioId: 'savings' }),
    ];
    const result = matchTransfers(movements, [{ kind: 'confirmed', outId: 'w1', inId: 'd1' }]);
    expect(result.matched.map((m) => [m.outId, m.inId, m.reason])).toEqual([['w1', 'd1', 'confirmed']]);
    expect(result.ambiguous).toEqual([]);
    expect(result.unmatchedIn).toEqual(['d2']);
  });

  it('drops a confirmation whose movements were edited out of the rules, and says so', () => {
    const decision: TransferDecision = { kind: 'confirmed', outId: 'w1', inId: 'd1' };
    const result = matchTransfers([out('w1', '2'), deposit('d1', '1.5', { hours: 3 })], [decision]);
    expect(result.matched).toEqual([]);
    expect(result.ignoredDecisions).toEqual([{ decision, reason: 'no_longer_fits' }]);
  });

  it('never proposes a rejected pair again, and the out can then match something else', () => {
    const movements = [
      out('w1', '1'),
      deposit('d1', '1', { hours: 1 }),
      deposit('d2', '0.995', { hours: 2, portfolioId: 'savings' }),
    ];
    const rejected: TransferDecision = { kind: 'rejected', outId: 'w1', inId: 'd1' };
    const result = matchTransfers(movements, [rejected]);
    expect(result.proposed).toEqual([
      { outId: 'w1', inId: 'd2', reason: 'window', networkFee: '0.005', hoursApart: 2 },
    ]);
    expect(result.ambiguous).toEqual([]);
    expect(result.unmatchedIn).toEqual(['d1']);

    // Alone, the rejected pair stays apart.
    const alone = matchTransfers(movements.slice(0, 2), [rejected]);
    expect(alone).toMatchObject({ proposed: [], unmatchedOut: ['w1'], unmatchedIn: ['d1'] });
  });

  it('lets a rejection undo a hash match too', () => {
    const result = matchTransfers(
      [out('w1', '1', { txHash: hash }), deposit('d1', '1', { hours: 1, txHash: hash })],
      [{ kind: 'rejected', outId: 'w1', inId: 'd1' }],
    );
    expect(result).toMatchObject({ matched: [], proposed: [], unmatchedOut: ['w1'], unmatchedIn: ['d1'] });
  });

  it('honours a manual pair that breaks the window and the fee limit', () => {
    const result = matchTransfers(
      [out('w1', '2'), deposit('d1', '1.8', { hours: 24 * 5 })],
      [{ kind: 'manual', outId: 'w1', inId: 'd1' }],
    );
    expect(result.matched).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'manual', networkFee: '0.2', hoursApart: 120 },
    ]);
  });

  it('puts a manual pair before a hash match of the same out', () => {
    const result = matchTransfers(
      [
        out('w1', '1', { txHash: hash }),
        deposit('d1', '1', { hours: 1, txHash: hash }),
        deposit('d2', '0.9', { hours: 30, portfolioId: 'savings' }),
      ],
      [{ kind: 'manual', outId: 'w1', inId: 'd2' }],
    );
    expect(result.matched.map((m) => [m.outId, m.inId, m.reason])).toEqual([['w1', 'd2', 'manual']]);
    expect(result.unmatchedIn).toEqual(['d1']);
  });

  it('refuses manual pairs no transfer can be, and lets a later decision win', () => {
    const movements = [
      out('w1', '1'),
      out('w2', '1', { portfolioId: 'wallet' }),
      deposit('d1', '1', { hours: 1 }),
      deposit('d2', '1.5', { hours: 1, portfolioId: 'savings' }),
      deposit('d3', '1', { hours: 1, coinId: 'ethereum' }),
      deposit('d4', '1', { hours: 1, portfolioId: 'savings' }),
    ];
    const decisions: TransferDecision[] = [
      { kind: 'manual', outId: 'w1', inId: 'missing' },
      { kind: 'manual', outId: 'd1', inId: 'w1' },
      { kind: 'manual', outId: 'w2', inId: 'd1' },
      { kind: 'manual', outId: 'w1', inId: 'd2' },
      { kind: 'manual', outId: 'w1', inId: 'd3' },
      { kind: 'manual', outId: 'w1', inId: 'd1' },
      { kind: 'manual', outId: 'w1', inId: 'd4' },
      { kind: 'rejected', outId: 'w1', inId: 'd4' },
    ];
    const result = matchTransfers(movements, decisions);
    expect(result.ignoredDecisions.map((d) => d.reason)).toEqual([
      'unknown_movement',
      'not_out_and_in',
      'same_portfolio',
      'in_exceeds_out',
      'different_coins',
      'superseded',
    ]);
    // The manual w1 → d4 was undone by the later rejection; w1 → d1 stands (by hand).
    expect(result.ignoredDecisions.at(-1)?.decision).toEqual(decisions[6]);
    expect(result.matched.map((m) => [m.outId, m.inId, m.reason])).toEqual([['w1', 'd1', 'manual']]);
  });

  it('gives a movement claimed by two manual pairs to the later one', () => {
    const decisions: TransferDecision[] = [
      { kind: 'manual', outId: 'w1', inId: 'd1' },
      { kind: 'manual', outId: 'w1', inId: 'd2' },
    ];
    const result = matchTransfers(
      [out('w1', '1'), deposit('d1', '1', { hours: 1 }), deposit('d2', '1', { hours: 2, portfolioId: 's' })],
      decisions,
    );
    expect(result.matched.map((m) => m.inId)).toEqual(['d2']);
    expect(result.ignoredDecisions).toEqual([{ decision: decisions[0], reason: 'movement_taken' }]);
    expect(result.unmatchedIn).toEqual(['d1']);
  });

  it('keeps a confirmation of a pair the hash already matched without listing it as ignored', () => {
    const result = matchTransfers(
      [out('w1', '1', { txHash: hash }), deposit('d1', '1', { hours: 1, txHash: hash })],
      [{ kind: 'confirmed', outId: 'w1', inId: 'd1' }],
    );
    expect(result.matched.map((m) => m.reason)).toEqual(['tx_hash']);
    expect(result.ignoredDecisions).toEqual([]);
  });
});
