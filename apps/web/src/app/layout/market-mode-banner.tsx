import { useQuery } from '@tanstack/react-query';
import { asOfText, localTime, marketStatusQuery, providerName } from '@/lib/market';

/**
 * Issue 10: on every signed-in page, say plainly when prices are simulated (demo mode: the
 * server has never reached a real provider, or MARKET_DATA=snapshot), and when live figures are
 * an old copy kept through a provider outage. Live and fresh shows nothing.
 */
export function MarketModeBanner() {
  const { data } = useQuery(marketStatusQuery());
  if (!data) return null;
  if (data.mode === 'demo') {
    return (
      <section
        aria-label="Demo data"
        className="border-b border-warning/60 bg-warning/15 px-4 py-2 text-center text-sm text-fg"
      >
        <strong className="font-semibold text-warning">Demo data — simulated prices, not real.</strong>{' '}
        <span className="text-muted">
          This server has not reached a market data provider, so prices come from a bundled snapshot.
        </span>
      </section>
    );
  }
  if (!data.stale) return null;
  return (
    <section
      aria-label="Stale market data"
      className="border-b border-warning/60 bg-warning/10 px-4 py-1.5 text-center text-sm text-fg"
    >
      <strong className="font-semibold text-warning">Stale prices</strong>{' '}
      <span title={localTime(data.as_of)}>
        — {providerName(data.source)} is not answering; figures are {asOfText(data.as_of)}.
      </span>
    </section>
  );
}
