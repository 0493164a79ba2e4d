import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { formatMoney } from '@/lib/settings';
import { installFakeFetch } from '@/test/fake-fetch';
import { fakeMarketRoutes, fakeMarketState } from '@/test/fake-market';
import { act, fireEvent, render, screen, within } from '@/test/testing-library';
import { CoinSearch } from './coin-search';

let searches: () => string[];
const onSelect = vi.fn();

// The market's schemas load beside the first request; the tests below run a fake clock,
// which does not drive a module load, so the chunk is loaded for real before the clock is faked.
beforeAll(async () => {
  await import('@/lib/market/market-schemas');
});

beforeEach(() => {
  vi.useFakeTimers();
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  const fake = installFakeFetch(fakeMarketRoutes(fakeMarketState()));
  searches = () => fake.keys().filter((k) => k.startsWith('GET /api/v2/terminal/coin-search/'));
  onSelect.mockReset();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CoinSearch vs="eur" money={(v) => formatMoney(v, 'eur')} onSelect={onSelect} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const box = () => screen.getByRole('combobox', { name: 'Search coins' });
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
/** Lets the fake clock run and the fetch/render promises settle. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The answer's render is scheduled on a 0 ms timer by TanStack Query. */
const settle = () => wait(20);

describe('coin search (2 characters after trimming, 300 ms debounce, clearing clears)', () => {
  it('does not search under 2 characters after trimming', async () => {
    type('e');
    await wait(1_000);
    type('  e   ');
    await wait(1_000);
    expect(searches()).toEqual([]);
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('waits 300 ms after the last keystroke and sends the trimmed text once', async () => {
    type('e');
    await wait(100);
    type('et');
    await wait(100);
    type(' eth ');
    await wait(299);
    expect(searches()).toEqual([]);
    await wait(1);
    expect(searches()).toEqual(['GET /api/v2/terminal/coin-search/?vs_currency=eur&q=eth&limit=10']);
    await settle();
    const list = screen.getByRole('listbox', { name: 'Search results' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Ethereumeth€3,456.79', 'Tetherusdt€1.00']);
  });

  it('says when nothing matches', async () => {
    type('zzz');
    await wait(300);
    await settle();
    expect(within(screen.getByRole('listbox')).getByText('No coins found')).toBeTruthy();
  });

  it('clearing the text clears the results at once, with no new request', async () => {
    type('bit');
    await wait(300);
    await settle();
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    type('');
    expect(screen.queryByRole('listbox')).toBeNull();
    await wait(1_000);
    expect(searches()).toHaveLength(1);
  });

  it('never shows a cleared search again while the next one is typed', async () => {
    type('bit');
    await wait(300);
    await settle();
    expect(screen.getByRole('option', { name: /Bitcoin/ })).toBeTruthy();
    type('');
    await wait(50);
    type('do');
    // Still inside the debounce of "do": the old "bit" results must not come back.
    expect(screen.queryByRole('option', { name: /Bitcoin/ })).toBeNull();
    await wait(300);
    await settle();
    expect(screen.getByRole('option', { name: /Dogecoin/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Bitcoin/ })).toBeNull();
  });

  it('Escape clears; picking a result selects the coin and empties the box', async () => {
    type('sol');
    await wait(300);
    await settle();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect((box() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();

    type('sol');
    await wait(300);
    await settle();
    fireEvent.click(screen.getByRole('option', { name: /Solana/ }));
    expect(onSelect).toHaveBeenCalledWith('solana');
    expect((box() as HTMLInputElement).value).toBe('');

    type('eth');
    await wait(300);
    await settle();
    fireEvent.keyDown(screen.getByRole('option', { name: /Ethereum/ }), { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith('ethereum');
  });
});
