import { harvestCatches } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { computeTax } from '../tax/compute.ts';
import { isoToDay } from '../tax/dates.ts';
import { taxDecisions } from '../tax/decisions.ts';
import type { TaxTransaction } from '../tax/types.ts';
import { decisionParts, waitLine } from './tax-decisions-card.ts';

const buy = (id: string, price: string, at: string): TaxTransaction => ({
  id,
  portfolio_id: 'p',
  coin_id: 'bitcoin',
  type: 'buy',
  quantity: '1',
  price_per_coin: price,
  fee: '0',
  executed_at: at,
});

/** Germany at 42 %: lot A (30,000) is tax-free from 2 December, lot B (40,000) from 16 December. */
function germany(price: string) {
  const computation = computeTax({
    transactions: [
      buy('a', '30000', '2025-12-01T10:00:00.000Z'),
      buy('b', '40000', '2025-12-15T10:00:00.000Z'),
    ],
    rule: 'de',
    method: 'fifo',
  });
  return taxDecisions(computation, {
    portfolioId: null,
    currency: 'eur',
    prices: new Map([['bitcoin', price]]),
    today: isoToDay('2026-11-25'),
    ratesOf: () => ({ shortRate: '42', longRate: '0', yearlyAllowance: null }),
  });
}

describe("the tax timing card's decisions", () => {
  it('Germany: wait 7 days to save €2,100 on lot A; the Freigrenze and the catch are named', () => {
    // Lot A alone at 35,000: 5,000 taxable × 42 % = 2,100 now, tax-free on 2 December.
    const parts = decisionParts(germany('35000'), new Map([['bitcoin', 'BTC']]));
    expect(parts.headline).toEqual([
      'wait 7 days: saves €2,100.00 at your rate',
      '€0.00 of net gains against the €1,000.00 exemption limit (tax-free only below it) this tax year',
    ]);
    expect(parts.figures).toMatchObject({ best_wait_days: '7', best_wait_saving: '2100', tax_year: '2026' });
    expect(parts.numbers).toContainEqual(['Exemption limit (Freigrenze)', '€1,000.00']);
    expect(parts.numbers).toContainEqual(['Harvesting: the catch', harvestCatches.de.text]);
    expect(parts.tables[0]?.rows).toEqual([
      ['BTC', '2025-12-01', '1', '2026-12-02', '7 days', '€2,100.00', '€0.00', '+€2,100.00'],
      ['BTC', '2025-12-15', '2', '2026-12-16', '21 days', '€0.00', '€0.00', '€0.00'],
    ]);
  });

  it('says waiting saves nothing when no lot is at a gain', () => {
    // At 20,000 both lots are at a loss: no tax now or later, nothing saved by waiting.
    const d = germany('20000');
    expect(waitLine(d)).toBeNull();
    expect(decisionParts(d, new Map()).headline[0]).toBe('waiting for them saves nothing at your rates');
  });
});
