import { describe, expect, it } from 'vitest';
import { badgeText, CountBadge } from '@/components/ui/count-badge';
import { render, screen } from '@/test/testing-library';

const label = (n: number) => `${n} unread notifications`;

describe('CountBadge (badge maximum 99)', () => {
  it.each([
    [0, null],
    [-3, null],
    [1, '1'],
    [99, '99'],
    [100, '99'],
    [12_345, '99'],
  ])('%d → %s', (count, expected) => {
    expect(badgeText(count)).toBe(expected);
  });

  it('is hidden at zero', () => {
    render(<CountBadge count={0} label={label} />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('caps the visible number but keeps the real count for screen readers', () => {
    render(<CountBadge count={150} label={label} />);
    const badge = screen.getByRole('status', { name: '150 unread notifications' });
    expect(badge.textContent).toBe('99');
  });
});
