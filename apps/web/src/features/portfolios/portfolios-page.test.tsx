import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import { installFakePortfoliosServer, portfolioJson } from './fake-portfolios-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
/** Whole journeys of typing and clicking: more than vitest's 5 s default on a busy machine. */
const journey = { timeout: 30_000 };
const pid = '00000000-0000-4000-8000-0000000000aa';

describe('/portfolios', journey, () => {
  it('shows the empty state, then creates a portfolio with a message, checking the name first', async () => {
    const server = installFakePortfoliosServer();
    renderApp('/portfolios');
    expect(await screen.findByRole('heading', { name: 'No portfolios yet' }, slow)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'New portfolio' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create portfolio' }));
    expect(screen.getByText('Please enter a name')).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/portfolios/')).toEqual([]);

    // A server field error lands under its field.
    await userEvent.type(screen.getByLabelText('Name'), 'Taken');
    await userEvent.click(screen.getByRole('button', { name: 'Create portfolio' }));
    expect(await screen.findByText('A portfolio with this name exists', {}, slow)).toBeTruthy();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Long term');
    await userEvent.type(screen.getByLabelText('Description'), 'Cold storage');
    await userEvent.selectOptions(screen.getByLabelText('Currency of prices'), 'eur');
    await userEvent.click(screen.getByRole('button', { name: 'Create portfolio' }));
    expect(await screen.findByText('Portfolio Long term created', {}, slow)).toBeTruthy();
    const card = await screen.findByRole('article', { name: 'Long term' }, slow);
    expect(within(card).getByText('Cold storage')).toBeTruthy();
    expect(server.bodies('POST', '/api/v2/portfolios/').at(-1)).toEqual({
      name: 'Long term',
      description: 'Cold storage',
      portfolio_type: 'manual',
      currency: 'eur',
    });
    expect(screen.queryByRole('heading', { name: 'No portfolios yet' })).toBeNull();
  });

  it('shows each portfolio’s total value, coins and 24h change with their signs', async () => {
    installFakePortfoliosServer([
      portfolioJson(pid, 'Main', {
        total_value: '12345.678',
        unique_coins_count: 3,
        change_24h: '-10.5',
        change_percentage_24h: '-1.234',
      }),
      portfolioJson('00000000-0000-4000-8000-0000000000bb', 'Empty'),
    ]);
    renderApp('/portfolios');
    const card = await screen.findByRole('article', { name: 'Main' }, slow);
    const figure = (term: string) => within(card).getByText(term).nextElementSibling;
    expect(figure('Total value')?.textContent).toBe('$12,345.68');
    expect(figure('Coins')?.textContent).toBe('3');
    expect(figure('24h change')?.textContent).toBe('-$10.50');
    expect(figure('24h change %')?.textContent).toBe('-1.23%');
    expect(figure('24h change %')?.querySelector('.text-danger')).not.toBeNull();
    // No base to divide by: a dash, never NaN or Infinity.
    const empty = screen.getByRole('article', { name: 'Empty' });
    expect(within(empty).getByText('24h change %').nextElementSibling?.textContent).toBe('–');
  });

  it('renames a portfolio and keeps its description; deletes only after confirmation', async () => {
    const server = installFakePortfoliosServer([portfolioJson(pid, 'Main', { description: 'Keep me' })]);
    renderApp('/portfolios');
    const card = await screen.findByRole('article', { name: 'Main' }, slow);
    await userEvent.click(within(card).getByRole('button', { name: 'Edit Main' }));
    const name = within(card).getByLabelText('Name');
    expect((within(card).getByLabelText('Description') as HTMLInputElement).value).toBe('Keep me');
    await userEvent.clear(name);
    await userEvent.type(name, 'Vault');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    const renamed = await screen.findByRole('article', { name: 'Vault' }, slow);
    expect(within(renamed).getByText('Keep me')).toBeTruthy();
    expect(server.bodies('PUT', `/api/v2/portfolios/${pid}/`)).toEqual([
      { name: 'Vault', description: 'Keep me', portfolio_type: 'manual', currency: 'usd' },
    ]);

    await userEvent.click(within(renamed).getByRole('button', { name: 'Delete Vault' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete Vault?' });
    expect(ask.textContent).toContain('all its transactions are deleted');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(server.bodies('DELETE', `/api/v2/portfolios/${pid}/`)).toHaveLength(0);
    await userEvent.click(within(renamed).getByRole('button', { name: 'Delete Vault' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete portfolio' }));
    expect(await screen.findByRole('heading', { name: 'No portfolios yet' }, slow)).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});

describe('CSV import preview', journey, () => {
  async function openImport({ opening = false, holdCloses = false } = {}) {
    const server = installFakePortfoliosServer([portfolioJson(pid, 'Main')]);
    const releaseCloses = opening ? server.offerOpeningBalance({ holdCloses }) : () => {};
    renderApp('/portfolios');
    const card = await screen.findByRole('article', { name: 'Main' }, slow);
    await userEvent.click(within(card).getByRole('button', { name: 'Import CSV into Main' }));
    const panel = await screen.findByRole('region', { name: 'Import CSV into Main' }, slow);
    const file = new File(['ID,Timestamp\nthe file text'], 'coinbase.csv', { type: 'text/csv' });
    await userEvent.upload(within(panel).getByLabelText('CSV file'), file);
    await within(panel).findByText(/Detected a Coinbase export/, {}, slow);
    return { server, panel, releaseCloses };
  }
  const previews = (server: ReturnType<typeof installFakePortfoliosServer>) =>
    server.bodies('POST', `/api/v2/portfolios/${pid}/import/preview/`);

  it('lists row errors and duplicates; error rows cannot be ticked, duplicates start unticked', async () => {
    const { server, panel } = await openImport();
    expect(
      within(panel).getByText(
        'Detected a Coinbase export. 5 rows, 3 errors, 1 likely duplicate, 1 skipped line.',
      ),
    ).toBeTruthy();
    const errors = within(panel).getByRole('list', { name: 'Row errors' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 4: ZZQ: Unknown coin: choose one from the list',
      'Line 5: Prices are in EUR but this portfolio is in USD: import into a EUR portfolio',
      'Line 6: ZZQ: Unknown coin: choose one from the list',
    ]);
    const tick = (line: number, symbol: string) =>
      within(panel).getByRole('checkbox', { name: `Import line ${line} ${symbol}` }) as HTMLInputElement;
    expect(tick(2, 'BTC').checked).toBe(true);
    expect(tick(3, 'BTC').checked).toBe(false);
    expect(tick(4, 'ZZQ').disabled).toBe(true);
    expect(tick(5, 'ETH').disabled).toBe(true);
    expect(within(panel).getByText('Likely duplicate')).toBeTruthy();
    // Each row names its coin ("BTC Bitcoin"), never by its CoinGecko id; a coin not yet chosen shows its symbol.
    const coinCell = (line: number, symbol: string) =>
      tick(line, symbol).closest('tr')?.cells[4]?.textContent;
    await waitFor(() => expect(coinCell(2, 'BTC')).toBe('BTCBitcoin'), slow);
    expect(coinCell(5, 'ETH')).toBe('ETHEthereum');
    expect(coinCell(4, 'ZZQ')).toBe('ZZQ');
    expect(within(panel).getAllByText('Choose a coin')).toHaveLength(2);
    // An error row says why in its own status; skipped lines are listed with their reason.
    const ethRow = tick(5, 'ETH').closest('tr') as HTMLElement;
    expect(ethRow.textContent).toContain('Prices are in EUR but this portfolio is in USD');
    expect(
      within(within(panel).getByRole('list', { name: 'Skipped lines' })).getByText(
        'Line 7: Not a trade (a deposit of US dollars)',
      ),
    ).toBeTruthy();
    const template = within(panel).getByRole('link', { name: 'Download our CSV template' });
    expect(template.getAttribute('download')).toBe('exit-liquidity-template.csv');
    expect(decodeURIComponent(template.getAttribute('href') ?? '')).toContain(
      'date,type,coin,quantity,price_per_coin,fee,note\n2024-01-05T10:00:00Z,buy,BTC',
    );
    expect(previews(server)).toEqual([
      { csv: 'ID,Timestamp\nthe file text', preset: 'auto', symbol_map: {} },
    ]);

    // The duplicate can still be ticked on purpose.
    await userEvent.click(tick(3, 'BTC'));
    expect(within(panel).getByRole('button', { name: 'Import 2 transactions' })).toBeTruthy();
  });

  it('offers one choice per unknown symbol, candidates first; a choice re-validates, and the commit sends the same map', async () => {
    const { server, panel } = await openImport();
    const chooser = within(panel).getByRole('region', { name: 'Choose coins' });
    expect(
      within(chooser).getByText(
        '1 of 1 symbol still needs a coin; their rows are left out until you choose.',
      ),
    ).toBeTruthy();
    const zzq = within(chooser).getByRole('group', { name: /ZZQ · 2 rows, lines 4, 6/ });
    expect(within(zzq).getByText('2 coins use the symbol ZZQ: pick the one you traded.')).toBeTruthy();
    expect(
      within(zzq)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['zzq-big', 'zzq-small']);
    expect(within(panel).getByRole('button', { name: 'Import 1 transaction' })).toBeTruthy();

    await userEvent.click(within(zzq).getByRole('radio', { name: /ZZQ Small/ }));
    await within(zzq).findByText('ZZQ Small', { selector: 'strong' }, slow);
    expect(previews(server).at(-1)).toEqual({
      csv: 'ID,Timestamp\nthe file text',
      preset: 'auto',
      symbol_map: { ZZQ: 'zzq-small' },
    });
    // Re-validated: the ZZQ rows are ready, only the EUR row is still an error; the choice stays changeable.
    await waitFor(
      () => expect(within(panel).getByRole('button', { name: 'Import 3 transactions' })).toBeTruthy(),
      slow,
    );
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Line 5: Prices are in EUR but this portfolio is in USD: import into a EUR portfolio');
    expect(
      within(chooser).getByText('Every symbol has a coin. The rows were checked again with your choices.'),
    ).toBeTruthy();
    expect((within(zzq).getByRole('radio', { name: /ZZQ Small/ }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(within(panel).getByRole('button', { name: 'Import 3 transactions' }));
    expect(await screen.findByText('Imported 3 transactions', {}, slow)).toBeTruthy();
    // Written: the panel closes and the portfolio list is asked again.
    await waitFor(
      () => expect(screen.queryByRole('region', { name: 'Import CSV into Main' })).toBeNull(),
      slow,
    );
    const [commit] = server.bodies('POST', `/api/v2/portfolios/${pid}/import/commit/`);
    expect(commit?.symbol_map).toEqual({ ZZQ: 'zzq-small' });
    expect(commit?.rows).toEqual([
      expect.objectContaining({ line: 2, symbol: 'BTC', coin_id: 'bitcoin' }),
      expect.objectContaining({ line: 4, symbol: 'ZZQ', coin_id: 'zzq-small' }),
      expect.objectContaining({ line: 6, symbol: 'ZZQ', coin_id: 'zzq-small' }),
    ]);
  });

  it('offers the opening balance of a ledger that starts mid-history: priced from history, included or left out', async () => {
    const { server, panel } = await openImport({ opening: true });
    const openings = within(panel).getByRole('group', { name: 'Opening balances' });
    const include = within(openings).getByRole('checkbox', {
      name: /Include opening balance of LTC: 34\.85833035 held before line 2/,
    }) as HTMLInputElement;
    expect(include.checked).toBe(true);
    // The day's close is prefilled, labelled with where it came from.
    const price = (await within(openings).findByDisplayValue('70.5', {}, slow)) as HTMLInputElement;
    expect(price.getAttribute('aria-label')).toBe('Opening price of LTC in USD');
    expect(within(openings).getByText(/Daily close of .* from CoinGecko/)).toBeTruthy();
    // Line 2 BTC plus the opening balance.
    expect(within(panel).getByRole('button', { name: 'Import 2 transactions' })).toBeTruthy();

    await userEvent.click(include);
    expect(within(panel).getByRole('button', { name: 'Import 1 transaction' })).toBeTruthy();
    expect(within(openings).queryByLabelText('Opening price of LTC in USD')).toBeNull();
    await userEvent.click(include);

    // A cleared price holds the import back until one is typed; a typed price says so.
    const typed = within(openings).getByLabelText('Opening price of LTC in USD');
    await userEvent.clear(typed);
    expect(
      (within(panel).getByRole('button', { name: 'Import 2 transactions' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      within(panel).getByText(/Enter a price for the opening balance of LTC, or leave it out/),
    ).toBeTruthy();
    await userEvent.type(typed, '2,000');
    expect(within(openings).getByText('Entered by you')).toBeTruthy();

    await userEvent.click(within(panel).getByRole('button', { name: 'Import 2 transactions' }));
    expect(await screen.findByText('Imported 2 transactions', {}, slow)).toBeTruthy();
    const [commit] = server.bodies('POST', `/api/v2/portfolios/${pid}/import/commit/`);
    expect(commit?.rows).toEqual([
      {
        line: 2,
        symbol: 'LTC',
        coin_id: 'litecoin',
        transaction: expect.objectContaining({
          type: 'transfer_in',
          quantity: '34.85833035',
          price_per_coin: '2000',
          fee: '0',
          date: '2024-01-05T09:59:59.000Z',
          note: "Opening balance from the file's balance column (price: Entered by you)",
        }),
      },
      expect.objectContaining({ line: 2, symbol: 'BTC', coin_id: 'bitcoin' }),
    ]);
  });

  it('never changes an opening price under the cursor: a close arriving while the field has focus waits', async () => {
    const { server, panel, releaseCloses } = await openImport({ opening: true, holdCloses: true });
    const openings = within(panel).getByRole('group', { name: 'Opening balances' });
    const price = within(openings).getByLabelText('Opening price of LTC in USD') as HTMLInputElement;
    await userEvent.click(price);
    releaseCloses();
    // Offered beside the field, not written into it while the person is there.
    expect(
      await within(openings).findByText(/from CoinGecko: 70\.5; leave the field empty to use it$/, {}, slow),
    ).toBeTruthy();
    expect(price.value).toBe('');
    await userEvent.type(price, '2,000');
    expect(price.value).toBe('2,000');
    expect(within(openings).getByText('Entered by you')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Import 2 transactions' }));
    // A toast of the test before may still be on screen: read the commit itself.
    await waitFor(
      () => expect(server.bodies('POST', `/api/v2/portfolios/${pid}/import/commit/`)).toHaveLength(1),
      slow,
    );
    const [commit] = server.bodies('POST', `/api/v2/portfolios/${pid}/import/commit/`);
    expect(commit?.rows).toEqual([
      expect.objectContaining({
        symbol: 'LTC',
        transaction: expect.objectContaining({ type: 'transfer_in', price_per_coin: '2000' }),
      }),
      expect.objectContaining({ line: 2, symbol: 'BTC', coin_id: 'bitcoin' }),
    ]);
  });

  it('searches the market list for another coin, same symbol first', async () => {
    const { server, panel } = await openImport();
    const zzq = within(panel).getByRole('group', { name: /ZZQ/ });
    await userEvent.type(within(zzq).getByLabelText('Search coins for ZZQ'), 'zzq');
    await within(zzq).findByRole('radio', { name: /ZZQ Bridged/ }, slow);
    expect(
      within(zzq)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['zzq-big', 'zzq-small', 'zzq-bridged', 'zzq-finance']);
    expect(
      server.calls.some(
        (c) => c.path.startsWith('/api/v2/cryptocurrencies/market_select/?') && c.path.includes('search=zzq'),
      ),
    ).toBe(true);
    await userEvent.click(within(zzq).getByRole('radio', { name: /ZZQ Bridged/ }));
    await waitFor(() => expect(previews(server).at(-1)?.symbol_map).toEqual({ ZZQ: 'zzq-bridged' }), slow);
  });

  it('shows why a choice was refused and takes it back', async () => {
    const { panel } = await openImport();
    const zzq = within(panel).getByRole('group', { name: /ZZQ/ });
    await userEvent.type(within(zzq).getByLabelText('Search coins for ZZQ'), 'finance');
    await userEvent.click(await within(zzq).findByRole('radio', { name: /ZZQ Finance/ }, slow));
    const alert = await within(panel).findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('ZZQ: Unknown coin: choose one from the list');
    expect((within(zzq).getByRole('radio', { name: /ZZQ Finance/ }) as HTMLInputElement).checked).toBe(false);
    expect(within(zzq).getByText('2 coins use the symbol ZZQ: pick the one you traded.')).toBeTruthy();
  });

  it('lists the server’s row errors when the commit is refused, and writes nothing', async () => {
    const { server, panel } = await openImport();
    server.failNextCommit(
      envelope(400, 'validation_error', 'validation', 'Some rows cannot be imported; nothing was written', {
        rows: [{ line: 2, field: 'quantity', message: 'Only 0 BTC held on 2024-01-05; this sell needs 1.' }],
      }),
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Import 1 transaction' }));
    const alert = await within(panel).findByRole('alert', {}, slow);
    expect(alert.textContent).toBe('Line 2: Only 0 BTC held on 2024-01-05; this sell needs 1.');
    // Refused: the preview stays open with the rows as they were, ready to fix and retry.
    expect(screen.getByRole('region', { name: 'Import CSV into Main' })).toBe(panel);
    expect(within(panel).getByRole('button', { name: 'Import 1 transaction' })).toBeTruthy();
    expect(server.bodies('POST', `/api/v2/portfolios/${pid}/import/commit/`)).toHaveLength(1);
  });
});
