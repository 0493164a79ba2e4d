import type { CoinListOrder, CoinMarket } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/settings';
import { marketCoin, marketCoins } from '@/test/fake-market';
import { act, fireEvent, render, screen, within } from '@/test/testing-library';
import { MarketTable } from './market-table';

const usd = (v: number | string | null | undefined) => formatMoney(v, 'usd');

function Harness({
  coins,
  initialOrder = 'market_cap_desc',
  onOrder = () => {},
  onSelect = () => {},
  onToggleFavorite = () => {},
  favorites = new Set<string>(),
}: {
  coins: CoinMarket[];
  initialOrder?: CoinListOrder;
  onOrder?: (o: CoinListOrder) => void;
  onSelect?: (id: string) => void;
  onToggleFavorite?: (id: string) => void;
  favorites?: ReadonlySet<string>;
}) {
  const [order, setOrder] = useState<CoinListOrder>(initialOrder);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <MarketTable
      coins={coins}
      order={order}
      onOrder={(o) => {
        onOrder(o);
        setOrder(o);
      }}
      selectedId={selected}
      onSelect={(id) => {
        onSelect(id);
        setSelected(id);
      }}
      favorites={favorites}
      onToggleFavorite={onToggleFavorite}
      money={usd}
    />
  );
}

/** Text of each cell of the body row holding `name`. */
function rowCells(name: string): string[] {
  const row = screen.getByRole('button', { name: new RegExp(`^${name}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
}

const bodyNames = () =>
  [...document.querySelectorAll('tbody tr[aria-rowindex]')].map(
    (tr) => tr.querySelector('td:nth-child(3) .font-medium')?.textContent,
  );

beforeEach(() => {
  // happy-dom does no layout: give the scroller the height the page's CSS gives it (max 640 px).
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('<MarketTable> columns', () => {
  it('has rank, name (image + symbol), price, 1h/24h/7d, market cap, volume and a 7-day sparkline', () => {
    render(<Harness coins={marketCoins(5)} />);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent?.replace(/[▲▼]/g, ''));
    expect(headers).toEqual([
      'Favourite',
      '#',
      'Name',
      'Price',
      '1h',
      '24h',
      '7d',
      'Market cap',
      'Volume (24h)',
      'Last 7 days',
    ]);
    expect(rowCells('Bitcoin')).toEqual([
      '☆',
      '1',
      'Bitcoinbtc',
      '$97,123.46',
      '+0.25%',
      '-1.50%',
      '+4.32%',
      '$1,923,456,789,012',
      '$45,678,901,234',
      '',
    ]);
    expect(rowCells('Dogecoin').slice(1, 6)).toEqual(['5', 'Dogecoindoge', '$0.004567', '+0.10%', '-8.40%']);
    expect(screen.getByRole('img', { name: 'Bitcoin 7-day trend' }).tagName.toLowerCase()).toBe('svg');
    const bitcoinRow = screen.getByRole('button', { name: /^Bitcoin/ });
    // Asked of this server, with the letters it draws when the image host is out of reach.
    expect(bitcoinRow.querySelector('img')?.getAttribute('src')).toBe(
      `/api/v2/coin-images/?src=${encodeURIComponent('https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png')}&letters=BT`,
    );
  });

  it('shows an en dash for unknown figures and a rank-less coin', () => {
    render(
      <Harness
        coins={[
          marketCoin(9, {
            id: 'mystery',
            name: 'Mystery',
            market_cap_rank: null,
            market_cap: null,
            total_volume: null,
            price_change_percentage_1h: null,
            sparkline_in_7d: undefined,
          }),
        ]}
      />,
    );
    expect(rowCells('Mystery')).toEqual([
      '☆',
      '–',
      'Mysteryc9',
      '$991.00',
      '–',
      '+1.00%',
      '+2.00%',
      '–',
      '–',
      '–',
    ]);
  });
});

describe('<MarketTable> sorting (server order)', () => {
  it('marks the current order and cycles a column through descending and ascending', async () => {
    const onOrder = vi.fn();
    render(<Harness coins={marketCoins(5)} onOrder={onOrder} />);
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // market_cap_desc: largest cap first, which is rank 1 upwards.
    expect(header('Market cap').getAttribute('aria-sort')).toBe('descending');
    expect(header('#').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Price').getAttribute('aria-sort')).toBeNull();

    await userEvent.click(within(header('Price')).getByRole('button'));
    expect(onOrder).toHaveBeenLastCalledWith('price_desc');
    expect(header('Price').getAttribute('aria-sort')).toBe('descending');
    expect(header('Price').textContent).toContain('▼');
    expect(header('Market cap').getAttribute('aria-sort')).toBeNull();

    await userEvent.click(within(header('Price')).getByRole('button'));
    expect(onOrder).toHaveBeenLastCalledWith('price_asc');
    expect(header('Price').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Price').textContent).toContain('▲');

    // Names start A→Z; the rank column sorts by market cap.
    await userEvent.click(within(header('Name')).getByRole('button'));
    expect(onOrder).toHaveBeenLastCalledWith('name_asc');
    await userEvent.click(within(header('#')).getByRole('button'));
    expect(onOrder).toHaveBeenLastCalledWith('market_cap_desc');
    await userEvent.click(within(header('#')).getByRole('button'));
    expect(onOrder).toHaveBeenLastCalledWith('market_cap_asc');
    expect(header('#').getAttribute('aria-sort')).toBe('descending');

    for (const [name, order] of [
      ['1h', 'change_1h_desc'],
      ['24h', 'change_24h_desc'],
      ['7d', 'change_7d_desc'],
      ['Volume \\(24h\\)', 'volume_desc'],
    ] as const) {
      await userEvent.click(within(header(name)).getByRole('button'));
      expect(onOrder).toHaveBeenLastCalledWith(order);
    }
    // The sparkline and favourite columns do not sort.
    expect(within(header('Last 7 days')).queryByRole('button')).toBeNull();
  });
});

describe('<MarketTable> virtualisation', () => {
  it('keeps only the rows in view in the DOM and follows the scroll', async () => {
    const coins = Array.from({ length: 250 }, (_, i) => marketCoin(i + 1));
    render(<Harness coins={coins} />);
    const table = screen.getByRole('table');
    expect(table.getAttribute('aria-rowcount')).toBe('251');
    expect(screen.getByText('Cryptocurrency market, 250 coins')).toBeTruthy();
    const first = bodyNames();
    // 640 px of 52 px rows is 13 rows, plus an overscan of 8: far fewer than 250.
    expect(first.length).toBeGreaterThanOrEqual(13);
    expect(first.length).toBeLessThanOrEqual(30);
    expect(first[0]).toBe('Coin 1');

    const scroller = screen.getByTestId('market-table-scroller');
    await act(async () => {
      scroller.scrollTop = 52 * 200;
      fireEvent.scroll(scroller);
    });
    const later = bodyNames();
    expect(later).toContain('Coin 201');
    expect(later).not.toContain('Coin 1');
    expect(later.length).toBeLessThanOrEqual(40);
    // Row indices stay absolute for assistive tech (header is row 1).
    const row201 = screen.getByRole('button', { name: /^Coin 201/ }).closest('tr');
    expect(row201?.getAttribute('aria-rowindex')).toBe('202');
    // Spacer rows keep the scroll height of all 250 rows.
    const spacers = [...document.querySelectorAll('tbody tr:not([aria-rowindex]) td')].map((td) =>
      Number.parseFloat((td as HTMLElement).style.height),
    );
    const rendered = later.length * 52;
    expect(spacers.reduce((a, b) => a + b, 0) + rendered).toBe(250 * 52);
  });
});

describe('<MarketTable> selection and favourites', () => {
  it('selects a coin by its name and marks the row', async () => {
    const onSelect = vi.fn();
    render(<Harness coins={marketCoins(5)} onSelect={onSelect} />);
    await userEvent.click(screen.getByRole('button', { name: /^Ethereum/ }));
    expect(onSelect).toHaveBeenCalledWith('ethereum');
    expect(
      screen
        .getByRole('button', { name: /^Ethereum/ })
        .closest('tr')
        ?.getAttribute('aria-selected'),
    ).toBe('true');
    expect(
      screen
        .getByRole('button', { name: /^Bitcoin/ })
        .closest('tr')
        ?.getAttribute('aria-selected'),
    ).toBe('false');
  });

  it('shows each star pressed or not, and toggles the one clicked', async () => {
    const onToggle = vi.fn();
    render(<Harness coins={marketCoins(5)} favorites={new Set(['solana'])} onToggleFavorite={onToggle} />);
    const solana = screen.getByRole('button', { name: 'Favourite Solana' });
    expect(solana.getAttribute('aria-pressed')).toBe('true');
    expect(solana.textContent).toBe('★');
    const bitcoin = screen.getByRole('button', { name: 'Favourite Bitcoin' });
    expect(bitcoin.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(bitcoin);
    expect(onToggle).toHaveBeenCalledWith('bitcoin');
    await userEvent.click(solana);
    expect(onToggle).toHaveBeenLastCalledWith('solana');
  });
});

describe('coin images (allowed hosts only, a lettered fallback)', () => {
  it('falls back to a lettered avatar when an image fails to load', () => {
    render(<Harness coins={marketCoins(2)} />);
    const button = screen.getByRole('button', { name: /^Ethereum/ });
    const img = button.querySelector('img');
    if (!img) throw new Error('no image');
    fireEvent.error(img);
    expect(button.querySelector('img')).toBeNull();
    expect(button.querySelector('[aria-hidden="true"]')?.textContent).toBe('ET');
    // The other coin keeps its logo.
    expect(screen.getByRole('button', { name: /^Bitcoin/ }).querySelector('img')).not.toBeNull();
  });

  it('blanks an image from a host off the allow-list (or not http/s) with a console warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(
      <Harness
        coins={[
          marketCoin(1, {
            id: 'evil',
            name: 'Evil Coin',
            symbol: 'evl',
            image: 'https://evil.example/x.png',
          }),
          marketCoin(2, { id: 'js', name: 'Script Coin', symbol: 'js', image: 'javascript:alert(1)' }),
          marketCoin(3, {
            id: 'plain',
            name: 'Plain Coin',
            symbol: 'pln',
            image: 'http://assets.coingecko.com/a.png',
          }),
          marketCoin(4, { id: 'none', name: 'No Image', symbol: 'nim', image: '' }),
        ]}
      />,
    );
    const evil = screen.getByRole('button', { name: /^Evil Coin/ });
    expect(evil.querySelector('img')).toBeNull();
    expect(evil.textContent).toContain('EV');
    expect(screen.getByRole('button', { name: /^Script Coin/ }).querySelector('img')).toBeNull();
    expect(
      screen
        .getByRole('button', { name: /^Plain Coin/ })
        .querySelector('img')
        ?.getAttribute('src'),
    ).toBe(`/api/v2/coin-images/?src=${encodeURIComponent('http://assets.coingecko.com/a.png')}&letters=PL`);
    expect(screen.getByRole('button', { name: /^No Image/ }).querySelector('img')).toBeNull();
    expect(warn).toHaveBeenCalledWith('Untrusted coin image URL dropped for Evil Coin');
    expect(warn).toHaveBeenCalledWith('Untrusted coin image URL dropped for Script Coin');
    // A missing image is not a rejected one: no warning for it.
    expect(warn).not.toHaveBeenCalledWith('Untrusted coin image URL dropped for No Image');
    expect(warn).not.toHaveBeenCalledWith('Untrusted coin image URL dropped for Plain Coin');
  });
});
