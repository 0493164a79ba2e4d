import { type InsightCard, type InsightKind, insightMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.ts';
import { buildLotsView, computeTax, isoToDay } from '../tax/index.ts';
import { alertDistances } from './alerts.ts';
import { pct, signedPct } from './card.ts';
import { healthProblems } from './data-health.ts';
import { driftRows } from './drift.ts';
import { rungStatuses } from './exit-plan.ts';
import { buildInsights } from './feed.ts';
import { averageFeeRate, feeTotals } from './fees.ts';
import { fixtureNow, threeCoinPortfolio } from './fixtures/three-coin-portfolio.ts';
import type { InsightProjection, InsightsInput } from './input.ts';
import { lotPnls } from './lot-pnl.ts';
import { riskFigures } from './risk.ts';
import { stressScenarios } from './stress.ts';

function cardOf(input: InsightsInput, kind: InsightKind): InsightCard {
  const found = buildInsights(input).find((c) => c.kind === kind);
  if (!found) throw new Error(`no ${kind} card`);
  return found;
}

const onlyBitcoin = () => {
  const base = threeCoinPortfolio();
  return threeCoinPortfolio({ positions: base.positions.filter((p) => p.coinId === 'bitcoin') });
};

describe('concentration: three coins at 60/30/10 with a 40 % limit', () => {
  it('reports largest 60 %, top-3 100 %, Herfindahl 0.46 and warns', () => {
    const c = cardOf(threeCoinPortfolio(), 'concentration');
    expect(c.figures).toMatchObject({
      largest_coin: 'BTC',
      largest_share_pct: '60',
      top3_share_pct: '100',
      herfindahl: '0.46', // 0.6² + 0.3² + 0.1²
      effective_positions: '2.17391304', // 1 ÷ 0.46
    });
    expect(c.severity).toBe('warning');
    expect(c.headline).toContain('above your 40% limit');
  });

  it('does not warn under a 70 % limit', () => {
    const c = cardOf(
      threeCoinPortfolio({ settings: { concentrationThreshold: '70', nearPercent: '10' } }),
      'concentration',
    );
    expect(c.severity).toBe('info');
  });
});

describe('allocation drift: targets BTC 50 / ETH 30 / USDC 20 at a 0.1 % fee', () => {
  const input = threeCoinPortfolio({
    targets: [
      { type: 'coin', key: 'bitcoin', percentage: '50' },
      { type: 'coin', key: 'ethereum', percentage: '30' },
      { type: 'coin', key: 'usd-coin', percentage: '20' },
    ],
  });

  it('restores the targets with the fees paid out of the portfolio', () => {
    const result = driftRows(input);
    // T' = 100,000 − 0.001 × (80,000 − 0.6 T')  ⇒  T' = 99,920 ÷ 0.9994 = 99,979.98799…
    expect(result?.feesTotal.toFixed(8)).toBe('20.01200720');
    const btc = result?.rows.find((r) => r.key === 'bitcoin');
    expect(btc?.driftPct.toFixed(2)).toBe('10.00');
    // 0.5 × 99,979.98799… − 60,000
    expect(btc?.trade.toFixed(4)).toBe('-10010.0060');
    const usdc = result?.rows.find((r) => r.key === 'usd-coin');
    expect(usdc?.trade.toFixed(4)).toBe('9995.9976');
    const after = result?.rows.reduce((s, r) => s.add(r.currentValue).add(r.trade), new Dec(0));
    expect(after?.add(result?.feesTotal ?? 0).toFixed(6)).toBe('100000.000000');
  });

  it('headlines the largest drift and the fee', () => {
    const c = cardOf(input, 'allocation_drift');
    expect(c.headline).toBe(
      'BTC is 60.00% against a 50.00% target (+10.00 pts); restoring all targets costs about $20.01 in fees.',
    );
    expect(c.severity).toBe('notice');
  });

  it('groups by category, with uncovered coins at a 0 % target', () => {
    const rows = driftRows(
      threeCoinPortfolio({
        targets: [
          { type: 'category', key: 'layer-1', percentage: '70' },
          { type: 'category', key: 'stablecoins', percentage: '30' },
        ],
      }),
    )?.rows;
    const l1 = rows?.find((r) => r.key === 'layer-1');
    expect(l1?.currentPct.toFixed(2)).toBe('90.00');
    expect(l1?.driftPct.toFixed(2)).toBe('20.00');
  });

  it('asks for targets when none are set', () => {
    expect(cardOf(threeCoinPortfolio(), 'allocation_drift').headline).toMatch(/^No targets set/);
  });
});

describe('lot P&L under FIFO and average cost', () => {
  it('ranks lots by unrealized P&L', () => {
    const rows = lotPnls(threeCoinPortfolio());
    expect(rows.map((r) => [r.coinId, r.acquiredAt?.slice(0, 10), r.pnl.toFixed()])).toEqual([
      ['bitcoin', '2021-01-01', '20000'], // 0.5 × 60,000 − 10,000
      ['bitcoin', '2024-03-01', '10000'],
      ['ethereum', '2022-05-01', '10000'],
      ['usd-coin', '2025-01-01', '0'],
      ['ethereum', '2024-04-01', '-3000'], // 5 × 3,000 − 18,000
    ]);
    const c = cardOf(threeCoinPortfolio(), 'lot_pnl');
    expect(c.figures).toMatchObject({
      winners: '3',
      losers: '1',
      unrealized_gains: '40000',
      unrealized_losses: '-3000',
    });
    expect(c.headline).toContain('BTC lot of Jan 1, 2021 +$20,000.00 (+200.0%)');
    expect(c.headline).toContain('ETH lot of Apr 1, 2024 -$3,000.00 (-16.7%)');
    expect(c.actions[0]?.href).toBe('/transactions?coin=ethereum');
  });

  it('shows positions at average cost when the method has no lots', () => {
    const rows = lotPnls(threeCoinPortfolio({ method: 'average' }));
    expect(rows.map((r) => [r.coinId, r.acquiredAt, r.pnl.toFixed(), r.pnlPct?.toFixed(2)])).toEqual([
      ['bitcoin', null, '30000', '100.00'],
      ['ethereum', null, '7000', '30.43'],
      ['usd-coin', null, '0', '0.00'],
    ]);
  });
});

describe('exit plan: BTC at 60,000, rungs at 50k / 65k / 100k, 1 % fee, 10 % tax', () => {
  const plan: InsightProjection = {
    id: '0b8f6f8e-1111-4c2a-9d55-000000000001',
    coinId: 'bitcoin',
    symbol: 'btc',
    tokensOwned: '1',
    investedCapital: '30000',
    sellTax: '10',
    currency: 'usd',
    priceNow: '60000',
    ath: 73000,
    realisedProceeds: '0',
    heldNow: '1',
    sells: [
      {
        order: 1,
        coinsSold: '0.25',
        pricePerCoin: '50000',
        feesPercentage: '1',
        priceImpactPercentage: '0',
        sellTax: '10',
      },
      {
        order: 2,
        coinsSold: '0.25',
        pricePerCoin: '65000',
        feesPercentage: '1',
        priceImpactPercentage: '0',
        sellTax: '10',
      },
      {
        order: 3,
        coinsSold: '0.5',
        pricePerCoin: '100000',
        feesPercentage: '1',
        priceImpactPercentage: '0',
        sellTax: '10',
      },
    ],
  };

  it('marks reached, near and ahead rungs with their ATH multiple', () => {
    const rungs = rungStatuses(plan, new Dec(10));
    expect(
      rungs.map((r) => [
        r.order,
        r.reached,
        r.near,
        r.net.toFixed(),
        r.distancePct?.toFixed(2),
        r.athMultiple?.toFixed(4),
      ]),
    ).toEqual([
      [1, true, false, '11125', '-16.67', '0.6849'], // 12,500 − 125 − 1,250
      [2, false, true, '14462.5', '8.33', '0.8904'],
      [3, false, false, '44500', '66.67', '1.3699'],
    ]);
  });

  it('compares coins held and cash realised with the plan', () => {
    const c = cardOf(threeCoinPortfolio({ projections: [plan] }), 'exit_plan');
    expect(c.figures).toMatchObject({
      rungs: '3',
      rungs_reached: '1',
      rungs_near: '1',
      planned_cash_out_total: '70087.5',
      planned_cash_out_reached: '11125',
      realised_cash_out: '0',
      held_now: '1',
      plan_left: '0.75',
    });
    expect(c.severity).toBe('warning');
    expect(c.actions[0]?.href).toBe(`/projections/${plan.id}`);
    expect(c.actions[1]).toMatchObject({
      label: 'Alert at $65,000.00',
      alert: { coin_id: 'bitcoin', price: '65000' },
    });
  });

  it('keeps one card per plan, named by its projection, with the first rungs; explain has them all', () => {
    const sells = Array.from({ length: 12 }, (_, i) => ({
      order: i + 1,
      coinsSold: '0.05',
      pricePerCoin: String(70000 + i * 1000),
      feesPercentage: '0',
      priceImpactPercentage: '0',
      sellTax: '0',
    }));
    const long = { ...plan, id: '0b8f6f8e-1111-4c2a-9d55-000000000002', sells };
    const input = threeCoinPortfolio({ projections: [plan, long] });
    const cards = buildInsights(input).filter((c) => c.kind === 'exit_plan');
    expect(cards.map((c) => c.subject)).toEqual([plan.id, long.id]);
    const rows = cards[1]?.why.tables[0];
    expect([rows?.rows.length, rows?.omitted]).toEqual([10, 2]);
    const all = buildInsights({ ...input, rowLimit: null }).find((c) => c.subject === long.id);
    expect([all?.why.tables[0]?.rows.length, all?.why.tables[0]?.omitted]).toEqual([12, 0]);
  });
});

describe('volatility and drawdown: BTC alternating +1 % / −1 %', () => {
  it('annualises the daily deviation and finds the drawdown', () => {
    const risk = riskFigures(onlyBitcoin());
    // 0.01 × √(90/89) × √365 and 0.01 × √(30/29) × √365
    expect(risk?.vol90?.toFixed(4)).toBe('0.1921');
    expect(risk?.vol30?.toFixed(4)).toBe('0.1943');
    // peak 1.01 after the first day, trough 0.9999^45 at the end: 0.9999^45 ÷ 1.01 − 1
    expect(risk?.drawdown.drawdown.toFixed(5)).toBe((0.9999 ** 45 / 1.01 - 1).toFixed(5));
    expect(risk?.beta?.toFixed(6)).toBe('1.000000');
    const c = cardOf(onlyBitcoin(), 'volatility');
    expect(c.figures).toMatchObject({
      volatility_30d_pct: '19.4',
      volatility_90d_pct: '19.2',
      max_drawdown_pct: '-1.4',
      beta_btc: '1.00',
      correlation_btc: '1.00',
    });
  });

  it('measures ETH at beta 2 and a flat stablecoin at beta 0', () => {
    const risk = riskFigures(threeCoinPortfolio());
    expect(risk?.coinBetas.get('ethereum')?.beta?.toFixed(4)).toBe('2.0000');
    expect(risk?.coinBetas.get('ethereum')?.correlation?.toFixed(4)).toBe('1.0000');
    expect(risk?.coinBetas.get('usd-coin')?.beta).toBe(0);
  });
});

describe('scenario stress via beta', () => {
  it('moves BTC 1×, ETH 2× (floored at −100 %) and USDC 0×', () => {
    const input = threeCoinPortfolio();
    const { results } = stressScenarios(input, riskFigures(input));
    expect(
      results.map((r) => [r.move, r.value.toFixed(), r.change.toFixed(), r.unrealized.toFixed()]),
    ).toEqual([
      [-50, '40000', '-60000', '-23000'], // 30,000 + 0 + 10,000; cost 63,000
      [-20, '76000', '-24000', '13000'], // 48,000 + 18,000 + 10,000
      [50, '160000', '60000', '97000'], // 90,000 + 60,000 + 10,000
    ]);
    const c = cardOf(input, 'stress');
    expect(c.estimate).toBe(true);
    expect(c.headline).toMatch(/^Estimate: /);
    // One percent style in the headline and its numbers: "50%", "-60.0%", "+50%".
    expect(c.headline).toBe(
      'Estimate: if BTC falls 50%, the portfolio would be worth about $40,000.00 (-$60,000.00, -60.0%); at +50% about $160,000.00.',
    );
    expect(c.why.numbers.map((n) => n.label).slice(1, 4)).toEqual(['BTC -50%', 'BTC -20%', 'BTC +50%']);
  });

  it('moves a coin without history with BTC and says so', () => {
    const base = threeCoinPortfolio();
    const closes = new Map(base.closes);
    closes.delete('ethereum');
    const input = threeCoinPortfolio({ closes });
    const { results, assumed } = stressScenarios(input, riskFigures(input));
    expect(assumed).toEqual(['ethereum']);
    expect(results[0]?.value.toFixed()).toBe('55000'); // 30,000 + 15,000 + 10,000
  });
});

describe('fee drag', () => {
  it('sums fees by coin and by year against capital', () => {
    const t = feeTotals(threeCoinPortfolio().fees);
    expect(t.fees.toFixed()).toBe('65');
    expect(t.capital.toFixed()).toBe('63000');
    expect(
      t.byYear
        .get('2024')
        ?.fees.div(t.byYear.get('2024')?.capital ?? 1)
        .mul(100)
        .toFixed(4),
    ).toBe('0.1263');
    expect(averageFeeRate(threeCoinPortfolio().fees).toFixed()).toBe('0.001'); // 63 ÷ 63,000
    const c = cardOf(threeCoinPortfolio(), 'fee_drag');
    expect(c.figures).toMatchObject({
      fees_total: '65',
      capital: '63000',
      fees_pct_of_capital: '0.1031746',
      top_coin: 'BTC',
    });
    expect(c.headline).toBe(
      'You paid $65.00 in fees, 0.10% of the $63,000.00 you put in; most on BTC ($40.00).',
    );
  });
});

describe('stablecoin share', () => {
  it('compares the share now with 30 days ago at that day’s closes', () => {
    const flat = (price: number) => ({
      timestamps: Array.from(
        { length: 60 },
        (_, i) => (Math.floor(fixtureNow.getTime() / 86_400_000) - 60 + i) * 86_400_000,
      ),
      closes: Array.from({ length: 60 }, () => price),
    });
    const input = threeCoinPortfolio({
      closes: new Map([
        ['bitcoin', flat(50000)],
        ['ethereum', flat(2000)],
        ['usd-coin', flat(1)],
      ]),
      heldThirtyDaysAgo: new Map([
        ['bitcoin', '1'],
        ['ethereum', '10'],
        ['usd-coin', '20000'],
      ]),
    });
    const c = cardOf(input, 'stablecoin_share');
    // then: 20,000 ÷ (50,000 + 20,000 + 20,000) = 22.22 %; now 10 %
    expect(c.figures).toMatchObject({
      stablecoin_share_pct: '10',
      share_30d_ago_pct: '22.22222222',
      change_pts: '-12.22222222',
    });
    expect(c.headline).toBe(
      'Stablecoins are 10.00% of the portfolio ($10,000.00), down 12.22 pts from 22.22% 30 days ago.',
    );
  });
});

describe('alerts near triggering and fired', () => {
  const input = threeCoinPortfolio({
    alerts: [
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        condition: 'Price >= 63,000',
        left: 60000,
        right: 63000,
        metric: 'price',
        op: '>=',
        active: true,
      },
      {
        coinId: 'ethereum',
        symbol: 'eth',
        condition: 'RSI(14) <= 30',
        left: 45,
        right: 30,
        metric: 'rsi',
        op: '<=',
        active: true,
      },
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        condition: 'Price <= 70,000',
        left: 60000,
        right: 70000,
        metric: 'price',
        op: '<=',
        active: true,
      },
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        condition: 'Price >= 61,000',
        left: 60000,
        right: 61000,
        metric: 'price',
        op: '>=',
        active: false,
      },
    ],
    firings: [
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        condition: 'Price >= 55,000',
        firedAt: '2026-05-29T08:00:00Z',
        priceAtFiring: 55000,
        priceNow: 60000,
      },
      {
        coinId: 'bitcoin',
        symbol: 'btc',
        condition: 'Price >= 50,000',
        firedAt: '2026-05-20T08:00:00Z',
        priceAtFiring: 50000,
        priceNow: 60000,
      },
    ],
  });

  it('measures the distance of active, unmet alerts only', () => {
    const d = alertDistances(input.alerts);
    expect(d.map((x) => [x.alert.condition, x.points, x.percent.toFixed(4)])).toEqual([
      ['Price >= 63,000', 3000, '4.7619'], // 3,000 ÷ 63,000
      ['RSI(14) <= 30', -15, '-50.0000'],
    ]);
  });

  it('headlines the near alert and the firing of the last 7 days', () => {
    const c = cardOf(input, 'alerts');
    expect(c.figures).toMatchObject({ near_alerts: '1', fired_last_7_days: '1' });
    expect(c.headline).toBe(
      '1 alert within 10%: BTC Price >= 63,000 is 4.8% away; 1 fired in the last 7 days (BTC +9.1% since).',
    );
  });

  it('writes its tables for people: money with its symbol, the firing time in the reader locale', () => {
    const c = cardOf({ ...input, baseCurrency: 'eur', locale: 'de-DE' }, 'alerts');
    const [active, fired] = c.why.tables;
    // The watched side now, in US dollars like the condition (alerts compare dollars); RSI plain.
    expect(active?.rows.map((r) => r[2])).toEqual(['$60,000.00', '45']);
    // Prices then and now in the base currency (the server converts them), the time in UTC.
    expect(fired?.rows[0]).toEqual([
      'BTC',
      'Price >= 55,000',
      '29. Mai 2026, 8:00 UTC',
      '€55,000.00',
      '€60,000.00',
      '+9.1%',
    ]);
  });
});

describe('data health and caveats', () => {
  it('is clean for live, complete data', () => {
    expect(healthProblems(threeCoinPortfolio())).toEqual([]);
    expect(cardOf(threeCoinPortfolio(), 'concentration').caveats).toEqual([]);
  });

  it('labels demo data on every market-based card and reports an unpriced coin and a history gap', () => {
    const base = threeCoinPortfolio();
    const input = threeCoinPortfolio({
      positions: [
        ...base.positions,
        {
          coinId: 'obscure-coin',
          symbol: 'obs',
          name: 'Obscure',
          quantity: '100',
          costBasis: '500',
          marketValue: null,
          price: null,
          ath: null,
          categories: [],
        },
      ],
      health: {
        unpriced: ['obscure-coin'],
        market: { source: 'snapshot', asOf: '2026-01-01T00:00:00Z', stale: false, demo: true },
        unsupportedCurrencies: [],
      },
    });
    const codes = healthProblems(input).map((p) => p.code);
    expect(codes).toEqual(['demo', 'unpriced', 'history_gap']);
    const cards = buildInsights(input);
    const concentration = cards.find((c) => c.kind === 'concentration');
    expect(concentration?.caveats[0]).toMatch(/demo data/);
    expect(concentration?.caveats[1]).toBe('No price for OBS: valued at cost.');
    expect(cards.find((c) => c.kind === 'fee_drag')?.caveats).toEqual([]);
    const health = cards.find((c) => c.kind === 'data_health');
    expect(health?.severity).toBe('warning');
    // For reading: no ISO instant, no internal kind ids.
    expect(health?.why.numbers).toContainEqual({ label: 'As of', value: 'Jan 1, 2026, 12:00 AM UTC' });
    expect(health?.why.numbers).toContainEqual({ label: 'Market source', value: 'demo snapshot' });
    expect(JSON.stringify(health?.why.tables)).not.toMatch(/allocation_drift|lot_pnl|stablecoin_share/);
  });
});

describe('percentages for reading', () => {
  it('groups thousands like the money beside them ("+10,148.30%", never "+10148.30%")', () => {
    expect(signedPct(10148.3)).toBe('+10,148.30%');
    expect(signedPct(new Dec('-1234567.891'), 1)).toBe('-1,234,567.9%');
    expect(pct(new Dec('999.995'))).toBe('1,000.00%');
    expect(pct(42.565)).toBe('42.56%');
  });
});

describe('tax timing and the feed', () => {
  it('says what is missing instead of inventing figures when there are no tax lots', () => {
    const c = cardOf(threeCoinPortfolio(), 'tax_timing');
    expect(c.available).toBe(false);
    expect(c.headline).toBe('Available when tax lots land.');
    expect(c.figures).toEqual({});
    expect(c.actions).toEqual([]);
  });

  it('links to the tax rule setting when no rule is chosen, so the card is no dead end', () => {
    const c = cardOf(
      threeCoinPortfolio({ taxLots: { unavailable: insightMessages.taxRuleMissing } }),
      'tax_timing',
    );
    expect(c.available).toBe(false);
    expect(c.headline).toBe(insightMessages.taxRuleMissing);
    expect(c.actions).toEqual([{ label: 'Choose a tax rule', href: '/settings#tax-rule' }]);
  });

  it('finds lots turning long-term within 30 days and harvestable losses (US rule)', () => {
    const tx = (id: string, coin: string, quantity: string, price: string, at: string) => ({
      id,
      portfolio_id: 'p1',
      coin_id: coin,
      type: 'buy' as const,
      quantity,
      price_per_coin: price,
      fee: '0',
      executed_at: at,
    });
    const computation = computeTax({
      rule: 'us',
      method: 'fifo',
      transactions: [
        tx('a', 'bitcoin', '0.5', '20000', '2025-06-20T12:00:00Z'),
        tx('b', 'bitcoin', '0.5', '40000', '2024-03-01T12:00:00Z'),
        tx('c', 'ethereum', '5', '3600', '2024-04-01T12:00:00Z'),
      ],
    });
    const taxLots = buildLotsView(computation, {
      portfolioId: null,
      prices: new Map([
        ['bitcoin', '60000'],
        ['ethereum', '3000'],
      ]),
      asOfDay: isoToDay('2026-06-01'),
      currency: 'usd',
    });
    const c = cardOf(threeCoinPortfolio({ taxLots }), 'tax_timing');
    // The June 2025 lot (0.5 BTC = $30,000 now) is long-term from 2026-06-21; ETH is $3,000 under cost.
    expect(c.figures).toMatchObject({
      qualifying_30d_value: '30000',
      qualifying_90d_value: '30000',
      harvestable_losses: '-3000',
      loss_lots: '1',
    });
    expect(c.headline).toBe(
      '$30,000.00 of lots turn long-term within 30 days ($30,000.00 within 90); 1 lot at a loss could harvest -$3,000.00.',
    );
    expect(c.why.tables[0]?.rows[0]?.[3]).toBe('2026-06-21');
  });

  it('returns no cards without transactions', () => {
    expect(buildInsights(threeCoinPortfolio({ transactionCount: 0, positions: [] }))).toEqual([]);
  });

  it('ranks by severity and is deterministic', () => {
    const cards = buildInsights(threeCoinPortfolio());
    const ranks = cards.map((c) => ['critical', 'warning', 'notice', 'info'].indexOf(c.severity));
    expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
    expect(cards[0]?.kind).toBe('concentration');
    expect(JSON.stringify(buildInsights(threeCoinPortfolio()))).toBe(JSON.stringify(cards));
  });
});
