import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render } from '@/test/testing-library';
import { CoinAvatar } from './coin-avatar';
import { forgetLogoFailures } from './coin-logo-failures';

const logo = 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png';

afterEach(() => forgetLogoFailures());

describe('CoinAvatar', () => {
  it('shows the letters every time once a logo has failed, and keeps that for the next page load', () => {
    const first = render(<CoinAvatar src={logo} name="Bitcoin" symbol="btc" />);
    const img = first.container.querySelector('img');
    if (!img) throw new Error('no image');
    fireEvent.error(img);
    expect(first.container.textContent).toBe('BT');
    first.unmount();

    // Another list (Trending, Top performers) draws the same coin: letters at once, no image tried.
    const again = render(<CoinAvatar src={logo} name="Bitcoin" symbol="btc" />);
    expect(again.container.querySelector('img')).toBeNull();
    expect(again.container.textContent).toBe('BT');
    again.unmount();

    // A new page load keeps only what the browser stored.
    const stored = localStorage.getItem('coin-logo-failures');
    expect(stored).toContain(logo);
  });

  it('still tries a logo that has not failed', () => {
    const { container } = render(<CoinAvatar src={logo} name="Bitcoin" symbol="btc" />);
    expect(container.querySelector('img')?.getAttribute('src')).toMatch(/^\/api\/v2\/coin-images\/\?src=/);
  });
});
