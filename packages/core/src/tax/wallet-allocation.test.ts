import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { computeTax } from './compute.ts';
import { isoToDay } from './dates.ts';
import { ledgerArbitrary } from './fixtures/random-ledgers.ts';
import fixture from './fixtures/us-rev-proc-2024-28-global-allocation.json' with { type: 'json' };
import { buildTaxReport } from './report.ts';
import type { TaxComputation, TaxInput, TaxTransaction } from './types.ts';
import {
  type AllocationLine,
  allocationProblems,
  piecesByAcquisition,
  proposeCoinAllocation,
  type YearEndLot,
  yearEndByCoin,
} from './wallet-allocation.ts';

const ledger = fixture.transactions as TaxTransaction[];
const usFifo = { rule: 'us', method: 'fifo' } as const;
const links = new Map([['b-out-2023', 'a-in-2023']]);

const row = (
  id: string,
  portfolio: string,
  type: TaxTransaction['type'],
  quantity: string,
  price: string,
  at: string,
): TaxTransaction => ({
  id,
  portfolio_id: portfolio,
  coin_id: 'bitcoin',
  type,
  quantity,
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});

const run = (transactions: TaxTransaction[], extra: Partial<TaxInput> = {}) =>
  computeTax({ ...usFifo, transactions, links, ...extra });

const linesOf = (c: TaxComputation) =>
  (c.walletAllocation?.coins ?? []).flatMap((coin) =>
    piecesByAcquisition(coin.pieces).map((p) => ({
      portfolio_id: p.portfolioId,
      acquisition_id: p.acquisitionId,
      quantity: p.quantity.toFixed(),
      cost: p.cost?.toFixed() ?? null,
    })),
  );

describe('the 2024 allocation (Rev. Proc. 2024-28 safe harbour)', () => {
  it('names its source', () => {
    expect(fixture.source).toContain('IRS Rev. Proc. 2024-28, section 5.02 (global allocation)');
  });

  it('proposes what each wallet held on 31 December 2024, from the lots that sat there', () => {
    const c = run(ledger, { perPortfolio: { confirmed: [], apply: true } });
    const coin = c.walletAllocation?.coins[0];
    expect(Object.fromEntries([...(coin?.held ?? [])].map(([p, q]) => [p, q.toFixed()]))).toEqual(
      fixture.expected.held,
    );
    expect(linesOf(c)).toEqual(fixture.expected.allocation);
    expect(c.walletAllocation?.status).toBe('proposed');
  });

  it('fills a wallet from the other lots oldest first when its own lots do not cover what it held', () => {
    // Universal tracking: the lots stay where they were bought, the 2 units moved are not traced.
    const lot = (id: string, portfolioId: string, q: string, cost: string, year: number): YearEndLot => ({
      portfolioId,
      coinId: 'bitcoin',
      acquisitionId: id,
      acquiredDay: isoToDay(`${year}-03-01`),
      at: Date.UTC(year, 2, 1),
      seq: year,
      quantity: new Dec(q),
      cost: new Dec(cost),
    });
    const lots = [
      lot('a-buy-2021', 'wallet-a', '8', '800', 2021),
      lot('b-buy-2022', 'wallet-b', '7', '1400', 2022),
    ];
    const held = new Map([
      ['wallet-a', new Dec(10)],
      ['wallet-b', new Dec(5)],
    ]);
    const pieces = piecesByAcquisition(proposeCoinAllocation(lots, held, 'fifo'));
    expect(
      pieces.map((p) => [p.portfolioId, p.acquisitionId, p.quantity.toFixed(), p.cost?.toFixed()]),
    ).toEqual([
      ['wallet-a', 'a-buy-2021', '8', '800'],
      ['wallet-b', 'b-buy-2022', '5', '1000'],
      ['wallet-a', 'b-buy-2022', '2', '400'],
    ]);
  });

  it('refuses an allocation that does not add up to what each wallet held, or overdraws a lot', () => {
    const c = run(ledger, { perPortfolio: { confirmed: [], apply: true } });
    const coins = yearEndByCoin(c.walletAllocation?.coins.flatMap((x) => x.lots) ?? []);
    const portfolios = new Set(['wallet-a', 'wallet-b']);
    const short: AllocationLine[] = [
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '8' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-b', quantity: '5' },
    ];
    expect(allocationProblems(coins, short, portfolios)).toEqual([
      {
        kind: 'portfolio_total',
        coinId: 'bitcoin',
        portfolioId: 'wallet-a',
        placed: new Dec(8),
        held: new Dec(10),
      },
    ]);
    const over: AllocationLine[] = [
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '9' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-a', quantity: '1' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-b', quantity: '5' },
    ];
    expect(allocationProblems(coins, over, portfolios).map((p) => p.kind)).toEqual(['over_lot']);
    const strangers: AllocationLine[] = [
      { acquisitionId: 'nope', portfolioId: 'wallet-a', quantity: '1' },
      { acquisitionId: 'a-buy-2021', portfolioId: 'elsewhere', quantity: '1' },
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '8' },
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '8' },
    ];
    expect(allocationProblems(coins, strangers, portfolios).map((p) => p.kind)).toEqual([
      'unknown_acquisition',
      'unknown_portfolio',
      'duplicate',
      'portfolio_total',
      'portfolio_total',
    ]);
  });

  it('a 2025 sale from wallet B draws only on the lots placed in B', () => {
    const sale = row('b-sell-2025', 'wallet-b', 'sell', '3', '300', '2025-04-01T12:00:00.000Z');
    // Confirmed differently from the proposal: B got 3 of the 2021 lot and 2 of the 2022 lot.
    const confirmed: AllocationLine[] = [
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '5' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-a', quantity: '5' },
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-b', quantity: '3' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-b', quantity: '2' },
    ];
    const proposed = run([...ledger, sale], { perPortfolio: { confirmed: [], apply: true } });
    const d1 = proposed.disposals.find((d) => d.transactionId === 'b-sell-2025');
    expect(d1?.lines.map((l) => [l.acquisitionId, l.quantity.toFixed(), l.cost?.toFixed()])).toEqual([
      ['b-buy-2022', '3', '600'],
    ]);
    const c = run([...ledger, sale], { perPortfolio: { confirmed, apply: true } });
    expect(c.walletAllocation?.status).toBe('confirmed');
    const d2 = c.disposals.find((d) => d.transactionId === 'b-sell-2025');
    expect(
      d2?.lines.map((l) => [l.acquisitionId, l.quantity.toFixed(), l.cost?.toFixed(), l.category]),
    ).toEqual([['a-buy-2021', '3', '300', 'long']]);
    // The report says whether its figures start from a confirmed allocation.
    const options = { portfolioId: null, currency: 'usd', shortRate: '0', longRate: '0' };
    expect(buildTaxReport(c, { ...options, year: 2025 }).per_portfolio_lots?.estimated).toBe(false);
    const estimated = buildTaxReport(proposed, { ...options, year: 2025 }).per_portfolio_lots;
    expect(estimated).toMatchObject({ allocation: 'proposed', estimated: true });
    expect(estimated?.note).toContain('Estimated: allocation not confirmed');
    expect(
      buildTaxReport(run([...ledger, sale]), { ...options, year: 2025 }).per_portfolio_lots,
    ).toBeUndefined();
    // A stored allocation the ledger no longer fits (the 2021 buy grew) falls back to the proposal.
    const changed = [{ ...(ledger[0] as TaxTransaction), quantity: '9' }, ...ledger.slice(1), sale];
    expect(run(changed, { perPortfolio: { confirmed, apply: true } }).walletAllocation?.status).toBe(
      'outdated',
    );
  });

  it('an own transfer in 2025 carries lots with their date and cost from A to B', () => {
    const out = row('a-out-2025', 'wallet-a', 'transfer_out', '4', '0', '2025-03-01T12:00:00.000Z');
    const arrive = row('b-in-2025', 'wallet-b', 'transfer_in', '4', '0', '2025-03-01T12:10:00.000Z');
    const sale = row('b-sell-2025', 'wallet-b', 'sell', '6', '300', '2025-06-01T12:00:00.000Z');
    const c = computeTax({
      ...usFifo,
      transactions: [...ledger, out, arrive, sale],
      links: new Map([...links, ['a-out-2025', 'b-in-2025']]),
      perPortfolio: { confirmed: [], apply: true },
    });
    const d = c.disposals.find((x) => x.transactionId === 'b-sell-2025');
    expect(d?.lines.map((l) => [l.acquisitionId, l.quantity.toFixed(), l.cost?.toFixed()])).toEqual([
      ['a-buy-2021', '4', '400'],
      ['b-buy-2022', '2', '400'],
    ]);
  });

  it('changes nothing before 2025 or when the setting is off', () => {
    const sale = row('a-sell-2024', 'wallet-a', 'sell', '1', '300', '2024-04-01T12:00:00.000Z');
    const confirmed: AllocationLine[] = [
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-b', quantity: '5' },
      { acquisitionId: 'b-buy-2022', portfolioId: 'wallet-a', quantity: '7' },
      { acquisitionId: 'a-buy-2021', portfolioId: 'wallet-a', quantity: '2' },
    ];
    const on = run([...ledger, sale], { perPortfolio: { confirmed, apply: true } });
    const off = run([...ledger, sale], { perPortfolio: { confirmed, apply: false } });
    expect(on.disposals).toEqual(run([...ledger, sale]).disposals);
    expect(on.walletAllocation?.status).toBe('confirmed');
    expect(off.holdings).toEqual(run([...ledger, sale]).holdings);
    expect(off.walletAllocation?.applied).toBe(false);
  });
});

const total = (values: readonly (Dec | null)[]) => values.reduce<Dec>((s, v) => s.add(v ?? 0), new Dec(0));
const heldBy = (c: TaxComputation) => {
  const m = new Map<string, string>();
  for (const h of c.holdings) {
    const k = `${h.portfolioId}|${h.coinId}`;
    m.set(k, new Dec(m.get(k) ?? 0).add(h.quantity).toFixed());
  }
  return m;
};

describe('per-portfolio lots on random ledgers', () => {
  it('with the proposal, the figures are those of the lots as the books held them', () => {
    fc.assert(
      fc.property(ledgerArbitrary({ ownTransfers: true, maxRows: 40 }), ({ transactions, links: l }) => {
        const plain = computeTax({ ...usFifo, transactions, links: l });
        const per = computeTax({
          ...usFifo,
          transactions,
          links: l,
          perPortfolio: { confirmed: [], apply: true },
        });
        expect(per.disposals).toEqual(plain.disposals);
        expect(per.holdings.length).toBe(plain.holdings.length);
      }),
      { numRuns: 60 },
    );
  });

  it('any allocation that adds up keeps each portfolio’s units and, with no later sale, the total cost', () => {
    fc.assert(
      fc.property(
        ledgerArbitrary({ ownTransfers: true, maxRows: 30 }),
        fc.array(fc.nat(2), { minLength: 200, maxLength: 200 }),
        ({ transactions, links: l }, shuffle) => {
          const upTo2024 = transactions.filter((t) => Date.parse(t.executed_at) < Date.UTC(2025, 0, 1));
          const plain = computeTax({ ...usFifo, transactions: upTo2024, links: l });
          const probe = computeTax({
            ...usFifo,
            transactions: upTo2024,
            links: l,
            perPortfolio: { confirmed: [], apply: false },
          });
          // Another valid allocation: the same lots as if they sat in random portfolios, placed by HIFO.
          const confirmed: AllocationLine[] = [];
          for (const coin of probe.walletAllocation?.coins ?? []) {
            const portfolios = [...coin.held.keys()];
            const moved = coin.lots.map((lot, i) => ({
              ...lot,
              portfolioId:
                portfolios[(shuffle[i % shuffle.length] ?? 0) % portfolios.length] ?? lot.portfolioId,
            }));
            for (const p of piecesByAcquisition(proposeCoinAllocation(moved, coin.held, 'hifo')))
              confirmed.push({
                acquisitionId: p.acquisitionId,
                portfolioId: p.portfolioId,
                quantity: p.quantity.toFixed(),
              });
          }
          const per = computeTax({
            ...usFifo,
            transactions: upTo2024,
            links: l,
            perPortfolio: { confirmed, apply: true },
          });
          if (confirmed.length > 0) expect(per.walletAllocation?.status).toBe('confirmed');
          expect(heldBy(per)).toEqual(heldBy(plain));
          // Split costs carry 40 significant digits; added up in another order the last one may differ.
          const cost = (c: TaxComputation) =>
            total(c.holdings.map((h) => h.cost))
              .toDecimalPlaces(20)
              .toFixed();
          expect(cost(per)).toBe(cost(plain));
        },
      ),
      { numRuns: 60 },
    );
  });
});
