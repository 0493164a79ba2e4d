import { bitcoinScriptTypeLabels, connectionMessages, exchangeDescriptors } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import { choiceMissing } from './components/delete-connection-dialog';
import { connection, ids, installFakeConnectionsServer, testnetKeyMessage } from './fake-connections-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000 + 30_000).toISOString();
const xpub =
  'xpub6CUGRUonZSQ4TWtTMmzXdrXDtypWKiKrhko4egpiMZbpiaQL2jkwSB1icqYh2cfDfVxdx4df189oLKnC5fSwqPfgyP3hooxujYzAu3fDVmz';

describe('/settings/connections', journey, () => {
  it('says so honestly when there is no connection yet', async () => {
    installFakeConnectionsServer();
    renderApp('/settings/connections');
    const empty = await screen.findByRole('heading', { name: 'No connections yet' }, slow);
    expect(empty.parentElement?.textContent).toContain('Connect a wallet to bring its history in by itself.');
  });

  it('shows each connection’s kind, masked key, portfolio and state in words', async () => {
    installFakeConnectionsServer({
      connections: [
        connection({
          id: ids.btc,
          label: 'Fresh',
          state: 'pending',
          last_synced_at: null,
          next_sync_at: null,
        }),
        connection({
          id: '00000000-0000-4000-8000-0000000000c3',
          label: 'Busy',
          state: 'syncing',
          progress: { addresses_scanned: 120, transactions_found: 48 },
        }),
        connection({ id: '00000000-0000-4000-8000-0000000000c4', label: 'Calm', portfolio_id: ids.savings }),
        connection({
          id: '00000000-0000-4000-8000-0000000000c5',
          label: 'Broken',
          state: 'failed',
          error_message: 'The explorer did not answer.',
          next_sync_at: minutesFromNow(5),
        }),
        connection({
          id: ids.evm,
          kind: 'evm',
          label: 'Hot',
          masked: '0x1234ab…cdef',
          chains: ['ethereum', 'base'],
          script_type: null,
          gap_limit: null,
          state: 'needs_attention',
        }),
      ],
    });
    renderApp('/settings/connections');
    const card = async (name: string) => screen.findByRole('article', { name: new RegExp(`^${name}`) }, slow);

    const fresh = await card('Fresh');
    expect(fresh.textContent).toContain('Waiting for its first sync');
    expect(fresh.textContent).toContain('Bitcoin');
    expect(fresh.textContent).toContain('xpub6C…x4Lk');
    expect(fresh.textContent).toContain('Portfolio: Main');
    expect(fresh.textContent).toContain('Never synced yet');

    const busy = await card('Busy');
    expect(busy.textContent).toContain('Syncing: 120 addresses scanned, 48 transactions found');
    expect(within(busy).getByRole('button', { name: 'Sync Busy now' })).toHaveProperty('disabled', true);

    const calm = await card('Calm');
    expect(calm.textContent).toContain('Up to date');
    expect(calm.textContent).toContain('Portfolio: Savings');
    expect(calm.textContent).toMatch(/Last synced (on \d\d\/\d\d|\d+[mhd] ago)/);
    const last = within(calm).getAllByRole('time')[0];
    expect(last?.getAttribute('title')).toMatch(/2026/);

    const broken = await card('Broken');
    expect(broken.textContent).toContain('Failed: The explorer did not answer. Next try in 5m');

    const hot = await card('Hot');
    expect(hot.textContent).toContain('EVM · Ethereum, Base');
    expect(hot.textContent).toContain('Needs attention');
  });

  it('asks the list again every few seconds while a connection syncs, so its progress moves', async () => {
    const server = installFakeConnectionsServer({
      connections: [
        connection({ state: 'syncing', progress: { addresses_scanned: 20, transactions_found: 3 } }),
      ],
    });
    renderApp('/settings/connections');
    const card = await screen.findByRole('article', { name: /^Cold storage/ }, slow);
    expect(card.textContent).toContain('20 addresses scanned, 3 transactions found');
    server.connections[0] = connection({
      state: 'syncing',
      progress: { addresses_scanned: 120, transactions_found: 48 },
    });
    await waitFor(() => expect(card.textContent).toContain('120 addresses scanned, 48 transactions found'), {
      timeout: 8_000,
    });
    server.connections[0] = connection({ state: 'up_to_date' });
    await waitFor(() => expect(card.textContent).toContain('Up to date'), { timeout: 8_000 });
  });

  it('syncs now: the button sends the sync and stays disabled while it runs', async () => {
    const server = installFakeConnectionsServer({ connections: [connection()] });
    renderApp('/settings/connections');
    const card = await screen.findByRole('article', { name: /^Cold storage/ }, slow);
    await userEvent.click(within(card).getByRole('button', { name: 'Sync Cold storage now' }));
    await waitFor(() => expect(card.textContent).toContain('Syncing: 0 addresses scanned'), slow);
    expect(server.paths('POST', `/api/v2/connections/${ids.btc}/sync/`)).toHaveLength(1);
    expect(within(card).getByRole('button', { name: 'Sync Cold storage now' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('connects an xpub with its script type, checking first and showing the server’s refusal on the field', async () => {
    const server = installFakeConnectionsServer();
    renderApp('/settings/connections');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect a wallet' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a wallet' }, slow);
    const form = await within(dialog).findByRole('form', { name: 'Connect a wallet' }, slow);
    expect(within(dialog).getByText(/stored encrypted and only ever shown masked/)).toBeTruthy();
    expect(within(dialog).getByText('ESPLORA_BASE_URL')).toBeTruthy();

    // Checked by the contract before anything is sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText(connectionMessages.labelRequired, {}, slow)).toBeTruthy();
    expect(within(form).getByText(connectionMessages.bitcoinSourceMissing)).toBeTruthy();
    expect(within(form).getByLabelText('Extended public key').getAttribute('aria-invalid')).toBe('true');
    expect(server.bodies('POST', '/api/v2/connections/')).toEqual([]);

    const scriptType = within(form).getByLabelText('Script type') as HTMLSelectElement;
    expect(scriptType.selectedOptions[0]?.textContent).toBe(bitcoinScriptTypeLabels.p2pkh);
    expect((within(form).getByLabelText('Gap limit') as HTMLInputElement).value).toBe('20');

    // The server knows a testnet key and says so on the key's field.
    await userEvent.type(within(form).getByLabelText('Extended public key'), `tpub${xpub.slice(4)}`);
    await userEvent.type(within(form).getByLabelText('Label'), 'Cold storage');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText(testnetKeyMessage, {}, slow)).toBeTruthy();
    expect(within(form).getByLabelText('Extended public key').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(within(form).getByLabelText('Extended public key'));
    await userEvent.type(within(form).getByLabelText('Extended public key'), xpub);
    await userEvent.selectOptions(scriptType, 'p2wpkh');
    await userEvent.clear(within(form).getByLabelText('Gap limit'));
    await userEvent.type(within(form).getByLabelText('Gap limit'), '40');
    await userEvent.selectOptions(within(form).getByLabelText('Portfolio'), ids.savings);
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));

    expect(await screen.findByText('Connected “Cold storage”', {}, slow)).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/connections/').at(-1)).toEqual({
      kind: 'bitcoin',
      portfolio_id: ids.savings,
      label: 'Cold storage',
      xpub,
      gap_limit: 40,
      script_type: 'p2wpkh',
    });
    const card = await screen.findByRole('article', { name: /^Cold storage/ }, slow);
    expect(card.textContent).toContain('Waiting for its first sync');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('connects an exchange account with its read-only key, asking before a key that can withdraw', async () => {
    const server = installFakeConnectionsServer();
    renderApp('/settings/connections?connect');
    const form = await screen.findByRole('form', { name: 'Connect a wallet' }, slow);
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy();
    await userEvent.click(within(form).getByRole('radio', { name: 'Exchange account' }));
    // An exchange account is no wallet: the dialog and its form are named by what is chosen.
    expect(screen.getByRole('dialog', { name: 'Connect an exchange account' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Connect an exchange account' })).toBe(form);
    expect(within(form).getByText(/never exported and removed with the connection/)).toBeTruthy();
    await userEvent.selectOptions(within(form).getByLabelText('Exchange'), 'binance');
    // The exchange's own words for the key's parts, and its page on read-only keys.
    expect(
      within(form).getByRole('link', { name: 'How to create a key on Binance' }).getAttribute('href'),
    ).toBe(exchangeDescriptors.binance.helpUrl);
    expect(within(form).getByText(/Leave only "Enable Reading" ticked/)).toBeTruthy();

    await userEvent.type(within(form).getByLabelText('Label'), 'Binance');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(
      await within(form).findByText(connectionMessages.exchangeKeyEmpty('API key'), {}, slow),
    ).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/connections/')).toEqual([]);

    await userEvent.type(within(form).getByLabelText('API key'), 'withdraw-capable-key');
    await userEvent.type(within(form).getByLabelText('Secret key'), 'not-shown');
    expect(within(form).getByLabelText('Secret key').getAttribute('type')).toBe('password');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText(connectionMessages.exchangeKeyCanWithdraw, {}, slow)).toBeTruthy();
    await userEvent.click(within(form).getByRole('checkbox', { name: /Use this key anyway/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected “Binance”', {}, slow)).toBeTruthy();
    const common = {
      kind: 'exchange',
      portfolio_id: ids.main,
      label: 'Binance',
      exchange: 'binance',
      api_key: 'withdraw-capable-key',
      api_secret: 'not-shown',
    };
    expect(server.bodies('POST', '/api/v2/connections/')).toEqual([
      { ...common, allow_withdrawal: false },
      { ...common, allow_withdrawal: true },
    ]);
  });

  it('connects an EVM address on the chains ticked, Ethereum ticked at first', async () => {
    const server = installFakeConnectionsServer();
    renderApp(`/settings/connections?connect=${ids.savings}`);
    const form = await screen.findByRole('form', { name: 'Connect a wallet' }, slow);
    // Opened from a portfolio's page: that portfolio is chosen.
    expect((within(form).getByLabelText('Portfolio') as HTMLSelectElement).value).toBe(ids.savings);

    await userEvent.click(within(form).getByRole('radio', { name: 'Exchange account' }));
    await userEvent.click(within(form).getByRole('radio', { name: 'EVM (Ethereum and others)' }));
    // Back to a wallet, back to its title.
    expect(screen.getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy();
    const chains = within(form).getByRole('group', { name: 'Chains' });
    expect(within(chains).getByRole('checkbox', { name: 'Ethereum' })).toHaveProperty('checked', true);
    await userEvent.click(within(chains).getByRole('checkbox', { name: 'Ethereum' }));
    await userEvent.type(within(form).getByLabelText('Address'), '0xnope');
    await userEvent.type(within(form).getByLabelText('Label'), 'Hot');
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await within(form).findByText(connectionMessages.chainsRequired, {}, slow)).toBeTruthy();
    expect(within(form).getByText(connectionMessages.evmInvalid)).toBeTruthy();

    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    await userEvent.clear(within(form).getByLabelText('Address'));
    await userEvent.type(within(form).getByLabelText('Address'), address);
    await userEvent.click(within(chains).getByRole('checkbox', { name: 'Base' }));
    await userEvent.click(within(chains).getByRole('checkbox', { name: 'Ethereum' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('Connected “Hot”', {}, slow)).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/connections/')).toEqual([
      { kind: 'evm', portfolio_id: ids.savings, label: 'Hot', address, chains: ['ethereum', 'base'] },
    ]);
  });

  it('deletes only once the person has said whether its transactions stay, and sends that choice', async () => {
    const server = installFakeConnectionsServer({ connections: [connection()] });
    renderApp('/settings/connections');
    const card = await screen.findByRole('article', { name: /^Cold storage/ }, slow);
    await userEvent.click(within(card).getByRole('button', { name: 'Delete Cold storage' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Cold storage?' }, slow);
    const keep = within(ask).getByRole('radio', { name: /Keep its transactions/ });
    const remove = within(ask).getByRole('radio', { name: /Remove its transactions/ });
    expect(keep).toHaveProperty('checked', false);
    expect(remove).toHaveProperty('checked', false);

    await userEvent.click(within(ask).getByRole('button', { name: 'Delete connection' }));
    expect(within(ask).getByRole('alert').textContent).toBe(choiceMissing);
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(remove);
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete connection' }));
    expect(await screen.findByRole('heading', { name: 'No connections yet' }, slow)).toBeTruthy();
    expect(server.paths('DELETE', '/api/v2/connections/')).toEqual([
      `/api/v2/connections/${ids.btc}/?transactions=remove`,
    ]);
  });

  it('edits the label and the gap limit of an extended key', async () => {
    const server = installFakeConnectionsServer({ connections: [connection()] });
    renderApp('/settings/connections');
    const card = await screen.findByRole('article', { name: /^Cold storage/ }, slow);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Cold storage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Cold storage' }, slow);
    await userEvent.clear(within(dialog).getByLabelText('Label'));
    await userEvent.type(within(dialog).getByLabelText('Label'), 'Vault');
    await userEvent.clear(within(dialog).getByLabelText('Gap limit'));
    await userEvent.type(within(dialog).getByLabelText('Gap limit'), '500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(connectionMessages.gapLimitRange, {}, slow)).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Gap limit'));
    await userEvent.type(within(dialog).getByLabelText('Gap limit'), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('article', { name: /^Vault/ }, slow)).toBeTruthy();
    expect(server.bodies('PATCH', `/api/v2/connections/${ids.btc}/`)).toEqual([
      { label: 'Vault', gap_limit: 50 },
    ]);
  });
});
