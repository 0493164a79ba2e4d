import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { renderPage } from '@/test/render-page';
import { screen, within } from '@/test/testing-library';
import { CoinCombobox } from './coin-combobox';
import { type CoinChoice, matchCoins, resolveTyped } from './coin-match';

const coin = (id: string, symbol: string, name: string, rank: number | null): CoinChoice => ({
  id,
  symbol,
  name,
  image: '',
  market_cap_rank: rank,
});
const top = [
  coin('bitcoin', 'btc', 'Bitcoin', 1),
  coin('ethereum', 'eth', 'Ethereum', 2),
  coin('uniswap', 'uni', 'Uniswap', 30),
  coin('wrapped-bitcoin', 'wbtc', 'Wrapped Bitcoin', 20),
];
/** Only the market search knows this one: another coin using the ticker UNI. */
const uniClone = coin('unicorn-token', 'uni', 'Unicorn Token', 900);

function Harness() {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<CoinChoice | null>(null);
  return (
    <>
      <CoinCombobox
        top={top}
        text={text}
        onText={(t) => {
          setText(t);
          setPicked(null);
        }}
        selected={picked}
        onSelect={(c) => {
          setPicked(c);
          setText(c.name);
        }}
      />
      <p data-testid="picked">{picked?.id ?? 'none'}</p>
    </>
  );
}

const slow = { timeout: 5000 };

describe('coin matching (by name, symbol or id)', () => {
  it('puts an exact symbol first and lists every coin sharing it, by rank', () => {
    expect(matchCoins([...top, uniClone], 'uni').map((c) => c.id)).toEqual(['uniswap', 'unicorn-token']);
    expect(matchCoins(top, 'BTC').map((c) => c.id)).toEqual(['bitcoin']);
    expect(matchCoins(top, 'bitcoin').map((c) => c.id)).toEqual(['bitcoin', 'wrapped-bitcoin']);
    expect(matchCoins(top, 'ether').map((c) => c.id)).toEqual(['ethereum']);
  });

  it('resolves typed text only when it names one coin', () => {
    expect(resolveTyped(top, 'bitcoin')?.id).toBe('bitcoin');
    expect(resolveTyped(top, 'Wrapped Bitcoin')?.id).toBe('wrapped-bitcoin');
    expect(resolveTyped(top, 'ETH')?.id).toBe('ethereum');
    expect(resolveTyped([...top, uniClone], 'uni')).toBeNull();
    expect(resolveTyped(top, 'solana')).toBeNull();
  });
});

describe('CoinCombobox', () => {
  beforeEach(() => {
    installFakeFetch({
      'GET /api/v2/cryptocurrencies/market_select/': () =>
        json({
          cryptocurrencies: [uniClone].map((c) => ({
            ...c,
            db_id: c.id,
            user_favorite: false,
            available_balance: '0',
            current_price: 1,
          })),
        }),
    });
  });

  it('finds a coin by symbol and shows icon, symbol, name and rank; choosing it selects its id', async () => {
    renderPage(<Harness />, { pattern: '/', path: '/' });
    const input = screen.getByRole('combobox', { name: 'Coin' });
    await userEvent.type(input, 'btc');
    const list = screen.getByRole('listbox', { name: 'Coins' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['BTbtc Bitcoin#1']);
    await userEvent.click(options[0] as HTMLElement);
    expect(screen.getByTestId('picked').textContent).toBe('bitcoin');
    expect((input as HTMLInputElement).value).toBe('Bitcoin');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('lists every candidate of an ambiguous symbol, including ones only the market search knows', async () => {
    renderPage(<Harness />, { pattern: '/', path: '/' });
    await userEvent.type(screen.getByRole('combobox', { name: 'Coin' }), 'uni');
    const list = screen.getByRole('listbox', { name: 'Coins' });
    expect(await within(list).findByText('Unicorn Token', {}, slow)).toBeTruthy();
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['UNuni Uniswap#30', 'UNuni Unicorn Token#900']);
  });

  it('is driven by the keyboard: arrows move, Enter chooses, Escape closes', async () => {
    renderPage(<Harness />, { pattern: '/', path: '/' });
    const input = screen.getByRole('combobox', { name: 'Coin' });
    await userEvent.type(input, 'bitcoin');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('picked').textContent).toBe('wrapped-bitcoin');
    await userEvent.type(input, 'x');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });
});
