import { describe, expect, it } from 'vitest';
import { PriceSourceNote } from '@/components/ui/price-source-note';
import { render, screen } from '@/test/testing-library';

describe('PriceSourceNote', () => {
  it('names the provider of a fallback price, with the why on hover and for screen readers', () => {
    render(<PriceSourceNote source="binance" asOf="2026-11-24T18:42:00Z" />);
    const note = screen.getByText('via Binance');
    expect(note.getAttribute('title')).toMatch(
      /^Price from Binance \(USDT pair\) at .+ while CoinGecko is unavailable/,
    );
    expect(note.textContent).toContain("other figures are CoinGecko's last copy");
  });

  it('says nothing for CoinGecko or demo prices', () => {
    const { container } = render(
      <>
        <PriceSourceNote source={undefined} asOf={undefined} />
        <PriceSourceNote source="coingecko" asOf="2026-11-24T18:42:00Z" />
        <PriceSourceNote source="demo" asOf={undefined} />
      </>,
    );
    expect(container.textContent).toBe('');
  });
});
