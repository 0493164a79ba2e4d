import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { PlanGenerator, seededRandom } from './fixtures/random-plans.ts';
import { decString, parseDecimal, ratioString } from './numbers.ts';
import {
  digitCount,
  divide,
  format,
  minus,
  outOfDomain,
  type Parsed,
  parseScaled,
  type Scaled,
  significantDigits,
  times,
  toPlaces,
} from './scaled.ts';

/** The scaled value as the reference's text, or the parse outcome's name. */
function text(p: Parsed): string | null {
  if (p === null) return null;
  if (p === outOfDomain) return 'outside';
  return format(p);
}

function scaled(value: string): Scaled {
  const p = parseScaled(value);
  if (p === null || p === outOfDomain) throw new Error(`not a number: ${value}`);
  return p;
}

const reference = (value: string) => {
  const d = parseDecimal(value);
  if (d === null) throw new Error(`not a number: ${value}`);
  return d;
};

describe('scaled integers mirror the decimal reference', () => {
  it('works at the reference precision, half-even', () => {
    expect(significantDigits).toBe(40);
    expect(Dec.rounding).toBe(Dec.ROUND_HALF_EVEN);
  });

  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['000.000', '0'],
    ['1,234.5600', '1234.56'],
    [' 12 ', '12'],
    ['+.5', '0.5'],
    ['5.', '5'],
    ['1e3', '1000'],
    ['1.5E-3', '0.0015'],
    ['-2.50e+2', '-250'],
    ['0.00000001', '0.00000001'],
    ['123456789012345678901234567890.123456789', '123456789012345678901234567890.123456789'],
  ])('parses %j as %j', (input, expected) => {
    expect(text(parseScaled(input))).toBe(expected);
    expect(decString(reference(input))).toBe(expected);
  });

  it.each(['', ' ', 'abc', '.', '1.2.3', '1e', 'e5', '--1', '0x10', 'Infinity', 'NaN'])(
    'refuses %j as parseDecimal does',
    (input) => {
      expect(parseScaled(input)).toBeNull();
      expect(parseDecimal(input)).toBeNull();
    },
  );

  it('reads numbers and decimals through their text, as decimal.js does', () => {
    for (const n of [0.1, 1e21, 1e-7, 123.456, -0, Number.MAX_SAFE_INTEGER]) {
      expect(text(parseScaled(n))).toBe(decString(new Dec(n)));
    }
    expect(parseScaled(Number.NaN)).toBeNull();
    expect(parseScaled(Number.POSITIVE_INFINITY)).toBeNull();
    expect(text(parseScaled(new Dec('1.25e-30')))).toBe('0.00000000000000000000000000000125');
    expect(parseScaled(new Dec(Number.POSITIVE_INFINITY))).toBeNull();
  });

  it('hands values beyond 100 integer or fraction digits to the reference', () => {
    expect(parseScaled('1e400')).toBe(outOfDomain);
    expect(parseScaled('1e-101')).toBe(outOfDomain);
    expect(parseScaled(`1${'0'.repeat(100)}`)).toBe(outOfDomain);
    expect(text(parseScaled(`1${'0'.repeat(99)}`))).toBe(`1${'0'.repeat(99)}`);
  });

  it('counts digits exactly around every power of ten', () => {
    for (let n = 1; n < 330; n++) {
      const power = 10n ** BigInt(n);
      expect(digitCount(power - 1n)).toBe(n);
      expect(digitCount(power)).toBe(n + 1);
    }
  });

  it('rounds a product to 40 digits half-even, ties to even', () => {
    // 41 significant digits ending in 5: an exact tie at the 40th digit.
    const evenTie = `1${'0'.repeat(38)}25`;
    const oddTie = `1${'0'.repeat(38)}35`;
    expect(format(times(scaled(evenTie), scaled('1')))).toBe(decString(reference(evenTie).times(1)));
    expect(format(times(scaled(oddTie), scaled('1')))).toBe(decString(reference(oddTie).times(1)));
    expect(format(times(scaled(evenTie), scaled('1')))).toBe(`1${'0'.repeat(38)}20`);
    expect(format(times(scaled(oddTie), scaled('-1')))).toBe(`-1${'0'.repeat(38)}40`);
  });

  it('divides correctly rounded, a remainder past a tie rounding up', () => {
    const cases: [string, string][] = [
      ['1', '3'],
      ['2', '3'],
      ['1', '126000'],
      ['1', '7'],
      ['-10', '4'],
      ['3', '-8'],
      // The quotient's 41st digit is 5 with more beyond it: up, not to even.
      [`${'1'.repeat(39)}25${'0'.repeat(5)}1`, `1${'0'.repeat(6)}`],
      [`${'1'.repeat(39)}25`, '1'],
      [`${'1'.repeat(39)}35`, '1'],
      ['123456789.123456789', '0.000000017'],
    ];
    for (const [a, b] of cases) {
      expect(format(divide(scaled(a), scaled(b))), `${a} / ${b}`).toBe(
        decString(reference(a).div(reference(b))),
      );
    }
  });

  it('agrees with decimal.js on random ×, −, ÷ and 18-place rounding', () => {
    const g = new PlanGenerator(seededRandom(20261122));
    const operand = () => {
      const roll = g.int(0, 3);
      const body =
        roll === 0
          ? g.decimal(-12, 12, 30)
          : roll === 1
            ? `${g.int(1, 9)}${g.digits(g.int(20, 60))}`
            : roll === 2
              ? `0.${g.digits(g.int(0, 20))}${g.int(1, 9)}${g.digits(g.int(0, 40))}`
              : g.decimal(-3, 3, 3);
      return g.chance(0.3) ? `-${body}` : body;
    };
    for (let i = 0; i < 4000; i++) {
      const a = operand();
      const b = operand();
      const [x, y] = [scaled(a), scaled(b)];
      const [dx, dy] = [reference(a), reference(b)];
      expect(format(times(x, y)), `${a} × ${b}`).toBe(decString(dx.times(dy)));
      expect(format(minus(x, y)), `${a} − ${b}`).toBe(decString(dx.minus(dy)));
      expect(format(divide(x, y)), `${a} ÷ ${b}`).toBe(decString(dx.div(dy)));
      expect(format(toPlaces(times(x, y), 18)), `${a} × ${b} to 18 places`).toBe(ratioString(dx.times(dy)));
    }
  });
});
