import {
  lotChoiceMessages,
  maxLotChoiceLines,
  saleLotsResponseSchema,
  taxReportResponseSchema,
  transactionSchema,
  whatIfResponseSchema,
} from '@app/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/raw-rows.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { dumpTables } from '../../test/table-dump.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/*
 * Specific identification over the API, on real SQL: a sale names its lots on create and update,
 * the choice is stored with it and removed with it, a choice the lots cannot cover is refused with
 * a field error and changes nothing, and the report, Form 8949 and the what-if use it.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(new Date('2026-11-24T18:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

type User = Awaited<ReturnType<typeof portfolioUser>>;
const txPath = '/api/v2/transactions/';
const dump = () => dumpTables(t.database.db);

async function storedChoices(saleId: string): Promise<number> {
  const rows = rowsOf(
    await t.database.db.execute(sql`select count(*) as n from sale_lot_choices where sale_id = ${saleId}`),
  );
  return Number(rows[0]?.n ?? 0);
}

async function report(u: User, portfolioId: string, year = 2025) {
  const res = await u.client.get(`/api/v2/tax/report/?portfolio_id=${portfolioId}&year=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return taxReportResponseSchema.parse(res.json());
}

/** Three bitcoin lots (A old and cheap, B dear, C in between) and the US rule, FIFO. */
async function books(rule: 'us' | 'de' = 'us') {
  const u = await portfolioUser(t.client());
  await u.client.send('PATCH', '/api/v2/settings/', { cost_basis_method: 'fifo' });
  await u.client.send('PATCH', '/api/v2/tax/settings/', { rule, short_rate: '37', long_rate: '15' });
  const p = await u.portfolio({ name: 'Main' });
  const a = await u.ok(p.id, { quantity: '1', price_per_coin: '20000', date: '2024-01-10T10:00:00Z' });
  const b = await u.ok(p.id, { quantity: '1', price_per_coin: '60000', date: '2025-03-01T10:00:00Z' });
  const c = await u.ok(p.id, { quantity: '1', price_per_coin: '30000', date: '2025-06-01T10:00:00Z' });
  const sale = {
    type: 'sell',
    quantity: '1.5',
    price_per_coin: '70000',
    date: '2025-09-01T10:00:00Z',
  };
  return { u, p, a, b, c, sale };
}

describe('a sale that names its lots', () => {
  it('is stored with the sale, used by the report and Form 8949, and removed with the sale', async () => {
    const { u, p, b, c, sale } = await books();
    const res = await u.tx(p.id, {
      ...sale,
      lots: [
        { acquisition_id: b.id, quantity: '1' },
        { acquisition_id: c.id, quantity: '0.5' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = transactionSchema.parse(res.json());
    expect(created.lots).toEqual([
      { acquisition_id: b.id, quantity: '1' },
      { acquisition_id: c.id, quantity: '0.5' },
    ]);
    expect(transactionSchema.parse((await u.client.get(`${txPath}${created.id}/`)).json()).lots).toEqual(
      created.lots,
    );

    // FIFO would take A (long-term, cost 20,000) and half of B; the choice takes B and half of C:
    // 70,000 − 60,000 = 10,000 and 35,000 − 15,000 = 20,000, both short-term.
    const r = await report(u, p.id);
    const d = r.disposals.find((x) => x.transaction_id === created.id);
    expect(d?.gain).toBe('30000');
    expect(d?.lines.map((l) => [l.basis, l.acquisition_id, l.quantity, l.cost, l.gain, l.category])).toEqual([
      ['chosen', b.id, '1', '60000', '10000', 'short'],
      ['chosen', c.id, '0.5', '15000', '20000', 'short'],
    ]);
    expect(r.lot_choices).toMatchObject({ applies: true, applied: 1, ignored: 0, not_followed: [] });
    expect(r.lot_choices.notes[0]).toContain('use the lots you chose');

    const csv = await u.client.get(`/api/v2/tax/report/csv/?portfolio_id=${p.id}&year=2025&format=form8949`);
    // The form's own columns, before the currency and the ids.
    expect(
      csv.body
        .split('\r\n')
        .slice(1, 3)
        .map((line) => line.split(',').slice(0, 10).join(',')),
    ).toEqual([
      '1 Bitcoin (BTC) (demo data),03/01/2025,09/01/2025,70000.00,60000.00,,,10000.00,Short-term,USD',
      '0.5 Bitcoin (BTC) (demo data),06/01/2025,09/01/2025,35000.00,15000.00,,,20000.00,Short-term,USD',
    ]);

    expect(await storedChoices(created.id)).toBe(2);
    expect((await u.client.send('DELETE', `${txPath}${created.id}/`)).statusCode).toBe(204);
    expect(await storedChoices(created.id)).toBe(0);
  });

  it('is updated, kept when an edit leaves it out, refused when it no longer fits, and cleared by null', async () => {
    const { u, p, a, b, c, sale } = await books();
    const created = transactionSchema.parse(
      (
        await u.tx(p.id, {
          ...sale,
          lots: [
            { acquisition_id: b.id, quantity: '1' },
            { acquisition_id: c.id, quantity: '0.5' },
          ],
        })
      ).json(),
    );
    const put = (body: Record<string, unknown>) =>
      u.client.send('PUT', `${txPath}${created.id}/`, {
        portfolio_id: p.id,
        coin_id: 'bitcoin',
        fee: '0',
        note: '',
        ...sale,
        ...body,
      });

    // A new choice replaces the old one.
    const changed = await put({ lots: [{ acquisition_id: a.id, quantity: '1.5' }] });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().error.details.fields['lots.0.quantity']).toEqual([lotChoiceMessages.used('1')]);
    const moved = await put({
      lots: [
        { acquisition_id: a.id, quantity: '1' },
        { acquisition_id: c.id, quantity: '0.5' },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    let line = (await report(u, p.id)).disposals[0]?.lines.map((l) => [l.acquisition_id, l.category]);
    expect(line).toEqual([
      [a.id, 'long'],
      [c.id, 'short'],
    ]);

    // An edit without lots keeps them (the note changes, the lots stay).
    const noted = await put({ note: 'kept', lots: undefined });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(transactionSchema.parse(noted.json()).lots).toHaveLength(2);
    // ...but a quantity they no longer add up to is refused, and nothing changes.
    const before = await dump();
    const smaller = await put({ quantity: '1', lots: undefined });
    expect(smaller.statusCode, smaller.body).toBe(400);
    expect(smaller.json().error.details.fields.non_field_errors).toEqual([
      lotChoiceMessages.storedNoLongerFits,
    ]);
    expect(await dump()).toBe(before);

    // null clears the choice: FIFO again (A, then half of B).
    const cleared = await put({ lots: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(transactionSchema.parse(cleared.json()).lots).toBeUndefined();
    expect(await storedChoices(created.id)).toBe(0);
    line = (await report(u, p.id)).disposals[0]?.lines.map((l) => [l.acquisition_id, l.category]);
    expect(line).toEqual([
      [a.id, 'long'],
      [b.id, 'short'],
    ]);
  });

  it('refuses, with a field error and nothing changed, every choice the lots cannot cover at the sale', async () => {
    const { u, p, a, b, c, sale } = await books();
    const other = await portfolioUser(t.client());
    const theirs = await other.ok((await other.portfolio({ name: 'Theirs' })).id, {
      quantity: '5',
      date: '2024-01-01T00:00:00Z',
    });
    const ether = await u.ok(p.id, { coin_id: 'ethereum', quantity: '3', date: '2024-02-01T00:00:00Z' });
    const q = await u.portfolio({ name: 'Cold' });
    const elsewhere = await u.ok(q.id, { quantity: '2', date: '2024-03-01T00:00:00Z' });
    // An earlier sale (FIFO) takes half of A; a later buy comes after the sale.
    const earlier = await u.ok(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '50000',
      date: '2025-07-01T10:00:00Z',
    });
    const later = await u.ok(p.id, { quantity: '1', price_per_coin: '90000', date: '2025-10-01T10:00:00Z' });
    const missing = '00000000-0000-4000-8000-000000000001';
    const m = lotChoiceMessages;
    const cases: [string, { acquisition_id: string; quantity: string }[], Record<string, string[]>][] = [
      [
        'no such lot',
        [{ acquisition_id: missing, quantity: '1.5' }],
        { 'lots.0.acquisition_id': [m.problem.unknown] },
      ],
      [
        "another user's lot",
        [{ acquisition_id: theirs.id, quantity: '1.5' }],
        { 'lots.0.acquisition_id': [m.problem.unknown] },
      ],
      [
        'another coin',
        [{ acquisition_id: ether.id, quantity: '1.5' }],
        { 'lots.0.acquisition_id': [m.problem.other_coin] },
      ],
      [
        'not an acquisition',
        [
          { acquisition_id: b.id, quantity: '1' },
          { acquisition_id: earlier.id, quantity: '0.5' },
        ],
        { 'lots.1.acquisition_id': [m.problem.not_acquisition] },
      ],
      [
        'acquired after the sale',
        [
          { acquisition_id: b.id, quantity: '0.5' },
          { acquisition_id: later.id, quantity: '1' },
        ],
        { 'lots.1.acquisition_id': [m.problem.after_sale] },
      ],
      [
        'another portfolio',
        [{ acquisition_id: elsewhere.id, quantity: '1.5' }],
        { 'lots.0.acquisition_id': [m.problem.other_portfolio] },
      ],
      [
        'less left than named',
        [
          { acquisition_id: a.id, quantity: '1' },
          { acquisition_id: c.id, quantity: '0.5' },
        ],
        { 'lots.0.quantity': [m.used('0.5')] },
      ],
      [
        'not adding up to the sale',
        [
          { acquisition_id: b.id, quantity: '1' },
          { acquisition_id: c.id, quantity: '0.25' },
        ],
        { lots: [m.total('1.25', '1.5')] },
      ],
    ];
    const before = await dump();
    for (const [name, lots, fields] of cases) {
      const res = await u.tx(p.id, { ...sale, lots });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      const error = res.json().error;
      expect(error.category, name).toBe('validation');
      expect(error.details.fields, name).toEqual(fields);
    }
    // The contract's own checks: decimals, positive, duplicates, size, and sales only.
    const shape: [string, unknown, string][] = [
      ['not a decimal', [{ acquisition_id: b.id, quantity: '1e3' }], 'lots.0.quantity'],
      ['zero', [{ acquisition_id: b.id, quantity: '0' }], 'lots.0.quantity'],
      [
        'named twice',
        [
          { acquisition_id: b.id, quantity: '1' },
          { acquisition_id: b.id, quantity: '0.5' },
        ],
        'lots.1.acquisition_id',
      ],
      [
        'too many',
        Array.from({ length: maxLotChoiceLines + 1 }, (_, i) => ({
          acquisition_id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          quantity: '0.001',
        })),
        'lots',
      ],
      ['empty', [], 'lots'],
    ];
    for (const [name, lots, field] of shape) {
      const res = await u.tx(p.id, { ...sale, lots });
      expect(res.statusCode, name).toBe(400);
      expect(Object.keys(res.json().error.details.fields), name).toContain(field);
    }
    const onBuy = await u.tx(p.id, { quantity: '1', lots: [{ acquisition_id: a.id, quantity: '1' }] });
    expect(onBuy.statusCode).toBe(400);
    expect(onBuy.json().error.details.fields.lots).toEqual([m.onlySales]);
    expect(await dump()).toBe(before);
  });

  it('refuses a write elsewhere that would leave a stored choice uncovered', async () => {
    const { u, p, b, c, sale } = await books();
    const created = transactionSchema.parse(
      (
        await u.tx(p.id, {
          ...sale,
          lots: [
            { acquisition_id: b.id, quantity: '1' },
            { acquisition_id: c.id, quantity: '0.5' },
          ],
        })
      ).json(),
    );
    const before = await dump();
    // Deleting lot B, or an earlier sale naming B, would take what the sale counts on.
    const gone = await u.client.send('DELETE', `${txPath}${b.id}/`);
    expect(gone.statusCode, gone.body).toBe(400);
    expect(gone.json().error.message).toBe(lotChoiceMessages.breaksOther('1 September 2025'));
    const rival = await u.tx(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '65000',
      date: '2025-08-01T10:00:00Z',
      lots: [{ acquisition_id: b.id, quantity: '0.5' }],
    });
    expect(rival.statusCode, rival.body).toBe(400);
    expect(rival.json().error.details.fields.lots).toEqual([
      lotChoiceMessages.breaksOther('1 September 2025'),
    ]);
    expect(await dump()).toBe(before);
    // An earlier sale that names nothing takes A first (FIFO): the choice still holds.
    const plain = await u.tx(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '65000',
      date: '2025-08-01T10:00:00Z',
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await storedChoices(created.id)).toBe(2);
  });

  it('is kept but not used under a rule that fixes the matching, and the report says so', async () => {
    const { u, p, b, c, sale } = await books('de');
    const res = await u.tx(p.id, {
      ...sale,
      lots: [
        { acquisition_id: b.id, quantity: '1' },
        { acquisition_id: c.id, quantity: '0.5' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const r = await report(u, p.id);
    expect(r.disposals[0]?.lines.map((l) => l.basis)).toEqual(['lot', 'lot']);
    expect(r.lot_choices).toMatchObject({ applies: false, applied: 0, ignored: 1 });
    expect(r.lot_choices.notes.join(' ')).toContain('Germany');
  });
});

describe('the lots a sale can name', () => {
  it("lists the portfolio's lots just before the sale, and an edited sale's stored choice", async () => {
    const { u, p, a, b, c, sale } = await books();
    await u.ok(p.id, {
      type: 'sell',
      quantity: '0.5',
      price_per_coin: '50000',
      date: '2025-07-01T10:00:00Z',
    });
    const query = `portfolio_id=${p.id}&coin_id=bitcoin&date=${encodeURIComponent(sale.date)}`;
    const res = await u.client.get(`/api/v2/tax/sale-lots/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const view = saleLotsResponseSchema.parse(res.json());
    expect(view).toMatchObject({
      rule: 'us',
      applies: true,
      method: 'fifo',
      sold_on: '2025-09-01',
      chosen: null,
    });
    expect(view.lots.map((l) => [l.acquisition_id, l.quantity, l.unit_cost, l.category])).toEqual([
      [a.id, '0.5', '20000', 'long'],
      [b.id, '1', '60000', 'short'],
      [c.id, '1', '30000', 'short'],
    ]);
    const lots = [
      { acquisition_id: b.id, quantity: '1' },
      { acquisition_id: c.id, quantity: '0.5' },
    ];
    const created = transactionSchema.parse((await u.tx(p.id, { ...sale, lots })).json());
    // Editing it: the sale itself is left out of the books, so its lots are offered again.
    const edit = await u.client.get(`/api/v2/tax/sale-lots/?${query}&transaction_id=${created.id}`);
    const edited = saleLotsResponseSchema.parse(edit.json());
    expect(edited.chosen).toEqual(lots);
    expect(edited.lots.map((l) => l.quantity)).toEqual(['0.5', '1', '1']);
    // Someone else's portfolio or sale is not found.
    const other = await portfolioUser(t.client());
    expect((await other.client.get(`/api/v2/tax/sale-lots/?${query}`)).statusCode).toBe(404);
    await other.portfolio({ name: 'Mine' });
    const mine = (await other.client.get('/api/v2/portfolios/')).json().results[0].id as string;
    const theirSale = await other.client.get(
      `/api/v2/tax/sale-lots/?portfolio_id=${mine}&coin_id=bitcoin&date=${encodeURIComponent(sale.date)}&transaction_id=${created.id}`,
    );
    expect(theirSale.statusCode).toBe(404);
  });
});

describe('the what-if sale and its lowest-tax choice', () => {
  it('names the lots with the lowest tax, and entering the sale with them gives the report the same tax', async () => {
    const { u, p, a, b, c } = await books();
    // On 24 November 2026 every lot is long-term (15 %): a coin sold at 70,000 adds (70,000 − cost) × 15 %:
    // A 7,500, B 1,500, C 6,000. FIFO takes A and half of B: (50,000 + 5,000) × 15 % = 8,250. The
    // lowest-tax choice takes B and half of C: (10,000 + 20,000) × 15 % = 4,500.
    const ask = { coin_id: 'bitcoin', quantity: '1.5', price_per_coin: '70000', portfolio_id: p.id };
    const res = await u.client.post('/api/v2/tax/what-if/', ask);
    expect(res.statusCode, res.body).toBe(200);
    const w = whatIfResponseSchema.parse(res.json());
    expect(w).toMatchObject({ estimated_tax: '8250', lots_chosen: false });
    expect(w.lowest_tax_choice).toMatchObject({
      lots: [
        { acquisition_id: b.id, quantity: '1' },
        { acquisition_id: c.id, quantity: '0.5' },
      ],
      estimated_tax: '4500',
      gain: '30000',
      method: 'fifo',
      method_estimated_tax: '8250',
      tax_saving: '3750',
      same_as_method: false,
    });
    const lots = w.lowest_tax_choice?.lots ?? [];
    const named = whatIfResponseSchema.parse(
      (await u.client.post('/api/v2/tax/what-if/', { ...ask, lots })).json(),
    );
    expect(named).toMatchObject({ estimated_tax: '4500', lots_chosen: true });
    expect(named.lots.map((l) => [l.basis, l.acquisition_id, l.quantity])).toEqual([
      ['chosen', b.id, '1'],
      ['chosen', c.id, '0.5'],
    ]);
    expect(named.lowest_tax_choice?.method_estimated_tax).toBe('8250');

    // A choice the scope cannot cover is refused on its line.
    const bad = await u.client.post('/api/v2/tax/what-if/', {
      ...ask,
      lots: [
        { acquisition_id: a.id, quantity: '2' },
        { acquisition_id: '00000000-0000-4000-8000-000000000001', quantity: '0.5' },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.fields).toEqual({
      'lots.0.quantity': [lotChoiceMessages.used('1')],
      'lots.1.acquisition_id': [lotChoiceMessages.notHeld],
      lots: [lotChoiceMessages.total('2.5', '1.5')],
    });

    const entered = await u.tx(p.id, {
      type: 'sell',
      quantity: '1.5',
      price_per_coin: '70000',
      date: '2026-11-24T12:00:00Z',
      lots,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const r = await report(u, p.id, 2026);
    expect(r.year_summary?.estimated_tax).toBe('4500');
    expect(r.disposals[0]?.lines.map((l) => [l.basis, l.acquisition_id, l.quantity, l.gain])).toEqual(
      named.lots.map((l) => [l.basis, l.acquisition_id, l.quantity, l.gain]),
    );
  });
});
