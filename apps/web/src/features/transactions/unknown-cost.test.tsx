import { unknownCostMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { installFakeTransactionsServer, txJson } from './fake-transactions-server';

/*
 * A coin received from outside whose cost nobody gave: the list and the form say "cost unknown",
 * never a price of 0, and the form sends the price as unknown (null) rather than 0.
 */

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };

const stored = [
  txJson(1, { coin_id: 'bitcoin', type: 'buy', quantity: '1', price_per_coin: '100' }),
  txJson(2, {
    coin_id: 'bitcoin',
    type: 'transfer_in',
    quantity: '0.5',
    price_per_coin: null,
    executed_at: '2024-01-02T10:00:00.000Z',
  }),
];

describe('a transfer in of unknown cost', journey, () => {
  it('is listed as "cost unknown", never at a price of 0', async () => {
    installFakeTransactionsServer(stored);
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: /Transactions/ }, slow);
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3), slow);
    const received = within(table)
      .getAllByRole('row')
      .find((row) => row.textContent?.includes('Transfer in'));
    // The price cell, where a bought coin shows its price, holds the words alone (only the fee is $0.00).
    const cells = received
      ? within(received)
          .getAllByRole('cell')
          .map((c) => c.textContent)
      : [];
    expect(cells).toContain(unknownCostMessages.costUnknown);
    // The phone cards say the same.
    const cards = screen.getByRole('list', { name: 'Transactions, newest first' });
    expect(within(cards).getAllByText(unknownCostMessages.costUnknown)).toHaveLength(1);
  });

  it('is sent without a price when none is typed, and the preview says what it leaves out', async () => {
    const server = installFakeTransactionsServer(stored);
    renderApp('/transactions');
    await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }, slow));
    const form = await screen.findByRole('form', { name: 'Add transaction' }, slow);
    await userEvent.selectOptions(within(form).getByLabelText('Type'), 'transfer_in');
    await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
    await userEvent.type(within(form).getByLabelText('Quantity'), '0.5');
    fireEvent.change(within(form).getByLabelText('Date and time'), { target: { value: '2024-03-05T10:00' } });
    expect(within(form).getByText(unknownCostMessages.transferInWithoutPrice)).toBeTruthy();

    const preview = await within(form).findByRole('status', { name: 'Preview' }, slow);
    await waitFor(() => expect(preview.textContent).toContain('0.5 of it at unknown cost'), slow);
    expect(preview.textContent).toContain('1 lot has no cost: figures exclude it.');

    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    await waitFor(() => expect(server.bodies('POST', '/api/v2/transactions/')).toHaveLength(1), slow);
    expect(server.bodies('POST', '/api/v2/transactions/')[0]).toMatchObject({
      type: 'transfer_in',
      quantity: '0.5',
      price_per_coin: null,
    });
  });
});
