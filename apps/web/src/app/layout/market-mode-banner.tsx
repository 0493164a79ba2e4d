import { useQuery } from '@tanstack/react-query';
import { asOfText, localTime, marketStatusQuery, providerName } from '@/lib/market';

/** Marks the demo banner the server painted into index.html (see `notePaintedDemoBanner`). */
export const paintedDemoBannerAttribute = 'data-painted-demo-banner';

// Set once by main.tsx before the first render; the element goes when the app draws its own.
let paintedBanner: Element | null = null;
let demoBannerPainted = false;

/**
 * For a signed-in page in demo mode the server sends index.html with the demo banner painted,
 * so the first paint says the prices are simulated. It lies over the top of the page
 * outside #root, so React's first render does not replace it before the browser has counted
 * that paint; #root holds an invisible copy that keeps its room. The app keeps both through the
 * loading screen, then its layout draws the banner in that same room as the painted one goes:
 * nothing on the page moves.
 */
export function notePaintedDemoBanner(page: ParentNode): void {
  paintedBanner = page.querySelector(`[${paintedDemoBannerAttribute}]`);
  demoBannerPainted = paintedBanner !== null;
}

/** The app draws its own banner (or a page without one) from now on: the server's one goes. */
export function removePaintedDemoBanner(): void {
  paintedBanner?.remove();
  paintedBanner = null;
}

/**
 * What the app draws of the server's painted demo banner, when the server painted one:
 * - `banner`: the banner itself, where the market status has not answered yet;
 * - `picture`: a copy for the loading floor, which lies over the page for its first 500 ms,
 *   hidden from assistive technology, which already has the banner underneath;
 * - `room`: an invisible copy holding the place the painted banner lies over, so what follows
 *   sits below it.
 */
export function PaintedDemoBanner({ as = 'banner' }: { as?: 'banner' | 'picture' | 'room' }) {
  if (!demoBannerPainted) return null;
  return as === 'banner' ? <DemoBanner /> : <DemoBannerCopy invisible={as === 'room'} />;
}

/** A copy of the demo banner hidden from assistive technology; `invisible` keeps only its room. */
export function DemoBannerCopy({ invisible = false }: { invisible?: boolean }) {
  return (
    <div aria-hidden="true" className={invisible ? 'invisible' : undefined}>
      <DemoBanner />
    </div>
  );
}

export function DemoBanner() {
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

/**
 * On every signed-in page, say plainly when prices are simulated (demo mode: the
 * server has never reached a real provider, or MARKET_DATA=snapshot), and when live figures are
 * an old copy kept through a provider outage. Live and fresh shows nothing.
 */
export function MarketModeBanner() {
  const { data, isPending } = useQuery(marketStatusQuery());
  // Until the status answers, the server's word from the page load stands.
  if (!data) return isPending ? <PaintedDemoBanner /> : null;
  if (data.mode === 'demo') return <DemoBanner />;
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
