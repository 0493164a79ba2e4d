import { transferMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import { empty, ids, installFakeTransfersServer, movement, pair } from './fake-transfers-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
const journey = { timeout: 30_000 };

const out = movement();
const arrived = movement({
  transaction_id: ids.in,
  portfolio_id: ids.wallet,
  direction: 'in',
  quantity: '0.995',
  executed_at: '2024-03-01T13:00:00.000Z',
  source: { kind: 'wallet', connection_id: '00000000-0000-4000-8000-0000000000c1', label: 'Cold card' },
});

describe('/transfers', journey, () => {
  it('says so honestly when there is no withdrawal or deposit yet', async () => {
    installFakeTransfersServer();
    renderApp('/transfers');
    const title = await screen.findByRole('heading', { name: 'No transfers yet' }, slow);
    expect(title.parentElement?.textContent).toContain('paired into own transfers where they fit');
  });

  it('shows a proposal with its network fee and hours apart, and confirms it', async () => {
    const server = installFakeTransfersServer({ ...empty(), proposed: [pair(out, arrived)] });
    renderApp('/transfers');
    const table = await screen.findByRole('table', { name: 'Proposed transfers' }, slow);
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    await waitFor(() => expect(row.textContent).toContain('Bitcoin'), slow);
    expect(row.textContent).toContain('Exchange');
    expect(row.textContent).toContain('Wallet');
    expect(row.textContent).toContain('0.995');
    expect(row.textContent).toContain('0.005');
    expect(row.textContent).toContain('3 h later');
    expect(row.textContent).toContain('Wallet: Cold card');
    expect(row.textContent).toContain('Entered by hand');

    await userEvent.click(
      within(row).getByRole('button', { name: /^Confirm 1 Bitcoin from Exchange to Wallet/ }),
    );
    const matched = await screen.findByRole('table', { name: 'Matched transfers' }, slow);
    expect(matched.textContent).toContain('Confirmed by you');
    expect(screen.queryByRole('table', { name: 'Proposed transfers' })).toBeNull();
    expect(server.bodies('/api/v2/transfers/confirm/')).toEqual([{ out_id: ids.out, in_id: ids.in }]);
  });

  it('undoes a matched pair: both halves are listed as not matched', async () => {
    const server = installFakeTransfersServer({
      ...empty(),
      matched: [pair(out, arrived, { reason: 'tx_hash' })],
    });
    renderApp('/transfers');
    const table = await screen.findByRole('table', { name: 'Matched transfers' }, slow);
    expect(table.textContent).toContain('Same transaction');
    await userEvent.click(within(table).getByRole('button', { name: /^Undo / }));
    const left = await screen.findByRole('table', { name: 'Movements without a match' }, slow);
    expect(within(left).getAllByRole('row')).toHaveLength(3);
    expect(left.textContent).toContain('Withdrawal');
    expect(left.textContent).toContain('Deposit');
    expect(server.bodies('/api/v2/transfers/undo/')).toEqual([{ out_id: ids.out, in_id: ids.in }]);
  });

  it('lets the owner pick the right deposit of an ambiguous withdrawal', async () => {
    const second = movement({
      transaction_id: ids.otherIn,
      portfolio_id: ids.cold,
      direction: 'in',
      quantity: '0.999',
      executed_at: '2024-03-01T15:00:00.000Z',
    });
    const server = installFakeTransfersServer({
      ...empty(),
      ambiguous: [{ movement: out, candidates: [arrived, second] }],
    });
    renderApp('/transfers');
    const group = await screen.findByRole(
      'group',
      { name: /^Which deposit is the 1 Bitcoin that left Exchange/ },
      slow,
    );
    const confirm = within(group).getByRole('button', { name: 'Confirm this one' });
    expect(confirm).toHaveProperty('disabled', true);
    await userEvent.click(within(group).getByRole('radio', { name: /Cold storage/ }));
    await userEvent.click(confirm);
    await screen.findByRole('table', { name: 'Matched transfers' }, slow);
    expect(server.bodies('/api/v2/transfers/confirm/')).toEqual([{ out_id: ids.out, in_id: ids.otherIn }]);
    // The deposit not chosen is listed as not matched.
    const left = await screen.findByRole('table', { name: 'Movements without a match' }, slow);
    expect(left.textContent).toContain('Wallet');
  });

  it('matches by hand among the unmatched movements of the coin, showing a refusal on its field', async () => {
    const late = movement({
      transaction_id: ids.lateIn,
      portfolio_id: ids.wallet,
      direction: 'in',
      quantity: '0.98',
      executed_at: '2024-03-05T10:00:00.000Z',
    });
    const big = movement({
      transaction_id: ids.bigIn,
      portfolio_id: ids.cold,
      direction: 'in',
      quantity: '1.5',
      executed_at: '2024-03-02T10:00:00.000Z',
    });
    const server = installFakeTransfersServer({ ...empty(), unmatched: [out, big, late] });
    renderApp('/transfers');
    const table = await screen.findByRole('table', { name: 'Movements without a match' }, slow);
    await userEvent.click(within(table).getByRole('button', { name: /^Match by hand: withdrawal of 1 / }));
    const choice = await screen.findByRole('combobox', { name: 'The deposit it became' }, slow);
    // Only deposits of the coin in other portfolios are offered.
    expect(
      within(choice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([expect.stringContaining('Cold storage'), expect.stringContaining('Wallet')]);
    await userEvent.click(screen.getByRole('button', { name: 'Match' }));
    expect(await screen.findByText(transferMessages.inExceedsOut, {}, slow)).toBeTruthy();
    expect(choice.getAttribute('aria-invalid')).toBe('true');

    await userEvent.selectOptions(choice, ids.lateIn);
    await userEvent.click(screen.getByRole('button', { name: 'Match' }));
    const matched = await screen.findByRole('table', { name: 'Matched transfers' }, slow);
    expect(matched.textContent).toContain('Matched by hand');
    expect(matched.textContent).toContain('0.02');
    expect(server.bodies('/api/v2/transfers/match/')).toEqual([
      { out_id: ids.out, in_id: ids.bigIn },
      { out_id: ids.out, in_id: ids.lateIn },
    ]);
  });
});
