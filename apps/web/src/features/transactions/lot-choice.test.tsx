import { lotChoiceMessages, type SaleLotsResponse } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, json } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import { installFakeTransactionsServer, mainId, txJson } from './fake-transactions-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };

const lotA = '00000000-0000-4000-8000-0000000000a1';
const lotB = '00000000-0000-4000-8000-0000000000b2';

const saleLots = (over: Partial<SaleLotsResponse> = {}): SaleLotsResponse => ({
  rule: 'us',
  rule_label: 'United States',
  applies: true,
  method: 'fifo',
  method_label: 'FIFO (first in, first out)',
  currency: 'usd',
  sold_on: '2026-05-31',
  lots: [
    {
      acquisition_id: lotA,
      acquired_on: '2024-01-10',
      quantity: '1',
      cost: '20000',
      unit_cost: '20000',
      category: 'long',
      category_label: 'Long-term',
      qualifies_on: '2025-01-11',
    },
    {
      acquisition_id: lotB,
      acquired_on: '2026-03-01',
      quantity: '1',
      cost: '60000',
      unit_cost: '60000',
      category: 'short',
      category_label: 'Short-term',
      qualifies_on: '2027-03-02',
    },
  ],
  chosen: null,
  note: null,
  ...over,
});

async function saleForm(answer: SaleLotsResponse) {
  const server = installFakeTransactionsServer([
    txJson(1, { coin_id: 'bitcoin', type: 'buy', quantity: '2' }),
  ]);
  server.answer('GET /api/v2/tax/sale-lots/', () => json(answer));
  renderApp('/transactions');
  await userEvent.click(await screen.findByRole('button', { name: 'New transaction' }, slow));
  const form = await screen.findByRole('form', { name: 'Add transaction' }, slow);
  await userEvent.selectOptions(within(form).getByLabelText('Type'), 'sell');
  await userEvent.type(within(form).getByLabelText('Coin'), 'bitcoin');
  await userEvent.type(within(form).getByLabelText('Quantity'), '1.5');
  await userEvent.type(within(form).getByLabelText('Price per coin (USD)'), '70000');
  return { server, form };
}

describe('a sale chooses its lots (US rule)', journey, () => {
  it('lists the lots held before the sale, checks the sum as typed, and sends the choice', async () => {
    const { server, form } = await saleForm(saleLots());
    const section = await within(form).findByRole('group', { name: 'Choose lots' }, slow);
    expect(within(section).getByText(/matched by FIFO/)).toBeTruthy();
    await userEvent.click(within(section).getByRole('checkbox', { name: /Name the lots this sale sells/ }));
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Long-term'),
      expect.stringContaining('Short-term'),
    ]);
    expect(within(section).getAllByLabelText(/^Quantity from the lot of .* \(1 left\)$/)).toHaveLength(2);
    const [fromA, fromB] = within(section).getAllByRole('textbox');
    if (!fromA || !fromB) throw new Error('two lot inputs');
    await userEvent.type(fromB, '2');
    // More than the lot holds, and not the sale's quantity: said as it is typed.
    expect(within(section).getByText(lotChoiceMessages.used('1'))).toBeTruthy();
    expect(within(section).getByText(lotChoiceMessages.total('2', '1.5'))).toBeTruthy();
    await userEvent.clear(fromB);
    await userEvent.type(fromB, '1');
    await userEvent.type(fromA, '0.5');
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull(), slow);
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    await screen.findByText('Transaction added', {}, slow);
    const sent = server.bodies('POST', '/api/v2/transactions/').at(-1) as unknown as { lots: unknown };
    expect(sent.lots).toEqual([
      { acquisition_id: lotA, quantity: '0.5' },
      { acquisition_id: lotB, quantity: '1' },
    ]);
  });

  it("shows the server's refusal beside the lot it is about", async () => {
    const { server, form } = await saleForm(saleLots());
    const message = lotChoiceMessages.used('0.25');
    server.answer('POST /api/v2/transactions/', () =>
      envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
        fields: { 'lots.1.quantity': [message] },
      }),
    );
    const section = await within(form).findByRole('group', { name: 'Choose lots' }, slow);
    await userEvent.click(within(section).getByRole('checkbox', { name: /Name the lots this sale sells/ }));
    const [fromA, fromB] = within(section).getAllByRole('textbox');
    if (!fromA || !fromB) throw new Error('two lot inputs');
    await userEvent.type(fromA, '1');
    await userEvent.type(fromB, '0.5');
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    const rowB = (await within(section).findByText(message, {}, slow)).closest('tr') as HTMLElement;
    expect(within(rowB).getByText('Short-term')).toBeTruthy();
    // Editing the choice clears its errors, like every field's.
    await userEvent.type(fromB, '0');
    expect(within(section).queryByText(message)).toBeNull();
  });

  it('offers nothing under a rule that fixes the matching', async () => {
    const { form, server } = await saleForm(
      saleLots({ rule: 'de', rule_label: 'Germany (§ 23 EStG)', applies: false, note: 'fixed' }),
    );
    const { calls } = server;
    await waitFor(
      () => expect(calls.some((c) => c.path.startsWith('/api/v2/tax/sale-lots/'))).toBe(true),
      slow,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(within(form).queryByRole('group', { name: 'Choose lots' })).toBeNull();
  });

  it("shows an edited sale's stored lots and keeps them when the edit leaves them alone", async () => {
    const sale = txJson(7, {
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '1.5',
      price_per_coin: '70000',
      lots: [
        { acquisition_id: lotA, quantity: '0.5' },
        { acquisition_id: lotB, quantity: '1' },
      ],
    });
    const server = installFakeTransactionsServer([sale]);
    server.answer('GET /api/v2/tax/sale-lots/', (call) => {
      expect(call.path).toContain(`transaction_id=${sale.id}`);
      return json(saleLots({ chosen: sale.lots ?? null }));
    });
    renderApp('/transactions');
    const row = (await screen.findAllByRole('row', {}, slow)).find((r) => r.textContent?.includes('Sell'));
    if (!row) throw new Error('the sale is listed');
    await userEvent.click(within(row).getByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('form', { name: 'Edit transaction' }, slow);
    const section = await within(form).findByRole('group', { name: 'Choose lots' }, slow);
    expect(within(section).getByRole('checkbox', { name: /Name the lots/ })).toHaveProperty('checked', true);
    expect(
      within(section)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['0.5', '1']);
    await userEvent.type(within(form).getByLabelText('Note'), 'kept');
    await userEvent.click(within(form).getByRole('button', { name: 'Save transaction' }));
    await screen.findByText('Transaction saved', {}, slow);
    const put = server.bodies('PUT', `/api/v2/transactions/${sale.id}/`).at(-1);
    expect(put).toBeDefined();
    expect(put && 'lots' in put).toBe(false);
  });

  it('opens filled in with the lots a what-if proposed', async () => {
    const server = installFakeTransactionsServer([]);
    server.answer('GET /api/v2/tax/sale-lots/', () => json(saleLots()));
    const lots = [
      { acquisition_id: lotB, quantity: '1' },
      { acquisition_id: lotA, quantity: '0.5' },
    ];
    renderApp('/transactions', {
      state: {
        saleDraft: {
          portfolio_id: mainId,
          coin_id: 'bitcoin',
          quantity: '1.5',
          price_per_coin: '70000',
          lots,
        },
      },
    });
    const form = await screen.findByRole('form', { name: 'Add transaction' }, slow);
    expect((within(form).getByLabelText('Type') as HTMLSelectElement).value).toBe('sell');
    expect((within(form).getByLabelText('Quantity') as HTMLInputElement).value).toBe('1.5');
    expect((within(form).getByLabelText('Price per coin (USD)') as HTMLInputElement).value).toBe('70000');
    const section = await within(form).findByRole('group', { name: 'Choose lots' }, slow);
    expect(
      within(section)
        .getAllByRole('textbox')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['0.5', '1']);
    await userEvent.click(within(form).getByRole('button', { name: 'Add transaction' }));
    await screen.findByText('Transaction added', {}, slow);
    const sent = server.bodies('POST', '/api/v2/transactions/').at(-1) as unknown as { lots: unknown };
    expect(sent.lots).toEqual(lots);
  });
});
