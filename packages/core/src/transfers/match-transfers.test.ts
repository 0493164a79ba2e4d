import { describe, expect, it } from 'vitest';
import { deposit, out } from './fixtures/movements.ts';
import { matchTransfers } from './match-transfers.ts';
import { TransferInputError } from './prepare-movements.ts';

const hash = '0x9f2c4e1b7a3d5f6e8c0b1a2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f';

describe('matchTransfers: transaction ids', () => {
  it('matches an out and an in across portfolios that share a hash, whatever its case or prefix', () => {
    // Three days and 3 % apart: the shared id is the evidence, not the window or the fee limit.
    const result = matchTransfers([
      out('w1', '0.5', { txHash: hash.toUpperCase().replace('0X', '0x') }),
      deposit('d1', '0.485', { hours: 72, txHash: hash.slice(2) }),
    ]);
    expect(result.matched).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'tx_hash', networkFee: '0.015', hoursApart: 72 },
    ]);
    expect(result).toMatchObject({ proposed: [], ambiguous: [], unmatchedOut: [], unmatchedIn: [] });
  });

  it('does not take a hash match whose in is larger than its out', () => {
    const result = matchTransfers([
      out('w1', '0.5', { txHash: hash }),
      deposit('d1', '0.6', { txHash: hash }),
    ]);
    expect(result.matched).toEqual([]);
    expect(result.unmatchedOut).toEqual(['w1']);
    expect(result.unmatchedIn).toEqual(['d1']);
  });

  it('leaves a batch (one out, two ins with its hash) to the window rules, which tell them apart', () => {
    const result = matchTransfers([
      out('w1', '1', { txHash: hash }),
      deposit('d1', '0.4', { txHash: hash }),
      deposit('d2', '0.999', { txHash: hash, portfolioId: 'savings' }),
    ]);
    expect(result.matched).toEqual([]);
    expect(result.proposed).toEqual([
      { outId: 'w1', inId: 'd2', reason: 'window', networkFee: '0.001', hoursApart: 0 },
    ]);
    expect(result.unmatchedIn).toEqual(['d1']);
  });

  it('does not pair inside an id that a source repeats on many rows', () => {
    const shared = 'ACCOUNT-REFERENCE-000123';
    const rows = [out('w1', '1', { txHash: shared }), deposit('d1', '1', { hours: 100, txHash: shared })];
    for (let i = 0; i < 40; i++) rows.push(deposit(`x${i}`, '5', { hours: 200 + i, txHash: shared }));
    expect(matchTransfers(rows).matched).toEqual([]);
    expect(matchTransfers(rows.slice(0, 2)).matched.map((m) => m.reason)).toEqual(['tx_hash']);
  });

  it('ignores placeholder ids that exports put in the hash column', () => {
    const result = matchTransfers([
      out('w1', '0.5', { txHash: 'internal' }),
      deposit('d1', '0.45', { txHash: 'INTERNAL', hours: 2 }),
    ]);
    expect(result.matched).toEqual([]);
    expect(result.unmatchedOut).toEqual(['w1']);
  });
});

describe('matchTransfers: the window rules', () => {
  it('proposes a deposit 0.5 % short of the withdrawal, arriving within the day', () => {
    const result = matchTransfers([out('w1', '2'), deposit('d1', '1.99', { hours: 3.5 })]);
    expect(result.proposed).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'window', networkFee: '0.01', hoursApart: 3.5 },
    ]);
    expect(result.matched).toEqual([]);
  });

  it('leaves a deposit 1.5 % short unmatched', () => {
    const result = matchTransfers([out('w1', '2'), deposit('d1', '1.97', { hours: 1 })]);
    expect(result).toMatchObject({ proposed: [], unmatchedOut: ['w1'], unmatchedIn: ['d1'] });
  });

  it('takes exactly 1 % and exactly 24 hours, and nothing beyond either', () => {
    expect(matchTransfers([out('w1', '2'), deposit('d1', '1.98', { hours: 24 })]).proposed).toHaveLength(1);
    expect(matchTransfers([out('w1', '2'), deposit('d1', '1.97999', { hours: 1 })]).proposed).toEqual([]);
    expect(matchTransfers([out('w1', '2'), deposit('d1', '2', { hours: 24.001 })]).proposed).toEqual([]);
  });

  it('leaves a deposit 25 hours later unmatched', () => {
    const result = matchTransfers([out('w1', '2'), deposit('d1', '2', { hours: 25 })]);
    expect(result).toMatchObject({ proposed: [], unmatchedOut: ['w1'], unmatchedIn: ['d1'] });
  });

  it('pairs an in stamped 30 minutes before its out, not one 61 minutes before', () => {
    const early = matchTransfers([out('w1', '2'), deposit('d1', '2', { hours: -0.5 })]);
    expect(early.proposed).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'window', networkFee: '0', hoursApart: -0.5 },
    ]);
    const tooEarly = matchTransfers([out('w1', '2'), deposit('d1', '2', { hours: -61 / 60 })]);
    expect(tooEarly.proposed).toEqual([]);
  });

  it('pairs an early in across midnight UTC, where it falls on the day before', () => {
    const result = matchTransfers([
      { ...out('w1', '2'), executedAt: '2025-03-11T00:20:00.000Z' },
      { ...deposit('d1', '2'), executedAt: '2025-03-10T23:50:00.000Z' },
    ]);
    expect(result.proposed.map((m) => m.hoursApart)).toEqual([-0.5]);
  });

  it("reads '1.50' and '1.5' as the same quantity", () => {
    const result = matchTransfers([out('w1', '1.50'), deposit('d1', '1.5', { hours: 1 })]);
    expect(result.proposed).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'window', networkFee: '0', hoursApart: 1 },
    ]);
  });

  it('accepts a stated withdrawal fee above 1 % when the in is exactly the out less that fee', () => {
    const result = matchTransfers([
      out('w1', '0.01', { fee: '0.0005' }),
      deposit('d1', '0.0095', { hours: 2 }),
      out('w2', '0.01', { fee: '0.0005', hours: 100 }),
      deposit('d2', '0.0096', { hours: 101 }),
    ]);
    expect(result.proposed).toEqual([
      { outId: 'w1', inId: 'd1', reason: 'window', networkFee: '0.0005', hoursApart: 2 },
    ]);
    expect(result.unmatchedOut).toEqual(['w2']);
  });

  it('lists two fitting deposits as ambiguous and proposes neither', () => {
    const result = matchTransfers([
      out('w1', '1'),
      deposit('d1', '1', { hours: 1 }),
      deposit('d2', '0.995', { hours: 2, portfolioId: 'savings' }),
    ]);
    expect(result.proposed).toEqual([]);
    expect(result.ambiguous).toEqual([
      { movementId: 'w1', candidateIds: ['d1', 'd2'] },
      { movementId: 'd1', candidateIds: ['w1'] },
      { movementId: 'd2', candidateIds: ['w1'] },
    ]);
    expect(result.unmatchedOut).toEqual([]);
    expect(result.unmatchedIn).toEqual([]);
  });

  it('lists an out as ambiguous when its only fit is contested by another out', () => {
    const result = matchTransfers([
      out('w1', '1'),
      out('w2', '1', { hours: 1, portfolioId: 'savings' }),
      deposit('d1', '1', { hours: 2 }),
    ]);
    expect(result.proposed).toEqual([]);
    expect(result.ambiguous.map((a) => a.movementId)).toEqual(['w1', 'w2', 'd1']);
  });

  it('never pairs movements of one portfolio, by window or by hash', () => {
    const result = matchTransfers([
      out('w1', '1', { portfolioId: 'p1', txHash: hash }),
      deposit('d1', '1', { portfolioId: 'p1', hours: 1, txHash: hash }),
    ]);
    expect(result).toMatchObject({ matched: [], proposed: [], unmatchedOut: ['w1'], unmatchedIn: ['d1'] });
  });

  it('never pairs different coins', () => {
    const result = matchTransfers([out('w1', '1'), deposit('d1', '1', { coinId: 'ethereum', hours: 1 })]);
    expect(result.proposed).toEqual([]);
  });

  it('gives the same result whatever the order of the input', () => {
    const movements = [
      out('w1', '1'),
      deposit('d1', '1', { hours: 1 }),
      deposit('d2', '0.995', { hours: 2, portfolioId: 'savings' }),
      out('w2', '3', { hours: 5, txHash: hash }),
      deposit('d3', '2.9', { hours: 50, txHash: hash }),
      out('w3', '0.2', { hours: 30 }),
      deposit('d4', '0.2', { hours: 30 }),
    ];
    const expected = matchTransfers(movements);
    expect(matchTransfers([...movements].reverse())).toEqual(expected);
    expect(matchTransfers([...movements.slice(3), ...movements.slice(0, 3)])).toEqual(expected);
  });
});

describe('matchTransfers: bad input', () => {
  it('names the movement and the field it cannot read', () => {
    expect(() => matchTransfers([out('w1', '-1')])).toThrow(TransferInputError);
    expect(() => matchTransfers([out('w1', '0')])).toThrow(/w1: quantity/);
    expect(() => matchTransfers([out('w1', 'abc')])).toThrow(/w1: quantity/);
    expect(() => matchTransfers([out('w1', '1', { fee: '-0.1' })])).toThrow(/w1: fee/);
    expect(() => matchTransfers([{ ...out('w1', '1'), executedAt: 'yesterday' }])).toThrow(/w1: executedAt/);
    expect(() => matchTransfers([out('w1', '1'), deposit('w1', '1')])).toThrow(/w1: id appears twice/);
  });

  it('reads exponent notation through the shared decimal type', () => {
    const result = matchTransfers([out('w1', '1e-8'), deposit('d1', '0.00000001', { hours: 1 })]);
    expect(result.proposed).toHaveLength(1);
  });
});
