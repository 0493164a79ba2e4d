import 'fake-indexeddb/auto';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOfflineDb } from '@/lib/offline/offline-db';
import { coinsIn, keepSeenCoins, listSeenCoins, rememberSeenCoins } from '@/lib/offline/seen-coins';
import { createQueryClient } from '@/lib/query-client';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { TransactionForm } from './components/transaction-form';

/*
 * Without a network the coin field finds the coins the market showed on this device before
 * (kept in IndexedDB as the market answers arrive), and says in words when a coin was never seen.
 */

const market = {
  results: [
    { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', image: '', market_cap_rank: 1 },
    { id: 'ethereum', symbol: 'eth', name: 'Ethereum', image: '', market_cap_rank: 2 },
    { id: 'broken', symbol: '', name: 'No symbol' },
  ],
};

beforeEach(async () => {
  await closeOfflineDb();
  globalThis.indexedDB = new IDBFactory();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  // No network: every request fails as fetch does offline.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderForm() {
  const onSubmit = vi.fn(async () => undefined);
  renderPage(
    <TransactionForm
      portfolios={[{ id: 'p1', name: 'Main', currency: 'usd' }]}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
    { pattern: '/', path: '/' },
  );
  return { onSubmit, form: screen.getByRole('form', { name: 'Add transaction' }) };
}

describe('the coin field without a network', () => {
  it('keeps only well-formed coins of a market answer', async () => {
    await rememberSeenCoins(coinsIn(market, 1));
    expect((await listSeenCoins()).map((c) => c.id).sort()).toEqual(['bitcoin', 'ethereum']);
  });

  it("keeps the market's coins, also those that arrived before it started, never the user's own", async () => {
    const client = createQueryClient();
    client.setQueryData(['market', 'list', { vs: 'usd' }], market);
    client.setQueryData(['market', 'user-coins', 'usd'], {
      results: [{ id: 'secret-coin', symbol: 'sec', name: 'Held only by me' }],
    });
    const stop = keepSeenCoins(client, 0);
    await waitFor(async () =>
      expect((await listSeenCoins()).map((c) => c.id).sort()).toEqual(['bitcoin', 'ethereum']),
    );
    client.setQueryData(['coin-picker', 'market-select', 'transactions'], {
      cryptocurrencies: [{ id: 'solana', symbol: 'sol', name: 'Solana', image: '', market_cap_rank: 5 }],
    });
    await waitFor(async () => expect((await listSeenCoins()).map((c) => c.id)).toContain('solana'));
    stop();
  });

  it('finds a coin seen before by its symbol, and the transaction is sent with its id', async () => {
    await rememberSeenCoins(coinsIn(market, 1));
    const { form, onSubmit } = renderForm();
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Coin'), 'btc');
    const option = await screen.findByRole('option', { name: /Bitcoin/ });
    await user.pointer({ keys: '[MouseLeft>]', target: option });
    await user.type(within(form).getByLabelText('Quantity'), '0.25');
    await user.type(within(form).getByLabelText('Price per coin (USD)'), '30000');
    await user.click(within(form).getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledOnce());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ coin_id: 'bitcoin', quantity: '0.25' }));
  });

  it('says in words that a coin was never seen on this device', async () => {
    await rememberSeenCoins(coinsIn(market, 1));
    const { form } = renderForm();
    await userEvent.type(within(form).getByLabelText('Coin'), 'dogecoin');
    expect(
      await within(form).findByText(/No coin matching “dogecoin” has been seen on this device yet/),
    ).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Coins' })).toBeNull();
  });
});
