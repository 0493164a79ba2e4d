import {
  errorEnvelopeSchema,
  lotChoiceMessages,
  taxReportResponseSchema,
  taxSettingsSchema,
  walletAllocationMessages,
  walletAllocationSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Per-portfolio lots over the API on PGlite: the setting, the proposed allocation of the lots
 * held at the end of 2024 (IRS Rev. Proc. 2024-28, section 5.02 (global allocation), worked by
 * hand: A bought 8 at $100 in 2021, B 7 at $200 in 2022, B moved 2 to A in 2023; on 31 December
 * 2024 A holds 10, B holds 5), its confirmation, a refusal, and 2025 sales drawing on them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-24T18:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const path = '/api/v2/tax/wallet-allocation/';
const settingsPath = '/api/v2/tax/settings/';
type User = Awaited<ReturnType<typeof portfolioUser>>;

/** The refusal's field errors, after checking it is the spec's error envelope. */
function fieldsOf(res: { json(): unknown }): Record<string, string[]> {
  errorEnvelopeSchema.parse(res.json());
  return (res.json() as { error: { details: { fields: Record<string, string[]> } } }).error.details.fields;
}

async function storedLines(userId: string): Promise<number> {
  const rows = rowsOf(
    await t.database.db.execute(
      sql`select count(*) as n from tax_wallet_allocations where user_id = ${userId}`,
    ),
  );
  return Number(rows[0]?.n ?? 0);
}

async function wallets() {
  const u = await portfolioUser(t.client());
  await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
  await u.client.send('PATCH', settingsPath, { rule: 'us', short_rate: '37', long_rate: '15' });
  const a = await u.portfolio({ name: 'Wallet A' });
  const b = await u.portfolio({ name: 'Wallet B' });
  const lot1 = await u.ok(a.id, { quantity: '8', price_per_coin: '100', date: '2021-03-01T12:00:00Z' });
  const lot2 = await u.ok(b.id, { quantity: '7', price_per_coin: '200', date: '2022-06-01T12:00:00Z' });
  await u.ok(b.id, {
    type: 'transfer_out',
    quantity: '2',
    price_per_coin: '0',
    date: '2023-05-01T12:00:00Z',
  });
  await u.ok(a.id, {
    type: 'transfer_in',
    quantity: '2',
    price_per_coin: null,
    date: '2023-05-01T12:10:00Z',
  });
  return { u, a, b, lot1, lot2 };
}

async function allocation(u: User) {
  const res = await u.client.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return walletAllocationSchema.parse(res.json());
}

async function saleLines(u: User, saleId: string) {
  const res = await u.client.get('/api/v2/tax/report/?portfolio_id=all&year=2025');
  expect(res.statusCode, res.body).toBe(200);
  const report = taxReportResponseSchema.parse(res.json());
  const d = report.disposals.find((x) => x.transaction_id === saleId);
  return {
    lines: d?.lines.map((l) => [l.acquisition_id, l.quantity, l.cost, l.category]),
    flag: report.per_portfolio_lots,
  };
}

describe('per-portfolio lots (US, from 2025)', () => {
  it('is a US setting: refused with a field error under another rule, returned by GET', async () => {
    const u = await portfolioUser(t.client());
    await u.client.send('PATCH', settingsPath, { rule: 'de' });
    const refused = await u.client.send('PATCH', settingsPath, { lots_per_portfolio: true });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).lots_per_portfolio).toEqual([walletAllocationMessages.onlyUs]);
    const on = await u.client.send('PATCH', settingsPath, { rule: 'us', lots_per_portfolio: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(taxSettingsSchema.parse((await u.client.get(settingsPath)).json()).lots_per_portfolio).toBe(true);
    // Leaving the US rule turns it off.
    await u.client.send('PATCH', settingsPath, { rule: 'uk' });
    expect(taxSettingsSchema.parse((await u.client.get(settingsPath)).json()).lots_per_portfolio).toBe(false);
    expect((await u.client.send('PATCH', settingsPath, { lots_per_portfolio: 'yes' })).statusCode).toBe(400);
  });

  it('proposes what each wallet held on 31 December 2024 from the lots that sat there', async () => {
    const { u, a, b, lot1, lot2 } = await wallets();
    const got = await allocation(u);
    expect(got).toMatchObject({ source: 'proposed', status: 'proposed', confirmed_at: null, method: 'fifo' });
    expect(got.coins).toEqual([
      {
        coin_id: 'bitcoin',
        held: '15',
        portfolios: [
          {
            portfolio_id: a.id,
            portfolio_name: 'Wallet A',
            held: '10',
            pieces: [
              {
                acquisition_id: lot1.id,
                acquired_at: '2021-03-01T12:00:00.000Z',
                quantity: '8',
                cost: '800',
              },
              {
                acquisition_id: lot2.id,
                acquired_at: '2022-06-01T12:00:00.000Z',
                quantity: '2',
                cost: '400',
              },
            ],
          },
          {
            portfolio_id: b.id,
            portfolio_name: 'Wallet B',
            held: '5',
            pieces: [
              {
                acquisition_id: lot2.id,
                acquired_at: '2022-06-01T12:00:00.000Z',
                quantity: '5',
                cost: '1000',
              },
            ],
          },
        ],
      },
    ]);
  });

  it('refuses an allocation that does not add up, writing nothing', async () => {
    const { u, a, b, lot1, lot2 } = await wallets();
    const other = await portfolioUser(t.client());
    const theirs = await other.portfolio({ name: 'Not yours' });
    const short = await u.client.send('PUT', path, {
      pieces: [
        { acquisition_id: lot1.id, portfolio_id: a.id, quantity: '8' },
        { acquisition_id: lot2.id, portfolio_id: b.id, quantity: '5' },
      ],
    });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short).pieces).toEqual([
      walletAllocationMessages.portfolioTotal('bitcoin', 'Wallet A', '8', '10'),
    ]);
    const strangers = await u.client.send('PUT', path, {
      pieces: [
        { acquisition_id: lot1.id, portfolio_id: theirs.id, quantity: '8' },
        { acquisition_id: lot1.id, portfolio_id: a.id, quantity: '9' },
      ],
    });
    expect(strangers.statusCode).toBe(400);
    const fields = fieldsOf(strangers);
    expect(fields['pieces.0.portfolio_id']).toEqual([walletAllocationMessages.unknownPortfolio]);
    expect(fields['pieces.1.quantity']).toEqual([walletAllocationMessages.overLot('9', '8')]);
    const malformed = await u.client.send('PUT', path, { pieces: [{ acquisition_id: 'x', quantity: '-1' }] });
    expect(malformed.statusCode).toBe(400);
    expect(await storedLines(u.user.id)).toBe(0);
    expect((await allocation(u)).source).toBe('proposed');
  });

  it('confirms an allocation; a 2025 sale from B draws only on the lots placed in B', async () => {
    const { u, a, b, lot1, lot2 } = await wallets();
    await u.client.send('PATCH', settingsPath, { lots_per_portfolio: true });
    const sale = await u.ok(b.id, {
      type: 'sell',
      quantity: '3',
      price_per_coin: '300',
      date: '2025-04-01T12:00:00Z',
    });
    // The proposal (an estimate until confirmed): B's lots are the 2022 ones.
    const proposed = await saleLines(u, sale.id);
    expect(proposed.lines).toEqual([[lot2.id, '3', '600', 'long']]);
    expect(proposed.flag).toMatchObject({ allocation: 'proposed', estimated: true });
    expect(proposed.flag?.note).toContain('Estimated: allocation not confirmed');

    const confirmed = await u.client.send('PUT', path, {
      pieces: [
        { acquisition_id: lot1.id, portfolio_id: a.id, quantity: '5' },
        { acquisition_id: lot2.id, portfolio_id: a.id, quantity: '5' },
        { acquisition_id: lot1.id, portfolio_id: b.id, quantity: '3' },
        { acquisition_id: lot2.id, portfolio_id: b.id, quantity: '2' },
      ],
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const shown = walletAllocationSchema.parse(confirmed.json());
    expect(shown).toMatchObject({
      source: 'confirmed',
      status: 'confirmed',
      confirmed_at: '2026-11-24T18:00:00.000Z',
    });
    expect(await storedLines(u.user.id)).toBe(4);
    const after = await saleLines(u, sale.id);
    expect(after.lines).toEqual([[lot1.id, '3', '300', 'long']]);
    expect(after.flag).toMatchObject({ allocation: 'confirmed', estimated: false });

    // A second confirmation replaces the first whole.
    const again = await u.client.send('PUT', path, {
      pieces: [
        { acquisition_id: lot1.id, portfolio_id: a.id, quantity: '8' },
        { acquisition_id: lot2.id, portfolio_id: a.id, quantity: '2' },
        { acquisition_id: lot2.id, portfolio_id: b.id, quantity: '5' },
      ],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await storedLines(u.user.id)).toBe(3);

    const back = await u.client.send('DELETE', path);
    expect(back.statusCode).toBe(200);
    expect(walletAllocationSchema.parse(back.json())).toMatchObject({
      source: 'proposed',
      confirmed_at: null,
    });
    expect(await storedLines(u.user.id)).toBe(0);
    expect((await saleLines(u, sale.id)).lines).toEqual([[lot2.id, '3', '600', 'long']]);
  });

  it('a 2025 sale may name only lots placed in its own wallet', async () => {
    const { u, a, b, lot1, lot2 } = await wallets();
    await u.client.send('PATCH', settingsPath, { lots_per_portfolio: true });
    const sale = { type: 'sell', quantity: '1', price_per_coin: '300', date: '2025-04-01T12:00:00Z' };
    // The proposal places the whole 2021 lot in A: B cannot name it.
    const refused = await u.tx(b.id, { ...sale, lots: [{ acquisition_id: lot1.id, quantity: '1' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details.fields['lots.0.acquisition_id']).toEqual([
      lotChoiceMessages.problem.other_portfolio,
    ]);
    // Confirmed with 3 units of it in B, B may.
    const put = await u.client.send('PUT', path, {
      pieces: [
        { acquisition_id: lot1.id, portfolio_id: a.id, quantity: '5' },
        { acquisition_id: lot2.id, portfolio_id: a.id, quantity: '5' },
        { acquisition_id: lot1.id, portfolio_id: b.id, quantity: '3' },
        { acquisition_id: lot2.id, portfolio_id: b.id, quantity: '2' },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    const named = await u.tx(b.id, { ...sale, lots: [{ acquisition_id: lot1.id, quantity: '1' }] });
    expect(named.statusCode, named.body).toBe(201);
  });

  it('an own transfer in 2025 carries lots with their date and cost into the other wallet', async () => {
    const { u, a, b, lot1, lot2 } = await wallets();
    await u.client.send('PATCH', settingsPath, { lots_per_portfolio: true });
    await u.ok(a.id, {
      type: 'transfer_out',
      quantity: '4',
      price_per_coin: '0',
      date: '2025-03-01T12:00:00Z',
    });
    await u.ok(b.id, {
      type: 'transfer_in',
      quantity: '4',
      price_per_coin: null,
      date: '2025-03-01T12:10:00Z',
    });
    const sale = await u.ok(b.id, {
      type: 'sell',
      quantity: '6',
      price_per_coin: '300',
      date: '2025-06-01T12:00:00Z',
    });
    expect((await saleLines(u, sale.id)).lines).toEqual([
      [lot1.id, '4', '400', 'long'],
      [lot2.id, '2', '400', 'long'],
    ]);
  });
});
