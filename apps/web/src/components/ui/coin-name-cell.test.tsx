import { describe, expect, it } from 'vitest';
import { CoinNameCell } from '@/components/ui/coin-name-cell';
import { render, screen } from '@/test/testing-library';

describe('CoinNameCell', () => {
  it('shows the name over the symbol, beside the icon', () => {
    render(<CoinNameCell image={null} name="Bitcoin" symbol="btc" />);
    const name = screen.getByText('Bitcoin');
    expect(name.nextElementSibling?.textContent).toBe('btc');
    // The icon (here the symbol's letters, no image given) comes first.
    expect(name.parentElement?.previousElementSibling?.getAttribute('aria-hidden')).toBe('true');
  });

  it('puts the given detail under the name in place of the symbol', () => {
    render(
      <CoinNameCell image={null} name="Bitcoin" symbol="btc" detail={<span>0.25 BTC at $97,000.00</span>} />,
    );
    expect(screen.getByText('Bitcoin').nextElementSibling?.textContent).toBe('0.25 BTC at $97,000.00');
    expect(screen.queryByText('btc')).toBeNull();
  });
});
