import { accessTokenMessages, accessTokenScopeLabels, csrfHeaderName } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, heldUntilReleased } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { ApiAccessPage } from './api-access-page';
import { accessToken, ids, installFakeTokensServer, wholeToken } from './fake-access-tokens-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };

const open = () =>
  renderPage(<ApiAccessPage />, { pattern: '/settings/api-access', path: '/settings/api-access' });

const form = () => screen.getByRole('form', { name: 'Create a token' });

/** What a token's card says under one of its terms ("Last used"). */
const fact = (card: HTMLElement, term: string) =>
  within(card).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('/settings/api-access', () => {
  it('says honestly that there is no token yet, and what tokens are for', async () => {
    installFakeTokensServer();
    open();
    const empty = await screen.findByRole('heading', { name: 'No tokens yet' }, slow);
    expect(empty.parentElement?.textContent).toContain('Nothing can reach your account with a token');
    expect(screen.getByText(/AI assistants through the MCP server at/).textContent).toContain('/mcp');
    expect(screen.getByText(/A token is shown once/)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Access tokens' })).toBeNull();
  });

  it('creates a token: shows it whole once, until dismissed, and lists it by its prefix', async () => {
    // The session's CSRF cookie, which every write sends back in its header.
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('csrftoken=csrf-1');
    const server = installFakeTokensServer();
    open();
    await screen.findByRole('heading', { name: 'No tokens yet' }, slow);
    const f = form();
    expect(within(f).getByRole('checkbox', { name: /Read everything you can see/ })).toHaveProperty(
      'checked',
      true,
    );
    const writes = within(f).getByRole('checkbox', {
      name: new RegExp(accessTokenScopeLabels['write:transactions']),
    });
    expect(writes).toHaveProperty('checked', false);
    await userEvent.type(within(f).getByLabelText('Name'), 'Backup script');
    await userEvent.click(writes);
    await userEvent.click(within(f).getByRole('radio', { name: 'Only the ones I pick' }));
    await userEvent.click(await within(f).findByRole('checkbox', { name: 'Savings' }, slow));
    await userEvent.selectOptions(within(f).getByLabelText('Expires after'), 'Never');
    await userEvent.click(within(f).getByRole('button', { name: 'Create token' }));

    const notice = await screen.findByRole('region', { name: 'New token' }, slow);
    expect(within(notice).getByLabelText<HTMLInputElement>('Your new token').value).toBe(wholeToken);
    expect(within(notice).getByLabelText('Your new token').hasAttribute('readonly')).toBe(true);
    expect(notice.textContent).toContain(accessTokenMessages.created);
    expect(notice.textContent).toContain('It will not be shown again');
    expect(within(notice).getByRole('button', { name: 'Copy' })).toBeTruthy();

    expect(server.bodies('POST /api/v2/tokens/')).toEqual([
      {
        name: 'Backup script',
        scopes: ['read', 'write:transactions'],
        portfolio_ids: [ids.savings],
        expires_in_days: null,
      },
    ]);
    expect(server.calls.find((c) => c.method === 'POST')?.headers.get(csrfHeaderName)).toBe('csrf-1');

    const card = await screen.findByRole('article', { name: 'Backup script' }, slow);
    expect(card.textContent).toContain(`${wholeToken.slice(0, 12)}…`);
    expect(card.textContent).not.toContain(wholeToken);
    expect(card.textContent).toContain(accessTokenScopeLabels['write:transactions']);
    expect(fact(card, 'Portfolios')).toBe('Savings');
    expect(fact(card, 'Expires')).toBe('Never');
    expect(fact(card, 'Last used')).toBe('Never');
    // The form starts over for the next token.
    expect(within(form()).getByLabelText<HTMLInputElement>('Name').value).toBe('');

    await userEvent.click(within(notice).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New token' })).toBeNull();
    expect(screen.queryByDisplayValue(wholeToken)).toBeNull();
    expect(document.body.textContent).not.toContain(wholeToken);
  });

  it('checks the form before sending, then shows the server’s refusal at its field', async () => {
    const limit = 'You have 50 tokens, the most one account can have; revoke one to add another.';
    const server = installFakeTokensServer({
      onCreate: () =>
        envelope(400, 'validation_error', 'validation', 'Please check the highlighted fields.', {
          fields: {
            name: [limit],
            'portfolio_ids.0': ['One of these portfolios is not yours or no longer exists.'],
          },
        }),
    });
    open();
    await screen.findByRole('heading', { name: 'No tokens yet' }, slow);
    const f = form();
    await userEvent.click(within(f).getByRole('checkbox', { name: /Read everything you can see/ }));
    await userEvent.click(within(f).getByRole('button', { name: 'Create token' }));
    expect(await within(f).findByText('Give the token a name', {}, slow)).toBeTruthy();
    expect(within(f).getByText('Choose at least one scope')).toBeTruthy();
    expect(within(f).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(server.bodies('POST /api/v2/tokens/')).toEqual([]);

    await userEvent.type(within(f).getByLabelText('Name'), 'One too many');
    await userEvent.click(within(f).getByRole('checkbox', { name: /Read everything you can see/ }));
    await userEvent.click(within(f).getByRole('button', { name: 'Create token' }));
    const message = await within(f).findByText(limit, {}, slow);
    const name = within(f).getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')?.split(' ')).toContain(message.closest('ul')?.id);
    const portfolios = within(f).getByRole('group', { name: 'Portfolios' });
    expect(portfolios.textContent).toContain('One of these portfolios is not yours or no longer exists.');
    expect(screen.queryByRole('region', { name: 'New token' })).toBeNull();
    expect(server.bodies('POST /api/v2/tokens/')).toHaveLength(1);
  });

  it('revokes after a confirmation, and the token leaves the list at once', async () => {
    const held = heldUntilReleased(() => new Response(null, { status: 204 }));
    const server = installFakeTokensServer({
      tokens: [
        accessToken({
          last_used_at: new Date(Date.now() - 5 * 60_000).toISOString(),
          last_used_address: '203.0.113.7',
          portfolio_ids: [ids.main],
        }),
      ],
      onRevoke: held.handler,
    });
    open();
    const card = await screen.findByRole('article', { name: 'Backup script' }, slow);
    expect(card.textContent).toContain('elt_Ab12Cd34…');
    await waitFor(() => expect(fact(card, 'Portfolios')).toBe('Main'), slow);
    expect(fact(card, 'Last used')).toMatch(/^5m ago · Nov|^5m ago · \w+ \d+, \d{4}/);
    expect(fact(card, 'Last used')).toContain('from 203.0.113.7');

    // Cancelled: nothing is sent and the token stays.
    await userEvent.click(within(card).getByRole('button', { name: 'Revoke Backup script' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Revoke “Backup script”?' }, slow);
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(server.count(`DELETE /api/v2/tokens/${ids.script}/`)).toBe(0);
    expect(screen.getByRole('article', { name: 'Backup script' })).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Revoke Backup script' }));
    const again = await screen.findByRole('alertdialog', { name: 'Revoke “Backup script”?' }, slow);
    await userEvent.click(within(again).getByRole('button', { name: 'Revoke token' }));
    // Gone while the answer is still on its way.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Backup script' })).toBeNull(), slow);
    expect(server.count(`DELETE /api/v2/tokens/${ids.script}/`)).toBe(1);
    held.release();
    expect(await screen.findByRole('heading', { name: 'No tokens yet' }, slow)).toBeTruthy();
    expect(await screen.findByText('Token “Backup script” revoked', {}, slow)).toBeTruthy();
  });

  it('shows a token’s activity when opened: time, route or tool, status', async () => {
    installFakeTokensServer({
      tokens: [accessToken()],
      uses: {
        [ids.script]: [
          { kind: 'route', target: 'GET /api/v2/portfolios/', status: 200, at: '2026-11-20T10:05:00.000Z' },
          { kind: 'tool', target: 'list_portfolios', status: 403, at: '2026-11-20T10:04:00.000Z' },
        ],
      },
    });
    open();
    const card = await screen.findByRole('article', { name: 'Backup script' }, slow);
    const toggle = within(card).getByRole('button', { name: 'Activity of Backup script' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = await within(card).findByRole('table', { name: /Activity of Backup script/ }, slow);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      [expect.stringMatching(/^Nov 20, 2026/), 'GET /api/v2/portfolios/', '200'],
      [expect.stringMatching(/^Nov 20, 2026/), 'Tool list_portfolios', '403'],
    ]);
  });
});
