import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import { connection, ids, installFakeConnectionsServer, token, transaction } from './fake-connections-server';

freshApiClientPerTest();

const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };
const txid = 'ab'.repeat(32);

/** A coin received from outside: its cost is not known until the owner says it. */
const received = transaction({ price_per_coin: null });

describe('/settings/connections/{id}', journey, () => {
  it('shows a received coin as cost unknown with its on-chain id, and books the cost the owner gives', async () => {
    const server = installFakeConnectionsServer({ connections: [connection()], waiting: [received] });
    renderApp(`/settings/connections/${ids.btc}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Cold storage' }, slow)).toBeTruthy();
    const row = await screen.findByRole('article', { name: 'Received 0.5 Bitcoin' }, slow);
    expect(within(row).getByText('cost unknown')).toBeTruthy();
    const id = within(row).getByText('abababab…abab:0');
    expect(id.getAttribute('title')).toBe(`${txid}:0`);
    expect(within(row).getByRole('button', { name: `Copy on-chain id ${txid}:0` })).toBeTruthy();
    expect(row.textContent).toMatch(/Jan 5, 2024/);

    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(within(row).getByRole('alert').textContent).toBe('Choose what it was.');

    await userEvent.click(within(row).getByRole('radio', { name: 'I know its cost' }));
    await userEvent.type(within(row).getByLabelText('Cost per coin (USD)'), '42,000.5');
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Nothing waits for you', { exact: false }, slow)).toBeTruthy();
    expect(server.bodies('POST', `/api/v2/transactions/${ids.received}/classify/`)).toEqual([
      { as: 'cost_given', price_per_coin: '42000.5' },
    ]);
    expect(server.paths('GET', `/api/v2/connections/${ids.btc}/transactions/`)[0]).toContain('waiting=true');
  });

  it('matches a received coin to a transfer out of the same coin and quantity in another portfolio', async () => {
    const server = installFakeConnectionsServer({
      connections: [connection()],
      waiting: [received],
      transfers: [
        transaction({
          id: ids.transferOut,
          portfolio_id: ids.savings,
          type: 'transfer_out',
          quantity: '0.50',
          source: undefined,
          classification: undefined,
          executed_at: '2024-01-05T09:00:00.000Z',
        }),
        // Another quantity, and the same portfolio: neither can be its other half.
        transaction({
          id: '00000000-0000-4000-8000-0000000000d4',
          portfolio_id: ids.savings,
          type: 'transfer_out',
          quantity: '0.4',
        }),
        transaction({ id: '00000000-0000-4000-8000-0000000000d5', type: 'transfer_out' }),
      ],
    });
    renderApp(`/settings/connections/${ids.btc}`);
    const row = await screen.findByRole('article', { name: 'Received 0.5 Bitcoin' }, slow);
    await userEvent.click(within(row).getByRole('radio', { name: 'Transfer from another portfolio' }));
    const group = await within(row).findByRole('group', { name: 'The transfer out it arrived from' }, slow);
    const option = await within(group).findByRole('radio', { name: /Savings/ }, slow);
    expect(within(group).getAllByRole('radio')).toHaveLength(1);
    expect(server.paths('GET', '/api/v2/transactions/?')[0]).toContain('type=transfer_out');
    await userEvent.click(option);
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(server.bodies('POST', `/api/v2/transactions/${ids.received}/classify/`)).toEqual([
          { as: 'own_transfer', transaction_id: ids.transferOut },
        ]),
      slow,
    );
  });

  it('offers a sale, a spend or a transfer in for a coin sent', async () => {
    const sent = transaction({ id: ids.sent, type: 'transfer_out', classification: 'sent', quantity: '0.1' });
    const server = installFakeConnectionsServer({ connections: [connection()], waiting: [sent] });
    renderApp(`/settings/connections/${ids.btc}`);
    const row = await screen.findByRole('article', { name: 'Sent 0.1 Bitcoin' }, slow);
    expect(within(row).queryByText('cost unknown')).toBeNull();
    const choices = within(row)
      .getAllByRole('radio')
      .map((r) => r.parentElement?.textContent);
    expect(choices).toEqual(['Sale', 'Spend or gift (at the day’s close)', 'Transfer to another portfolio']);
    await userEvent.click(within(row).getByRole('radio', { name: 'Spend or gift (at the day’s close)' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(
      () =>
        expect(server.bodies('POST', `/api/v2/transactions/${ids.sent}/classify/`)).toEqual([
          { as: 'spend' },
        ]),
      slow,
    );
  });

  it('says when a coin sent is already counted as a proposed transfer, pointing to Transfers', async () => {
    const sent = transaction({
      id: ids.sent,
      type: 'transfer_out',
      classification: 'sent',
      quantity: '0.1',
      proposed_transfer: { transaction_id: ids.received, portfolio_name: 'Cold storage' },
    });
    installFakeConnectionsServer({ connections: [connection()], waiting: [sent] });
    renderApp(`/settings/connections/${ids.btc}`);
    const row = await screen.findByRole('article', { name: 'Sent 0.1 Bitcoin' }, slow);
    expect(row.textContent).toContain('Counted as a transfer to Cold storage (proposed)');
    expect(
      within(row).getByRole('link', { name: 'confirm or undo it on Transfers' }).getAttribute('href'),
    ).toBe('/transfers');
  });

  it('shows the reconciliation per coin: 0 as 0, a difference highlighted with what explains it', async () => {
    installFakeConnectionsServer({
      connections: [connection()],
      reconciliation: {
        connection_id: ids.btc,
        as_of: '2026-11-20T10:00:00.000Z',
        coins: [
          {
            coin_id: 'bitcoin',
            chain: 'bitcoin',
            ledger_quantity: '1.5',
            chain_quantity: '1.5',
            difference: '0.000000000000000000',
            explained_by: [],
          },
          {
            coin_id: 'litecoin-on-btc',
            chain: 'bitcoin',
            ledger_quantity: '2',
            chain_quantity: '2.25',
            difference: '0.25',
            explained_by: [
              { source_id: `${txid}:1`, transaction_id: null, quantity: '0.25', reason: 'pending' },
            ],
          },
        ],
      },
    });
    renderApp(`/settings/connections/${ids.btc}`);
    const table = await screen.findByRole('table', { name: 'Ledger against chain, per coin' }, slow);
    const rows = within(table).getAllByRole('row');
    const cells = (i: number) => [...(rows[i]?.querySelectorAll('td') ?? [])].map((c) => c.textContent);
    expect(cells(1)).toEqual(['Bitcoin', '1.5', '1.5', '0']);
    expect(rows[1]?.querySelector('[data-differs]')).toBeNull();
    expect(cells(2)).toEqual(['litecoin-on-btc', '2', '2.25', '+0.25 (differs)']);
    expect(rows[2]?.querySelector('[data-differs]')?.className).toContain('text-warning');
    const why = within(table).getByRole('list', { name: 'Why litecoin-on-btc differs' });
    expect(why.textContent).toContain('+0.25 pending: not confirmed yet');
  });

  it('maps an unrecognised token to a coin, or hides it', async () => {
    const server = installFakeConnectionsServer({
      connections: [
        connection({
          id: ids.evm,
          kind: 'evm',
          label: 'Hot',
          chains: ['ethereum', 'base'],
          script_type: null,
          gap_limit: null,
        }),
      ],
      tokens: [token()],
    });
    renderApp(`/settings/connections/${ids.evm}`);
    const list = await screen.findByRole('list', { name: 'Unrecognised tokens' }, slow);
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Mystery Token');
    expect(item.textContent).toContain('MYST');
    expect(item.textContent).toContain('1,234.5');
    expect(item.textContent).toContain('Base');
    expect(within(item).getByText('0x111111…111111').getAttribute('title')).toBe(token().contract_address);

    await userEvent.click(within(item).getByRole('button', { name: 'Map Mystery Token (MYST) to a coin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map Mystery Token (MYST)' }, slow);
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Mystery Coin/ }, slow));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Map to this coin' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    const path = `/api/v2/connections/${ids.evm}/tokens/${ids.token}/`;
    expect(server.bodies('PATCH', path)).toEqual([{ coin_id: 'mystery-coin' }]);

    // The page behind the dialog is inert until the dialog has fully gone.
    await userEvent.click(
      await within(item).findByRole('button', { name: 'Hide Mystery Token (MYST)' }, slow),
    );
    await waitFor(() => expect(server.bodies('PATCH', path)).toHaveLength(2), slow);
    expect(server.bodies('PATCH', path)[1]).toEqual({ hidden: true });
    expect(await screen.findByText('Hidden tokens (1)', {}, slow)).toBeTruthy();
  });

  it('says so for a connection that does not exist', async () => {
    installFakeConnectionsServer();
    renderApp('/settings/connections/00000000-0000-4000-8000-0000000000ff');
    expect(await screen.findByRole('heading', { name: 'No such connection' }, slow)).toBeTruthy();
  });
});
