import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { AddToWatchlistButton } from './add-to-watchlist-button';

/*
 * "Add to watchlist" where the coin is shown: the list is chosen in the dialog (a list already
 * holding the coin cannot be chosen), or a new list is named and made with the coin in it.
 */

freshApiClientPerTest();

const at = '2024-01-01T00:00:00.000Z';
const lists = [
  {
    id: 'w1',
    name: 'Majors',
    created_at: at,
    updated_at: at,
    items: [{ id: 'i1', watchlist_id: 'w1', coin_id: 'bitcoin', created_at: at }],
  },
  { id: 'w2', name: 'Layer 2', created_at: at, updated_at: at, items: [] },
];

function setup() {
  const fetch = installFakeFetch({
    'GET /api/auth/csrf/': () => json({ detail: 'ok' }),
    'GET /api/v2/terminal/watchlists/': () => json({ results: lists }),
    'POST /api/v2/terminal/watchlist-items/': (call) =>
      json({ id: 'i2', ...JSON.parse(call.body ?? '{}'), created_at: at }, 201),
    'POST /api/v2/terminal/watchlists/': (call) =>
      json(
        { id: 'w3', name: JSON.parse(call.body ?? '{}').name, created_at: at, updated_at: at, items: [] },
        201,
      ),
  });
  renderPage(<AddToWatchlistButton coin={{ id: 'bitcoin', name: 'Bitcoin' }} />, { pattern: '/', path: '/' });
  return fetch;
}

describe('Add to watchlist', () => {
  it('adds the coin to the list chosen in the dialog', async () => {
    const fetch = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Add Bitcoin to a watchlist' },
      { timeout: 5_000 },
    );
    const select = (await within(dialog).findByRole('combobox', { name: 'Watchlist' })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    // The list that already holds it is shown but cannot be chosen; the first other one is.
    const majors = within(select).getByRole('option', {
      name: 'Majors (already on it)',
    }) as HTMLOptionElement;
    expect(majors.disabled).toBe(true);
    expect(select.value).toBe('w2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to watchlist' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fetch.calls.find(
      (c) => c.method === 'POST' && c.path === '/api/v2/terminal/watchlist-items/',
    );
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ watchlist_id: 'w2', coin_id: 'bitcoin' });
    expect(await screen.findByText('Bitcoin added to Layer 2')).toBeTruthy();
  });

  it('makes a new list with the coin in it', async () => {
    const fetch = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Add to watchlist' }));
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'Add Bitcoin to a watchlist' },
      { timeout: 5_000 },
    );
    const select = (await within(dialog).findByRole('combobox', { name: 'Watchlist' })) as HTMLSelectElement;
    await waitFor(() => expect(select.disabled).toBe(false));
    await userEvent.selectOptions(select, 'A new list…');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create list and add' }));
    expect(within(dialog).getByText('Name the new list')).toBeTruthy();
    await userEvent.type(within(dialog).getByRole('textbox', { name: "New list's name" }), 'Watching');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create list and add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fetch.calls.find((c) => c.method === 'POST' && c.path === '/api/v2/terminal/watchlists/');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ name: 'Watching', coin_ids: ['bitcoin'] });
  });
});
