import type { AlertOperator } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type AlertState, decideAlertFiring, initialAlertState, isAlertArmed } from './decide.ts';

/** Runs one alert through a sequence of left values against a fixed right; returns the firing steps. */
function run(op: AlertOperator, lefts: (number | null)[], right = 0): number[] {
  let state: AlertState = initialAlertState;
  const fired: number[] = [];
  lefts.forEach((left, i) => {
    const d = decideAlertFiring(op, left === null ? null : { left, right }, state);
    if (d.fired) fired.push(i);
    state = d.state;
  });
  return fired;
}

describe('>= and <= fire on the change to true, and re-arm when false again', () => {
  it('>=: false → true fires once, stays quiet while true, re-arms when false', () => {
    expect(run('>=', [-1, 1, 2, 3, -1, 1, 1])).toEqual([1, 5]);
  });

  it('<=: mirror image', () => {
    expect(run('<=', [1, -1, -2, 1, -1])).toEqual([1, 4]);
  });

  it('a brand-new alert whose condition already holds fires once on its first evaluation', () => {
    expect(run('>=', [5, 6, 7])).toEqual([0]);
    expect(run('<=', [-5, -6])).toEqual([0]);
  });

  it('equality satisfies >= and <=', () => {
    expect(run('>=', [-1, 0])).toEqual([1]);
    expect(run('<=', [1, 0])).toEqual([1]);
    // Staying on the boundary does not re-fire; only going strictly false re-arms.
    expect(run('>=', [0, 0, 1, 0, -1, 0])).toEqual([0, 5]);
  });

  it('does not fire or forget while data is missing', () => {
    expect(run('>=', [1, null, 2])).toEqual([0]);
    expect(run('>=', [-1, null, 1])).toEqual([2]);
    expect(run('>=', [null, null, 1])).toEqual([2]);
  });

  it('ignores non-finite samples', () => {
    const d = decideAlertFiring('>=', { left: Number.NaN, right: 0 }, initialAlertState);
    expect(d).toEqual({ fired: false, state: initialAlertState });
  });
});

describe('crossings fire only on an actual crossing between evaluations', () => {
  it('crosses_above: below → above fires; staying above does not', () => {
    expect(run('crosses_above', [-1, 1, 2, -1, 1])).toEqual([1, 4]);
  });

  it('crosses_below: above → below fires', () => {
    expect(run('crosses_below', [1, -1, -2, 1, -1])).toEqual([1, 4]);
  });

  it('never fires on the first evaluation, even if already on the far side', () => {
    expect(run('crosses_above', [5, 6])).toEqual([]);
  });

  it('equality is a touch: below → equal → above fires once, when above is reached', () => {
    expect(run('crosses_above', [-1, 0, 1])).toEqual([2]);
    expect(run('crosses_above', [-1, 0, 0, 0, 1])).toEqual([4]);
  });

  it('equality is a touch: above → equal → above and below → equal → below never fire', () => {
    expect(run('crosses_above', [1, 0, 1])).toEqual([]);
    expect(run('crosses_above', [-1, 0, -1])).toEqual([]);
    expect(run('crosses_below', [1, 0, 1])).toEqual([]);
  });

  it('starting on equality needs a strict side first', () => {
    expect(run('crosses_above', [0, 1])).toEqual([]);
    expect(run('crosses_above', [0, -1, 0, 1])).toEqual([3]);
  });

  it('a gap in data keeps the last side, so a crossing across the gap still fires once', () => {
    expect(run('crosses_above', [-1, null, 1, null, 2])).toEqual([2]);
  });
});

describe('isAlertArmed', () => {
  it('reflects whether the next qualifying value fires', () => {
    expect(isAlertArmed('>=', initialAlertState)).toBe(true);
    expect(isAlertArmed('>=', { last: 'above', lastStrict: 'above' })).toBe(false);
    expect(isAlertArmed('>=', { last: 'below', lastStrict: 'below' })).toBe(true);
    expect(isAlertArmed('<=', { last: 'equal', lastStrict: 'above' })).toBe(false);
    expect(isAlertArmed('crosses_above', initialAlertState)).toBe(false);
    expect(isAlertArmed('crosses_above', { last: 'equal', lastStrict: 'below' })).toBe(true);
    expect(isAlertArmed('crosses_below', { last: 'above', lastStrict: 'above' })).toBe(true);
  });
});
