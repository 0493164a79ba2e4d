import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { installFakeTransactionsServer, mainId, otherId, txJson } from './fake-transactions-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
/** Whole journeys of typing and clicking: more than vitest's 5 s default on a busy machine. */
const journey = { timeout: 30_000 };

const stored = [
  txJson(1, { coin_id: 'bitcoin', type: 'buy', quantity: '1', price_per_coin: '100' }),
  txJson(2, {
    coin_id: 'ethereum',
    type: 'buy',
    quantity: '2',
    price_per_coin: '10',
    // Paid in BNB: shown and kept in its own currency, never as dollars.
    fee: '0.0075',
    fee_currency: 'bnb',
    executed_at: '2024-01-02T10:00:00.000Z',
  }),
  txJson(3, {
    coin_id: 'bitcoin',
    type: 'sell',
    quantity: '0.25',
    price_per_coin: '90',
    portfolio_id: otherId,
    executed_at: '2024-01-03T10:00:00.000Z',
  }),
];

/** The table is re-rendered after a filter change (a new query key loads), so look it up each time. */
const bodyRows = () =>
  within(screen.getByRole('table', { name: /Transactions/ }))
    .getAllByRole('row')
    .slice(1);

async function openPage() {
  const server = installFakeTransactionsServer(stored);
  renderApp('/transactions');
  await screen.findByRole('table', { name: /Transactions/ }, slow);
  await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
  return { server };
}

/** The Undo of one toast: a toast from an earlier test may still be on screen. */
const undoIn = (message: HTMLElement) =>
  within(message.closest('li') ?? message).getByRole('button', { name: 'Undo' });

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }, slow));
  // The form is loaded when it is opened, so it appears a moment after the click.
  return screen.findByRole('form', { name: 'Add transaction' }, slow);
}

describe('/transactions form', journey, () => {
  it('never changes the price under the cursor: a day’s close arriving while the field has focus waits', async () => {
    const { server } = await openPage();
    const release = server.offerDayCloseLater();
    const form = await openForm();
    await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
    await userEvent.type(within(form).getByLabelText('Quantity'), '1');
    const price = within(form).getByLabelText('Price per coin (USD)') as HTMLInputElement;
    await userEvent.click(price);
    release();
    // The close is offered beside the field, not written into it while the person is there.
    expect(
      await within(form).findByText(/from CoinGecko: 42000; leave the field empty to use it$/, {}, slow),
    ).toBeTruthy();
    expect(price.value).toBe('');
    await userEvent.type(price, '100');
    expect(price.value).toBe('100');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await screen.findByText('Transaction added', {}, slow)).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/transactions/').at(-1)?.price_per_coin).toBe('100');

    // Left without typing, the field takes the day's close and says where it came from.
    const again = await openForm();
    await userEvent.type(within(again).getByLabelText('Coin'), 'bitcoin');
    const next = within(again).getByLabelText('Price per coin (USD)') as HTMLInputElement;
    await userEvent.click(next);
    await userEvent.click(within(again).getByLabelText('Quantity'));
    await waitFor(() => expect(next.value).toBe('42000'), slow);
    expect(within(again).getByText(/from CoinGecko; edit it to the price you paid$/)).toBeTruthy();
  });

  it('says what is missing on the fields, and shows the server’s field errors', async () => {
    const { server } = await openPage();
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(within(form).getByText('Choose a coin')).toBeTruthy();
    expect(within(form).getByText('Quantity must be greater than 0')).toBeTruthy();
    expect(within(form).getByLabelText('Coin').getAttribute('aria-invalid')).toBe('true');
    expect(server.bodies('POST', '/api/v2/transactions/')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
    await userEvent.type(within(form).getByLabelText('Quantity'), '1');
    await userEvent.type(within(form).getByLabelText('Price per coin (USD)'), '-5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await within(form).findByText('Price per coin cannot be negative', {}, slow)).toBeTruthy();
    expect(within(form).getByLabelText('Price per coin (USD)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('form', { name: 'Add transaction' })).toBe(form);
  });

  it('previews what saving will do, stops an oversell on the quantity field, then saves', async () => {
    const { server } = await openPage();
    const form = await openForm();
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'sell');
    await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
    expect(await within(form).findByText('1 BTC held in this portfolio', {}, slow)).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Quantity'), '3');
    await userEvent.type(within(form).getByLabelText('Price per coin (USD)'), '200');
    fireEvent.change(within(form).getByLabelText('Date and time'), { target: { value: '2024-02-01T10:00' } });

    const quantity = within(form).getByLabelText('Quantity');
    expect(
      await within(form).findByText(
        'Only 1 BTC held on Feb 1, 2024, 12:00 AM UTC; this sell needs 3.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByLabelText('Preview')).toBeNull();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0.5');
    const preview = await within(form).findByLabelText('Preview', {}, slow);
    await waitFor(
      () =>
        expect(preview.textContent).toBe(
          // The method by its name, never the stored id "(average)".
          'After this: holding 0.5 (was 1), cost basis $50.00, average cost $100.00, realized P&L $50.00. Method: Average cost.',
        ),
      slow,
    );
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    const previewed = server.bodies('POST', '/api/v2/transactions/preview/').at(-1);
    expect(previewed).toEqual({
      portfolio_id: mainId,
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '200',
      fee: '0',
      date: new Date('2024-02-01T10:00').toISOString(),
      note: '',
    });

    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await screen.findByText('Transaction added', {}, slow)).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(4), slow);
    expect(server.bodies('POST', '/api/v2/transactions/')).toEqual([previewed]);
    expect(screen.queryByRole('form', { name: 'Add transaction' })).toBeNull();
  });
});

describe('/transactions list', journey, () => {
  it('opens filtered from a link (?coin=), keeps filters and search in the URL, and clears a search', async () => {
    const server = installFakeTransactionsServer(stored);
    const { router } = renderApp('/transactions?coin=ethereum');
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect((screen.getByLabelText('Filter by coin') as HTMLSelectElement).value).toBe('ethereum');
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'buy');
    await waitFor(() => expect(router.state.location.search).toBe('?coin=ethereum&type=buy'), slow);
    await userEvent.selectOptions(screen.getByLabelText('Filter by coin'), 'All coins');
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'All types');
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search transactions' }), 'ether');
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect(router.state.location.search).toBe('?q=ether');
    expect(server.listQueries()).toContain('q=ether&page=1');
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search transactions' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
    expect(router.state.location.search).toBe('');
  });

  it('deletes the selected rows at once and brings them all back with one undo', async () => {
    const { server } = await openPage();
    const select = (coin: string, type: string) => {
      const row = bodyRows().find(
        (r) => r.textContent?.toLowerCase().includes(coin) && r.textContent.includes(type),
      );
      if (!row) throw new Error(`no ${type} ${coin} row`);
      return within(row).getByRole('checkbox');
    };
    await userEvent.click(select('bitcoin', 'Sell'));
    await userEvent.click(select('ethereum', 'Buy'));
    expect(screen.getByText(/3 transactions, 2 selected/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete 2 transactions?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete selected' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    // Newest first, so no step leaves a later sell without its coins.
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      `/api/v2/transactions/${stored[2]?.id}/`,
      `/api/v2/transactions/${stored[1]?.id}/`,
    ]);
    await userEvent.click(undoIn(await screen.findByText('2 transactions deleted', {}, slow)));
    expect(await screen.findByText('2 transactions restored', {}, slow)).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
    // Oldest first on the way back.
    expect(
      server.bodies('POST', '/api/v2/transactions/').map((b) => (b as { coin_id: string }).coin_id),
    ).toEqual(['ethereum', 'bitcoin']);
  });

  it('selects every row of the page from the header', async () => {
    await openPage();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every transaction on this page' }));
    expect(screen.getByText(/3 transactions, 3 selected/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('button', { name: 'Delete selected' })).toBeNull();
    // Phones have the same choice above the cards.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText(/3 transactions, 3 selected/)).toBeTruthy();
  });

  it('filters by portfolio, coin and type', async () => {
    const { server } = await openPage();
    await userEvent.selectOptions(screen.getByLabelText('Filter by portfolio'), 'Trading');
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect(bodyRows()[0]?.textContent).toContain('Trading');
    await userEvent.selectOptions(screen.getByLabelText('Filter by portfolio'), 'All portfolios');
    await userEvent.selectOptions(screen.getByLabelText('Filter by coin'), 'bitcoin');
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    await userEvent.selectOptions(screen.getByLabelText('Filter by type'), 'sell');
    await waitFor(() => expect(bodyRows()).toHaveLength(1), slow);
    expect(bodyRows()[0]?.textContent).toContain('Sell');
    expect(server.listQueries()).toEqual(
      expect.arrayContaining([
        `portfolio_id=${otherId}&page=1`,
        'coin_id=bitcoin&page=1',
        'coin_id=bitcoin&type=sell&page=1',
      ]),
    );
  });

  it('edits a transaction in the same form, and deletes one only after confirmation', async () => {
    const { server } = await openPage();
    const eth = bodyRows().find((r) => r.textContent?.toLowerCase().includes('ethereum'));
    if (!eth) throw new Error('no ethereum row');
    expect(within(eth).getByText('0.0075 BNB')).toBeTruthy();
    await userEvent.click(within(eth).getByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('form', { name: 'Edit transaction' }, slow);
    const quantity = within(form).getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe('2');
    expect((within(form).getByLabelText('Fee (BNB)') as HTMLInputElement).value).toBe('0.0075');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Save transaction' }));
    expect(await screen.findByText('Transaction saved', {}, slow)).toBeTruthy();
    const put = server.bodies('PUT', `/api/v2/transactions/${stored[1]?.id}/`);
    expect(put).toEqual([
      expect.objectContaining({
        coin_id: 'ethereum',
        quantity: '4',
        type: 'buy',
        fee: '0.0075',
        fee_currency: 'bnb',
      }),
    ]);
    await waitFor(
      () =>
        expect(
          bodyRows().find((r) => r.textContent?.toLowerCase().includes('ethereum'))?.textContent,
        ).toContain('4'),
      slow,
    );

    const deleteEth = () => {
      const row = bodyRows().find((r) => r.textContent?.toLowerCase().includes('ethereum'));
      if (!row) throw new Error('no ethereum row');
      return within(row).getByRole('button', { name: /^Delete/ });
    };
    await userEvent.click(deleteEth());
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete this transaction?' })).getByRole(
        'button',
        {
          name: 'Cancel',
        },
      ),
    );
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(deleteEth());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete transaction' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(2), slow);
    expect(bodyRows().some((r) => r.textContent?.toLowerCase().includes('ethereum'))).toBe(false);

    // One undo writes it back with the same fields.
    await userEvent.click(undoIn(await screen.findByText('1 transaction deleted', {}, slow)));
    expect(await screen.findByText('1 transaction restored', {}, slow)).toBeTruthy();
    await waitFor(() => expect(bodyRows()).toHaveLength(3), slow);
    expect(server.bodies('POST', '/api/v2/transactions/').at(-1)).toEqual(
      expect.objectContaining({ coin_id: 'ethereum', quantity: '4', type: 'buy' }),
    );
  });

  it('keeps a row whose deletion would oversell, and says why', async () => {
    const { server } = await openPage();
    server.refuseDeletes();
    const btc = bodyRows().find(
      (r) => r.textContent?.toLowerCase().includes('bitcoin') && r.textContent.includes('Buy'),
    );
    if (!btc) throw new Error('no bitcoin buy row');
    await userEvent.click(within(btc).getByRole('button', { name: /^Delete/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete transaction' }));
    expect(await screen.findByText(/Deleting it would oversell a later transaction/, {}, slow)).toBeTruthy();
    expect(bodyRows()).toHaveLength(3);
  });
});

describe('/transactions before and without data', journey, () => {
  const note = /Prices and fees are in each portfolio's currency/;

  it('shows neither filters nor the note until the portfolios are known, then says there are none', async () => {
    const server = installFakeTransactionsServer(stored);
    const release = server.holdPortfolios({ none: true });
    renderApp('/transactions');
    expect(await screen.findByText('Loading transactions', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search transactions' })).toBeNull();
    expect(screen.queryByText(note)).toBeNull();
    release();
    expect(await screen.findByText('No portfolios yet', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('searchbox', { name: 'Search transactions' })).toBeNull();
    expect(screen.queryByText(note)).toBeNull();
  });

  it('explains the listed figures only when figures are listed', async () => {
    installFakeTransactionsServer([]);
    renderApp('/transactions');
    expect(await screen.findByText('No transactions', {}, slow)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search transactions' })).toBeTruthy();
    expect(screen.queryByText(note)).toBeNull();
  });

  it('shows the note under a list of transactions', async () => {
    await openPage();
    expect(screen.getByText(note)).toBeTruthy();
  });
});
