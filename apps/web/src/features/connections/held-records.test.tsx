import { connectionMessages, connectionRecordMessages } from '@app/contracts';
import { formatDateTime } from '@app/core';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatCalendarDay } from '@/lib/calendar-day';
import { freshApiClientPerTest } from '@/test/fresh-api-client';
import { renderApp } from '@/test/render-app';
import { screen, waitFor, within } from '@/test/testing-library';
import {
  connection,
  exchangeConnection,
  heldCandidate,
  heldIds,
  heldLeg,
  heldRecord,
  ids,
  installFakeConnectionsServer,
  transaction,
} from './fake-connections-server';

freshApiClientPerTest();

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };
/** Long enough for a poll or two of a syncing connection. */
const polled = { timeout: 10_000 };
const journey = { timeout: 30_000 };
const page = `/settings/connections/${ids.kraken}`;
const decidePath = `/api/v2/connections/${ids.kraken}/held/decide/`;
const duplicate = heldRecord();
const nothingWaits =
  'Nothing waits for you: every record Kraken gave is booked, and no coin it brought in or sent out needs your word.';

/** A deposit of a coin with no close for its day yet: it waits, with nothing to decide. */
const noPrice = heldRecord({
  key: 'movement:LQ7Z-DEPOSIT',
  kind: 'movement',
  reason: 'no_price',
  explanation: connectionRecordMessages.reasons.no_price,
  detail: 'ETH/USD',
  outside_ref: null,
  legs: [heldLeg({ type: 'transfer_in', coin_id: 'ethereum', quantity: '2', price_per_coin: null })],
  candidates: [],
});

/** A conversion (two rows) that a CSV row and another connection's row may both be. */
const conversion = heldRecord({
  key: 'trade:ETHXBT:TCONV-1',
  legs: [
    heldLeg({ type: 'sell', quantity: '0.1', price_per_coin: '40000' }),
    heldLeg({ type: 'buy', coin_id: 'ethereum', quantity: '2', price_per_coin: '2000' }),
  ],
  candidates: [
    heldCandidate({ type: 'sell', quantity: '0.1', price_per_coin: '40000' }),
    heldCandidate({
      transaction_id: heldIds.otherConnectionRow,
      coin_id: 'ethereum',
      quantity: '2',
      price_per_coin: '2000',
      outside_ref: null,
      connection_id: ids.btc,
    }),
  ],
});

function serve(records = [duplicate], over: Parameters<typeof exchangeConnection>[0] = {}) {
  return installFakeConnectionsServer({
    connections: [exchangeConnection(over)],
    held: { [ids.kraken]: records },
  });
}

describe('an exchange connection’s held records', journey, () => {
  it('shows a possible duplicate beside the transactions it may be, and another reason read only', async () => {
    serve([duplicate, noPrice]);
    renderApp(page);
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' }, slow);
    const held = await within(waiting).findByRole('list', { name: 'Records not booked yet' }, slow);
    const record = await within(held).findByRole('article', { name: 'Buy 0.5 Bitcoin' }, slow);
    expect(record.textContent).toContain(connectionRecordMessages.reasons.possible_duplicate);

    const says = within(record).getByRole('region', { name: 'What Kraken says' });
    for (const fact of [formatDateTime(duplicate.executed_at), 'Buy', 'Bitcoin', '0.5', '$42,000.00'])
      expect(says.textContent).toContain(fact);
    expect(says.textContent).toContain('TQ2L5X-ABCDE-FGHIJK');

    const here = within(record).getByRole('region', { name: 'Already in the portfolio' });
    const [csv, hand] = within(here).getAllByRole('listitem');
    expect(csv?.textContent).toContain('Imported from a CSV export');
    expect(csv?.textContent).toContain('$42,000.00');
    expect(hand?.textContent).toContain('Typed by hand or imported from a CSV');
    expect(hand?.textContent).toContain('$41,950.00');
    expect(within(record).getAllByRole('button', { name: 'Same transaction' })).toHaveLength(2);
    expect(within(record).getByRole('button', { name: 'Keep both' })).toBeTruthy();

    const waits = within(held).getByRole('article', { name: /^Transfer in 2 / });
    expect(waits.textContent).toContain(connectionRecordMessages.reasons.no_price);
    expect(waits.textContent).toContain('cost unknown');
    expect(within(waits).queryByRole('button')).toBeNull();
  });

  it('shows the held records beside the rows that wait to be told what they were', async () => {
    installFakeConnectionsServer({
      connections: [exchangeConnection()],
      held: { [ids.kraken]: [duplicate] },
      waiting: [
        transaction({ price_per_coin: null, source: { connection_id: ids.kraken, source_id: 'LDEP-1' } }),
      ],
    });
    renderApp(page);
    const waiting = await screen.findByRole('region', { name: 'Waiting for you' }, slow);
    expect(await within(waiting).findByRole('article', { name: 'Buy 0.5 Bitcoin' }, slow)).toBeTruthy();
    expect(await within(waiting).findByRole('article', { name: 'Received 0.5 Bitcoin' }, slow)).toBeTruthy();
    expect(waiting.textContent).toContain('Coins that came in or went out of the account.');
    expect(waiting.textContent).not.toContain('Nothing waits for you');
  });

  it('“Same transaction” sends that candidate; the record reads as decided until a sync books it', async () => {
    const server = serve();
    renderApp(page);
    const record = await screen.findByRole('article', { name: 'Buy 0.5 Bitcoin' }, slow);
    const hand = within(
      within(record).getByRole('region', { name: 'Already in the portfolio' }),
    ).getAllByRole('listitem')[1];
    if (!hand) throw new Error('the second candidate is missing');
    await userEvent.click(within(hand).getByRole('button', { name: 'Same transaction' }));

    expect(await within(record).findByText('Decided: books at the next sync.', {}, slow)).toBeTruthy();
    expect(server.bodies('POST', decidePath)).toEqual([
      { key: duplicate.key, decision: 'same', transaction_ids: [heldIds.handRow] },
    ]);
    expect(within(record).queryByRole('button')).toBeNull();
    // The server started the sync that books it; the connection is asked again and says so.
    expect(await screen.findByText('Syncing', {}, slow)).toBeTruthy();

    server.held.set(ids.kraken, []);
    server.connections[0] = exchangeConnection({ state: 'up_to_date' });
    expect(await screen.findByText(nothingWaits, {}, polled)).toBeTruthy();
  });

  it('“Keep both” sends separate', async () => {
    const server = serve();
    renderApp(page);
    const record = await screen.findByRole('article', { name: 'Buy 0.5 Bitcoin' }, slow);
    await userEvent.click(within(record).getByRole('button', { name: 'Keep both' }));
    expect(await within(record).findByText(/Decided: books at the next sync/, {}, slow)).toBeTruthy();
    expect(record.textContent).toContain('You said to keep both');
    expect(server.bodies('POST', decidePath)).toEqual([{ key: duplicate.key, decision: 'separate' }]);
  });

  it('lets the owner tick which candidates a record of several rows is, then confirm', async () => {
    const server = serve([conversion]);
    renderApp(page);
    const record = await screen.findByRole('article', { name: 'Sell 0.1 Bitcoin, Buy 2 ethereum' }, slow);
    expect(within(record).queryByRole('button', { name: 'Same transaction' })).toBeNull();
    const other = within(record).getByRole('link', { name: 'Brought by another connection' });
    expect(other.getAttribute('href')).toBe(`/settings/connections/${ids.btc}`);

    await userEvent.click(within(record).getByRole('button', { name: 'Same transactions' }));
    expect(within(record).getByRole('alert').textContent).toBe(connectionRecordMessages.chooseRows);
    expect(server.bodies('POST', decidePath)).toEqual([]);

    const boxes = within(record).getAllByRole('checkbox', { name: 'Part of this record' });
    expect(boxes).toHaveLength(2);
    for (const box of boxes) await userEvent.click(box);
    await userEvent.click(within(record).getByRole('button', { name: 'Same transactions' }));
    expect(await within(record).findByText('Decided: books at the next sync.', {}, slow)).toBeTruthy();
    expect(server.bodies('POST', decidePath)).toEqual([
      {
        key: conversion.key,
        decision: 'same',
        transaction_ids: [heldIds.csvRow, heldIds.otherConnectionRow],
      },
    ]);
  });

  it('shows the server’s refusal in words on the record', async () => {
    const server = serve();
    renderApp(page);
    const record = await screen.findByRole('article', { name: 'Buy 0.5 Bitcoin' }, slow);
    // A sync booked it meanwhile: the server no longer holds it.
    server.held.set(ids.kraken, []);
    await userEvent.click(within(record).getByRole('button', { name: 'Keep both' }));
    const alert = await within(record).findByRole('alert', {}, slow);
    expect(alert.textContent).toBe(connectionRecordMessages.notHeld);
    expect(within(record).queryByText(/Decided/)).toBeNull();
  });

  it('says so in one line when nothing is held and nothing waits', async () => {
    serve([]);
    renderApp(page);
    expect(await screen.findByText(nothingWaits, {}, slow)).toBeTruthy();
  });

  it('asks nothing of a wallet, which holds nothing back', async () => {
    const server = installFakeConnectionsServer({ connections: [connection()] });
    renderApp(`/settings/connections/${ids.btc}`);
    expect(await screen.findByRole('region', { name: 'Reconciliation' }, slow)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Records not booked yet' })).toBeNull();
    expect(server.paths('GET', `/api/v2/connections/${ids.btc}/held/`)).toEqual([]);
  });
});

describe('an exchange connection’s history limit and key', journey, () => {
  const historyFrom = '2023-03-03T00:00:00.000Z';
  const sentence = `Kraken’s API gave history from ${formatCalendarDay(historyFrom)}; import older history from a CSV export.`;

  it('are said on its page: how far back history goes, and that the key can place orders', async () => {
    serve([], { history_from: historyFrom, key_permissions: { can_trade: true, can_withdraw: false } });
    renderApp(page);
    const state = await screen.findByRole('region', { name: 'State' }, slow);
    await waitFor(() => expect(state.textContent).toContain(sentence), slow);
    expect(state.textContent).toContain(connectionMessages.exchangeKeyCanTrade);
    const link = within(state).getByRole('link', { name: 'import older history from a CSV export' });
    expect(link.getAttribute('href')).toBe(`/portfolios/${ids.main}`);
  });

  it('are said on its card, and not for a read-only key with its whole history', async () => {
    installFakeConnectionsServer({
      connections: [
        exchangeConnection({
          history_from: historyFrom,
          key_permissions: { can_trade: true, can_withdraw: false },
        }),
        exchangeConnection({
          id: '00000000-0000-4000-8000-0000000000c7',
          label: 'Binance',
          exchange: 'binance',
        }),
      ],
    });
    renderApp('/settings/connections');
    const kraken = await screen.findByRole('article', { name: /^Kraken account/ }, slow);
    await waitFor(() => expect(kraken.textContent).toContain(sentence), slow);
    expect(kraken.textContent).toContain(connectionMessages.exchangeKeyCanTrade);
    const binance = screen.getByRole('article', { name: /^Binance/ });
    expect(binance.textContent).not.toContain('gave history from');
    expect(binance.textContent).not.toContain(connectionMessages.exchangeKeyCanTrade);
  });
});
