import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago';

describe('timeAgo (relative time)', () => {
  const now = new Date(2026, 10, 25, 12, 0, 0);
  it('reads just now, minutes, hours and days ago, then the day', () => {
    expect(timeAgo(new Date(2026, 10, 25, 11, 59, 30), now)).toBe('just now');
    expect(timeAgo(new Date(2026, 10, 25, 11, 55, 0), now)).toBe('5m ago');
    expect(timeAgo(new Date(2026, 10, 25, 9, 0, 0), now)).toBe('3h ago');
    expect(timeAgo(new Date(2026, 10, 22, 12, 0, 0), now)).toBe('3d ago');
    expect(timeAgo(new Date(2026, 10, 10, 12, 0, 0), now)).toBe('on 11/10');
  });
});
