import type { InsightCard } from '@app/contracts';
import { dayMs } from '../market/daily-candles.ts';
import { card, pct, readerDay, stat, table } from './card.ts';
import type { InsightsInput } from './input.ts';
import { btcId, type RiskFigures } from './risk.ts';

const pctOf = (x: number | null) => (x === null ? 'n/a' : pct(x * 100, 1));

/** Kind 5. 30/90-day volatility, maximum drawdown, beta and correlation to bitcoin. */
export function volatilityInsight(input: InsightsInput, risk: RiskFigures | null): InsightCard | null {
  if (!risk) return null;
  const { vol30, vol90, drawdown, beta, correlation } = risk;
  if (vol30 === null && vol90 === null) {
    return card({
      kind: 'volatility',
      severity: 'notice',
      title: 'Volatility and drawdown',
      headline: 'Not enough daily closes for the coins you hold to measure volatility yet.',
      figures: {},
      formula: 'Needs at least two daily closes per coin in the last 90 days.',
      numbers: [],
    });
  }
  const ddPct = drawdown.drawdown * 100;
  const betaText =
    beta === null
      ? 'beta to BTC n/a'
      : `beta ${stat(beta)} to BTC (correlation ${correlation === null ? 'n/a' : stat(correlation)})`;
  return card({
    kind: 'volatility',
    severity: ddPct <= -30 || (vol30 ?? 0) >= 1 ? 'warning' : ddPct <= -15 ? 'notice' : 'info',
    title: 'Volatility and drawdown',
    headline: `Volatility ${pctOf(vol30)} (30 d) and ${pctOf(vol90)} (90 d) a year; max drawdown ${pct(ddPct, 1)} in 90 days; ${betaText}.`,
    figures: {
      volatility_30d_pct: vol30 === null ? 'n/a' : stat(vol30 * 100, 1),
      volatility_90d_pct: vol90 === null ? 'n/a' : stat(vol90 * 100, 1),
      max_drawdown_pct: stat(ddPct, 1),
      beta_btc: beta === null ? 'n/a' : stat(beta),
      correlation_btc: correlation === null ? 'n/a' : stat(correlation),
    },
    formula:
      'Your current holdings priced at each day’s close over the last 90 days (so deposits and withdrawals are not gains or losses). ' +
      'Daily return = change in value of the coins priced on both days ÷ their value the day before. ' +
      'Volatility = standard deviation of daily returns × √365. Max drawdown = deepest fall of the chained returns from a running peak. ' +
      'Beta = covariance with bitcoin’s daily returns ÷ variance of bitcoin’s; correlation = covariance ÷ both standard deviations.',
    numbers: [
      ['Window ends', readerDay(new Date(risk.endDay * dayMs), input)],
      ['Daily returns (30 d / 90 d)', `${risk.returns30} / ${risk.returns90}`],
      ['Days paired with bitcoin', String(risk.pairedWithBtc)],
      [
        'Drawdown peak',
        drawdown.peakDay === null ? '—' : readerDay(new Date(drawdown.peakDay * dayMs), input),
      ],
      [
        'Drawdown trough',
        drawdown.troughDay === null ? '—' : readerDay(new Date(drawdown.troughDay * dayMs), input),
      ],
    ],
    tables: [
      table(
        'Candles used, per coin',
        ['Coin', 'Daily returns paired with BTC', 'Beta', 'Correlation'],
        input.positions.map((p) => {
          const b = risk.coinBetas.get(p.coinId);
          return [
            p.symbol.toUpperCase(),
            String(b?.returns ?? 0),
            b?.beta == null ? 'n/a' : stat(b.beta),
            b?.correlation == null ? 'n/a' : stat(b.correlation),
          ];
        }),
      ),
    ],
    actions: [{ label: 'Open BTC', href: `/cryptocurrencies/${btcId}` }],
  });
}
