import type { TaxRule } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { computeTax } from './compute.ts';
import { form8949Csv } from './csv.ts';
import { isoToDay } from './dates.ts';
import pub550 from './fixtures/us-pub550-specific-identification.json' with { type: 'json' };
import type { LotChoices } from './lot-choice.ts';
import { lotChoiceProblems } from './lot-choice-problems.ts';
import { buildLotsView } from './lots-view.ts';
import { buildTaxReport, disposalOut } from './report.ts';
import type { TaxTransaction } from './types.ts';

/** The fixture's choices as the engine reads them. */
function choicesOf(raw: Record<string, { acquisition_id: string; quantity: string }[]>): LotChoices {
  return new Map(
    Object.entries(raw).map(([sale, lines]) => [
      sale,
      lines.map((l) => ({ acquisitionId: l.acquisition_id, quantity: l.quantity })),
    ]),
  );
}

const transactions = pub550.transactions as TaxTransaction[];
const choices = choicesOf(pub550.lot_choices);
const run = (rule: TaxRule = 'us', named = true) =>
  computeTax({ transactions, rule, method: 'fifo', lotChoices: named ? choices : undefined });
const reportOptions = { year: 2024, portfolioId: null, currency: 'usd', shortRate: '0', longRate: '0' };

describe(`specific identification: ${pub550.scenario}`, () => {
  it('names its source', () => {
    expect(pub550.source).toContain('Publication 550');
  });

  it('takes the lots the sale names, and FIFO for the sale that names none', () => {
    const byId = new Map(run().disposals.map((d) => [d.transactionId, disposalOut(d)]));
    for (const [id, expected] of Object.entries(pub550.expected.disposals))
      expect(byId.get(id), id).toMatchObject(expected);
    const held = buildLotsView(run(), {
      portfolioId: null,
      prices: new Map(),
      asOfDay: isoToDay('2025-01-01'),
      currency: 'usd',
    }).coins.flatMap((c) => c.lots);
    expect(held).toMatchObject(pub550.expected.holdings);
  });

  it('is FIFO without the choice', () => {
    const byId = new Map(run('us', false).disposals.map((d) => [d.transactionId, disposalOut(d)]));
    for (const [id, expected] of Object.entries(pub550.expected.without_choice))
      expect(byId.get(id), id).toMatchObject(expected);
  });

  it('reports the year and writes Form 8949 from the chosen lots', () => {
    const report = buildTaxReport(run(), reportOptions);
    const { year: _year, ...expected } = pub550.expected.report;
    expect(report).toMatchObject(expected);
    expect(report.lot_choices.notes).toHaveLength(1);
    expect(form8949Csv(report)).toBe(pub550.expected.form8949);
  });

  it('is kept but not used where the rule fixes the matching, and the report says so', () => {
    const de = buildTaxReport(run('de'), reportOptions);
    expect(de.lot_choices).toMatchObject({ applies: false, applied: 0, ignored: 1 });
    expect(de.lot_choices.notes[0]).toContain('Germany');
    const sale = de.disposals.find((d) => d.transaction_id === 'identified-sale');
    expect(sale?.lines[0]?.acquisition_id).toBe(pub550.expected.other_rules.de.first_line_acquisition);
    expect(sale?.lines.every((l) => l.basis === 'lot')).toBe(true);
    const uk = buildTaxReport(run('uk'), { ...reportOptions, year: 2024 });
    expect(uk.lot_choices).toMatchObject({ applies: false, applied: 0, ignored: 1 });
  });

  it('gives the same answer whatever order the rows arrive in', () => {
    const reversed = computeTax({
      transactions: [...transactions].reverse(),
      rule: 'us',
      method: 'fifo',
      lotChoices: choices,
    });
    expect(reversed.disposals.map(disposalOut)).toEqual(run().disposals.map(disposalOut));
  });
});

describe('a stored choice the lots no longer cover', () => {
  // A sale made earlier took half of the March lot after the choice was stored.
  const earlier: TaxTransaction = {
    id: 'backdated-sale',
    portfolio_id: 'wallet',
    coin_id: 'bitcoin',
    type: 'sell',
    quantity: '0.5',
    price_per_coin: '60000',
    fee: '0',
    executed_at: '2024-04-01T15:00:00.000Z',
  };
  const lotChoices = new Map([
    ...choices,
    ['backdated-sale', [{ acquisitionId: 'lot-march', quantity: '0.5' }]],
  ]);
  const computation = computeTax({
    transactions: [...transactions, earlier],
    rule: 'us',
    method: 'fifo',
    lotChoices,
  });

  it('takes what the named lot has left, the rest by the method, and says which sale', () => {
    const sale = computation.disposals.find((d) => d.transactionId === 'identified-sale');
    expect(sale?.lines.map((l) => [l.basis, l.acquisitionId, l.quantity.toFixed()])).toEqual([
      ['chosen', 'lot-march', '0.5'],
      ['chosen', 'lot-may', '0.5'],
      ['lot', 'lot-2023', '0.5'],
    ]);
    expect(computation.lotChoices?.issues).toEqual([
      expect.objectContaining({
        saleId: 'identified-sale',
        kind: 'lots_short',
        shortfalls: [{ acquisitionId: 'lot-march', named: new Dec(1), available: new Dec('0.5') }],
      }),
    ]);
    const report = buildTaxReport(computation, reportOptions);
    expect(report.lot_choices.not_followed).toEqual([
      { transaction_id: 'identified-sale', sold_on: '2024-06-20', reason: 'lots_short' },
    ]);
  });

  it('explains each shortfall: used by an earlier disposal, acquired later, another coin, unknown', () => {
    const sale = transactions.find((t) => t.id === 'identified-sale') as TaxTransaction;
    const named = [
      { acquisitionId: 'lot-march' },
      { acquisitionId: 'unidentified-sale' },
      { acquisitionId: 'nowhere' },
    ];
    const problems = lotChoiceProblems([...transactions, earlier], new Map(), sale, named, [
      { acquisitionId: 'lot-march', named: new Dec(1), available: new Dec('0.5') },
      { acquisitionId: 'unidentified-sale', named: new Dec(1), available: new Dec(0) },
      { acquisitionId: 'nowhere', named: new Dec(1), available: new Dec(0) },
    ]);
    expect(problems.map((p) => [p.index, p.field, p.reason, p.available.toFixed()])).toEqual([
      [0, 'quantity', 'used', '0.5'],
      [1, 'acquisition_id', 'not_acquisition', '0'],
      [2, 'acquisition_id', 'unknown', '0'],
    ]);
    const later = {
      ...earlier,
      id: 'later-buy',
      type: 'buy' as const,
      executed_at: '2024-12-01T00:00:00.000Z',
    };
    const eth = { ...later, id: 'eth-buy', coin_id: 'ethereum', executed_at: '2024-01-01T00:00:00.000Z' };
    const reasons = lotChoiceProblems(
      [...transactions, later, eth],
      new Map(),
      sale,
      [{ acquisitionId: 'later-buy' }, { acquisitionId: 'eth-buy' }],
      [
        { acquisitionId: 'later-buy', named: new Dec(1), available: new Dec(0) },
        { acquisitionId: 'eth-buy', named: new Dec(1), available: new Dec(0) },
      ],
    ).map((p) => p.reason);
    expect(reasons).toEqual(['after_sale', 'other_coin']);
  });
});
