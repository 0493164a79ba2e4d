import { fiatCurrencies } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { fireEvent, screen, waitFor, within } from '@/test/testing-library';
import { feeCurrencyMessages } from './components/fee-currency-choice';
import { installFakeTransactionsServer, txJson } from './fake-transactions-server';

/*
 * The transaction form asks what the fee was paid in: the portfolio's currency (the
 * default), another fiat currency, the coin itself, or another coin such as BNB through the coin
 * picker; the server values it on the day. Only coins priced by their symbol are offered, and an
 * unfinished choice is said under the field instead of being sent.
 */

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };

const stored = [
  txJson(1, { coin_id: 'bitcoin', type: 'buy', quantity: '1', price_per_coin: '100' }),
  // A fee code the books cannot price (stored before the server checked it).
  txJson(2, { coin_id: 'ethereum', type: 'buy', quantity: '2', fee: '3', fee_currency: 'zzq' }),
];

async function openForm() {
  const server = installFakeTransactionsServer(stored);
  renderApp('/transactions');
  await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }, slow));
  const form = await screen.findByRole('form', { name: 'Add transaction' }, slow);
  await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
  await userEvent.type(within(form).getByLabelText('Quantity'), '0.5');
  await userEvent.type(within(form).getByLabelText('Price per coin (USD)'), '40000');
  fireEvent.change(within(form).getByLabelText('Date and time'), { target: { value: '2024-03-05T10:00' } });
  const fee = within(form).getByLabelText('Fee (USD)');
  await userEvent.clear(fee);
  await userEvent.type(fee, '0.0075');
  return { server, form };
}

const posted = (server: ReturnType<typeof installFakeTransactionsServer>) =>
  server.bodies('POST', '/api/v2/transactions/');

describe('the fee currency of a transaction', journey, () => {
  it('offers the portfolio’s currency first, other currencies, the coin itself and another coin', async () => {
    const { form } = await openForm();
    const select = within(form).getByLabelText('Fee currency') as HTMLSelectElement;
    const labels = [...select.options].map((o) => o.textContent);
    // Every fiat currency the market quotes (the most used first), then the coins.
    expect(labels.slice(0, 4)).toEqual(['USD (this portfolio’s currency)', 'EUR', 'GBP', 'JPY']);
    expect(labels).toContain('CAD');
    expect(labels).toContain('CZK');
    expect(labels).toHaveLength(fiatCurrencies.length + 2);
    expect(labels.slice(-2)).toEqual(['BTC (the coin itself)', 'Another coin…']);
    expect(select.value).toBe('portfolio');
  });

  it('records a BNB fee chosen with the coin picker, which offers only coins priced by their symbol', async () => {
    const { server, form } = await openForm();
    await userEvent.selectOptions(within(form).getByLabelText('Fee currency'), 'other');
    // Not chosen yet: said under the field, nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(within(form).getByText(feeCurrencyMessages.chooseFeeCoin)).toBeTruthy();
    expect(within(form).getByLabelText('Fee coin').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Fee').getAttribute('aria-invalid')).toBeNull();
    expect(posted(server)).toEqual([]);

    await userEvent.type(within(form).getByLabelText('Fee coin'), 'zz');
    // ZZQ Bridged is in the market but its symbol names no coin for sure: not offered.
    await waitFor(() => expect(server.calls.some((c) => c.path.includes('market_select'))).toBe(true), slow);
    expect(within(form).queryByRole('option', { name: /ZZQ/ })).toBeNull();
    await userEvent.clear(within(form).getByLabelText('Fee coin'));
    await userEvent.type(within(form).getByLabelText('Fee coin'), 'bnb');
    await userEvent.click(await within(form).findByRole('option', { name: /BNB/ }, slow));
    expect(within(form).queryByText(feeCurrencyMessages.chooseFeeCoin)).toBeNull();
    expect((within(form).getByLabelText('Fee (BNB)') as HTMLInputElement).value).toBe('0.0075');
    // Said plainly: the fee is valued, the BNB itself is not taken from a holding by this row.
    expect(
      within(form).getByText(
        'Counted at BNB’s close of that day; the BNB paid stays in your holdings until you record it as a sale.',
      ),
    ).toBeTruthy();

    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    // Saved: the form closes (a toast of an earlier test may still be on screen).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add transaction' })).toBeNull(), slow);
    expect(posted(server)).toEqual([
      expect.objectContaining({ coin_id: 'bitcoin', fee: '0.0075', fee_currency: 'bnb' }),
    ]);
    // The list shows it in BNB, not as dollars.
    const table = screen.getByRole('table', { name: /Transactions/ });
    expect(await within(table).findByText('0.0075 BNB', {}, slow)).toBeTruthy();
  });

  it('also records the BNB paid as a sale when ticked, and says why the server refused it', async () => {
    const { server, form } = await openForm();
    await userEvent.selectOptions(within(form).getByLabelText('Fee currency'), 'other');
    await userEvent.type(within(form).getByLabelText('Fee coin'), 'bnb');
    await userEvent.click(await within(form).findByRole('option', { name: /BNB/ }, slow));
    const sale = within(form).getByRole('checkbox', {
      name: 'Also record the BNB paid as a sale at that day’s close',
    });
    expect((sale as HTMLInputElement).checked).toBe(false);
    await userEvent.click(sale);
    expect(
      within(form).getByText(
        'Counted at BNB’s close of that day; the BNB paid is recorded as a sale at that close.',
      ),
    ).toBeTruthy();

    // A portfolio without BNB: the server's reason is said on the tick box, nothing is added.
    await userEvent.selectOptions(within(form).getByLabelText('Portfolio'), 'Trading');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    expect(await within(form).findByText(/^Only 0 BNB held/, {}, slow)).toBeTruthy();
    expect(sale.getAttribute('aria-invalid')).toBe('true');

    await userEvent.selectOptions(within(form).getByLabelText('Portfolio'), 'Main');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    // Saved: the form closes (a toast of an earlier test may still be on screen).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add transaction' })).toBeNull(), slow);
    expect(posted(server).at(-1)).toMatchObject({
      fee: '0.0075',
      fee_currency: 'bnb',
      record_fee_sale: true,
    });
  });

  it('sends another fiat currency or the coin itself, and nothing for the portfolio’s or a zero fee', async () => {
    const { server, form } = await openForm();
    const select = within(form).getByLabelText('Fee currency');
    await userEvent.selectOptions(select, 'fiat:eur');
    expect(within(form).getByLabelText('Fee (EUR)')).toBeTruthy();
    expect(
      within(form).getByText('Counted in the portfolio’s currency at that day’s exchange rate.'),
    ).toBeTruthy();
    await waitFor(
      () =>
        expect(server.bodies('POST', '/api/v2/transactions/preview/').at(-1)).toMatchObject({
          fee_currency: 'eur',
        }),
      slow,
    );
    await userEvent.selectOptions(select, 'self');
    expect(within(form).getByLabelText('Fee (BTC)')).toBeTruthy();
    await waitFor(
      () =>
        expect(server.bodies('POST', '/api/v2/transactions/preview/').at(-1)).toMatchObject({
          fee_currency: 'btc',
        }),
      slow,
    );
    // "Another coin" unfinished, but no fee: nothing to value, so nothing to choose.
    await userEvent.selectOptions(select, 'other');
    await userEvent.clear(within(form).getByLabelText('Fee'));
    await userEvent.type(within(form).getByLabelText('Fee'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    // Saved: the form closes (a toast of an earlier test may still be on screen).
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Add transaction' })).toBeNull(), slow);
    const [sent] = posted(server);
    expect(sent).toMatchObject({ fee: '0' });
    expect(sent).not.toHaveProperty('fee_currency');
    expect(sent).not.toHaveProperty('record_fee_sale');
  });

  it('on edit, a stored fee code the books cannot price has to be chosen again', async () => {
    const server = installFakeTransactionsServer(stored);
    renderApp('/transactions');
    const table = await screen.findByRole('table', { name: /Transactions/ }, slow);
    const row = await within(table).findByText('3 ZZQ', {}, slow);
    await userEvent.click(within(row.closest('tr') as HTMLElement).getByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('form', { name: 'Edit transaction' }, slow);
    expect((within(form).getByLabelText('Fee currency') as HTMLSelectElement).value).toBe('other');
    expect((within(form).getByLabelText('Fee coin') as HTMLInputElement).value).toBe('ZZQ');
    await userEvent.click(within(form).getByRole('button', { name: 'Save transaction' }));
    expect(within(form).getByText(feeCurrencyMessages.chooseFeeCoin)).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
