import { describe, expect, it } from 'vitest';
import { PriceChange } from '@/components/ui/price-change';
import { render, screen } from '@/test/testing-library';

describe('PriceChange', () => {
  it.each([
    [1.234, '+1.23%', 'text-accent'],
    [-2.5, '-2.50%', 'text-danger'],
    [0, '0.00%', 'text-muted'],
    [-0.004, '0.00%', 'text-muted'],
    [0.004, '0.00%', 'text-muted'],
    [-0.005, '-0.01%', 'text-danger'],
  ])('%d shows %s in %s', (value, text, colour) => {
    render(<PriceChange value={value} />);
    const shown = screen.getByText(text);
    expect(shown.className).toContain(colour);
  });

  it('shows a dash for a missing change', () => {
    render(<PriceChange value={null} />);
    expect(screen.getByText('–').className).toContain('text-muted');
  });
});
