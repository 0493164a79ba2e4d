import type { CoinMarket } from '@app/contracts';
import { filterCoins, sortCoins } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SourceBadge } from '@/components/ui/source-badge';
import { Spinner } from '@/components/ui/spinner';
import { coinDetailsQuery, marketStatusQuery, useRefreshMarket, userCoinsQuery } from '@/lib/market';
import { useRemovePaintedFrame } from '@/lib/painted-page-frame';
import { useBaseCurrency, useFavorites, useMoneyFormatter } from '@/lib/settings';
import { AddToWatchlistDialog } from './add-to-watchlist-button';
import type { WatchlistCoin } from './components/add-to-watchlist-dialog';
import { CoinSearch } from './components/coin-search';
import { GlobalStats } from './components/global-stats';
import { MarketFilterBar } from './components/market-filter-bar';
import { MarketPagesNav } from './components/market-pages-nav';
import { MarketTable } from './components/market-table';
import { TerminalHeader, terminalFrameClass } from './components/terminal-header';
import { loadingCoin, selectedCoin, sidebar, sidebarPlaceholder } from './components/terminal-lazy-parts';
import { useTerminalUiState } from './terminal-ui-state';
import { useMarketListing } from './use-market-listing';

export interface TerminalPageProps {
  /** Composed by the app layer (e.g. "Create alert" for the selected coin). */
  actions?: ReactNode;
  /** Extra panels under the chart (e.g. indicators), composed by the app layer. */
  extraSections?: ReactNode;
}

/** Terminal: market table, global figures, breadth, trending, top performers, search, chart. */
export function TerminalPage({ actions, extraSections }: TerminalPageProps = {}) {
  const [params, setParams] = useSearchParams();
  // An empty ?coin= names no coin: treat it as no selection rather than asking for id "".
  const selectedId = params.get('coin') || null;
  const vs = useBaseCurrency();
  const money = useMoneyFormatter();
  const { favorites, toggle } = useFavorites();
  const { refresh, refreshing } = useRefreshMarket();
  const [ui, setUi] = useTerminalUiState();
  const { order, category, excludeStablecoins, favoritesOnly } = ui;
  const [page, setPage] = useState(1);
  // The market row whose "Add to watchlist" dialog is open.
  const [watchlistCoin, setWatchlistCoin] = useState<WatchlistCoin | null>(null);
  useEffect(() => sidebar.preload(), []);
  useEffect(() => {
    if (selectedId !== null) selectedCoin.preload();
  }, [selectedId]);

  const listParams = { vs, order, category, excludeStablecoins };
  const { list, listing, updating, perPage } = useMarketListing(listParams, page);
  // Until the list brings its own source, the server's market status (asked at start) says where
  // the figures come from, so the badge is in the page's first paint: live, it was the LCP
  // element, and waited for the list.
  const status = useQuery(marketStatusQuery());
  const coins = listing?.results ?? [];
  const quotes = useMemo(() => new Map(coins.map((c) => [c.id, c])), [coins]);
  // Favourites can sit outside the loaded page, so that view lists the user's own coins in full.
  const userCoins = useQuery({ ...userCoinsQuery(vs), enabled: favoritesOnly });
  const shown = useMemo(() => {
    if (!favoritesOnly) return coins;
    const merged = new Map<string, CoinMarket>();
    for (const c of userCoins.data?.results ?? []) if (favorites.has(c.id)) merged.set(c.id, c);
    // The page's copies carry sparklines; user-coins quotes do not.
    for (const c of coins) if (favorites.has(c.id)) merged.set(c.id, c);
    return sortCoins(filterCoins([...merged.values()], { category, excludeStablecoins }), order);
  }, [favoritesOnly, coins, userCoins.data, favorites, category, excludeStablecoins, order]);
  const listed = selectedId ? quotes.get(selectedId) : undefined;
  const details = useQuery({
    ...coinDetailsQuery(selectedId ?? '', vs),
    enabled: selectedId !== null && listed === undefined && !list.isPending,
  });
  const selected: CoinMarket | null = listed ?? details.data ?? null;
  const pages = listing ? Math.max(1, Math.ceil(listing.count / perPage)) : 1;

  const select = useCallback(
    (id: string) => {
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('coin', id);
        return next;
      });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [setParams],
  );

  const badgeSource = listing?.source ?? status.data;
  // The server may have painted the title line with the badge (prerender): it stays until the
  // page's own badge is drawn, or its market status failed.
  useRemovePaintedFrame(badgeSource !== undefined || status.isError);

  const filtersChanged = (fn: () => void) => {
    fn();
    setPage(1);
  };

  return (
    <div className={terminalFrameClass}>
      <TerminalHeader badge={<SourceBadge source={badgeSource} />}>
        <CoinSearch vs={vs} money={money} onSelect={select} />
        <Button onClick={refresh} disabled={refreshing} variant="secondary">
          Refresh
        </Button>
        {actions}
      </TerminalHeader>

      <div className="mb-4">
        <GlobalStats vs={vs} money={money} />
      </div>

      <div className="grid gap-4 2xl:grid-cols-[minmax(0,1fr)_340px]">
        <div className="min-w-0 space-y-4">
          {selectedId !== null &&
            (selected ? (
              <Suspense fallback={loadingCoin}>
                <selectedCoin.Component
                  coin={selected}
                  vs={vs}
                  money={money}
                  favorite={favorites.has(selected.id)}
                  onToggleFavorite={() => toggle(selected.id)}
                />
              </Suspense>
            ) : details.isError ? (
              <EmptyState title="Coin not found">No coin with the id “{selectedId}” is known.</EmptyState>
            ) : (
              loadingCoin
            ))}
          {extraSections}

          <section aria-label="Market" className="rounded-xl border border-line bg-surface">
            <MarketFilterBar
              category={category}
              excludeStablecoins={excludeStablecoins}
              favoritesOnly={favoritesOnly}
              count={listing?.count}
              updating={updating}
              onCategory={(value) => filtersChanged(() => setUi({ category: value }))}
              onExcludeStablecoins={(value) => filtersChanged(() => setUi({ excludeStablecoins: value }))}
              onFavoritesOnly={(value) => setUi({ favoritesOnly: value })}
            />
            {listing === undefined && list.isPending ? (
              // The table's own height (its scroller stops at 640 px), so the panels below stay put.
              <Spinner label="Loading market…" className="h-[640px] items-start p-6" />
            ) : list.isError && listing === undefined ? (
              <p className="p-6 text-sm text-muted">The market could not be loaded. Try Refresh.</p>
            ) : shown.length === 0 ? (
              <p className="p-6 text-sm text-muted">
                {favoritesOnly
                  ? 'No favourites here yet: star a coin to add it.'
                  : 'No coins match these filters.'}
              </p>
            ) : (
              <MarketTable
                // A new page, order or filter starts at the top of the table, not mid-scroll.
                key={`${page}|${order}|${category}|${excludeStablecoins}|${favoritesOnly}`}
                coins={shown}
                order={order}
                onOrder={(o) => filtersChanged(() => setUi({ order: o }))}
                selectedId={selectedId}
                onSelect={select}
                favorites={favorites}
                onToggleFavorite={toggle}
                onAddToWatchlist={(coin) => setWatchlistCoin({ id: coin.id, name: coin.name })}
                money={money}
                sparklinesLoading={list.data === undefined}
              />
            )}
            {pages > 1 && !favoritesOnly && <MarketPagesNav page={page} pages={pages} onPage={setPage} />}
          </section>
        </div>

        <Suspense fallback={sidebarPlaceholder}>
          <sidebar.Component
            vs={vs}
            money={money}
            quotes={quotes}
            selected={selected}
            onSelect={select}
            activeWatchlistId={ui.watchlistId}
            onActiveWatchlistChange={(watchlistId) => setUi({ watchlistId })}
          />
        </Suspense>
      </div>
      {watchlistCoin && (
        <Suspense fallback={null}>
          <AddToWatchlistDialog coin={watchlistCoin} onClose={() => setWatchlistCoin(null)} />
        </Suspense>
      )}
    </div>
  );
}
