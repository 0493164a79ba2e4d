import { afterEach, describe, expect, it, vi } from 'vitest';
import { asOfText, clockTime, localTime, warmLocalTime } from './market-status';

describe('market times in the reader’s words (never ISO text)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('builds the badge’s and the hover title’s formats ahead of their first use', () => {
    const Real = Intl.DateTimeFormat;
    const built = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function build(
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    } as unknown as typeof Real);
    const shown = vi.spyOn(Date.prototype, 'toLocaleString');
    // First in this file: nothing has built the badge's format yet.
    warmLocalTime();
    const before = built.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    // The badge's format is kept (@app/core dateFormat), so the badge then builds none.
    clockTime('2026-11-24T17:44:00.000Z');
    expect(built.mock.calls.length).toBe(before);
    expect(shown).toHaveBeenCalled();
  });

  it('says the time of day a live copy was fetched, in the reader’s locale', () => {
    const at = '2026-11-24T17:44:00.000Z';
    const expected = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(
      new Date(at),
    );
    expect(clockTime(at)).toBe(expected);
    expect(clockTime(at)).not.toMatch(/T|Z/);
    expect(clockTime('not a time')).toBe('not a time');
    expect(localTime('not a time')).toBe('');
  });

  it('says how old a copy is', () => {
    const now = new Date('2026-11-24T18:00:00.000Z');
    expect(asOfText('2026-11-24T17:55:00.000Z', now)).toBe('as of 5m ago');
  });
});
