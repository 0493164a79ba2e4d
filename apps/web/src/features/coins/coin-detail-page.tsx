import type { CoinDetails } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { CoinHeadline } from '@/components/ui/coin-headline';
import { EmptyState } from '@/components/ui/empty-state';
import { Panel } from '@/components/ui/panel';
import { PriceChange } from '@/components/ui/price-change';
import { SourceBadge } from '@/components/ui/source-badge';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { CoinChart, coinDetailsQuery, formatCompact, formatDay } from '@/lib/market';
import { type MoneyFormatter, useBaseCurrency, useFavorites, useMoneyFormatter } from '@/lib/settings';

export interface CoinDetailPageProps {
  /** Composed by the app layer ("Create alert", "Add to watchlist"), given the loaded coin. */
  actions?: ReactNode | ((coin: CoinDetails) => ReactNode);
  /** Extra sections (e.g. RSI/MACD panels), composed by the app layer. */
  extraSections?: ReactNode;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-2 text-sm last:border-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </div>
  );
}

const safeLink = (href: string) => /^https?:\/\//i.test(href);

function Links({ coin }: { coin: CoinDetails }) {
  const links: Array<{ label: string; href: string }> = [];
  for (const h of coin.links.homepage.filter(safeLink).slice(0, 2)) links.push({ label: 'Website', href: h });
  for (const h of coin.links.blockchain_site.filter(safeLink).slice(0, 2))
    links.push({ label: 'Explorer', href: h });
  if (coin.links.twitter_screen_name) {
    links.push({
      label: `@${coin.links.twitter_screen_name}`,
      href: `https://x.com/${encodeURIComponent(coin.links.twitter_screen_name)}`,
    });
  }
  if (coin.links.subreddit_url && safeLink(coin.links.subreddit_url))
    links.push({ label: 'Reddit', href: coin.links.subreddit_url });
  for (const h of coin.links.repos.filter(safeLink).slice(0, 1))
    links.push({ label: 'Source code', href: h });
  if (links.length === 0) return <p className="text-sm text-muted">No links are known for this coin.</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {links.map((l) => (
        <li key={`${l.label}-${l.href}`}>
          <a
            href={l.href}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="inline-block rounded-lg border border-line px-3 py-1 text-sm hover:border-muted"
          >
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Stats({ coin, money }: { coin: CoinDetails; money: MoneyFormatter }) {
  const s = coin.social;
  const social: Array<[string, number | null]> = [
    ['X followers', s.twitter_followers],
    ['Reddit subscribers', s.reddit_subscribers],
    ['Telegram members', s.telegram_channel_user_count],
    ['GitHub stars', s.github_stars],
    ['GitHub forks', s.github_forks],
    ['Commits (4 weeks)', s.github_commit_count_4_weeks],
  ];
  const known = social.filter(([, v]) => v !== null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel title="Market">
        <dl>
          <Row label="Market cap">{money(coin.market_cap)}</Row>
          <Row label="Rank">{coin.market_cap_rank ?? '–'}</Row>
          <Row label="24h volume">{money(coin.total_volume)}</Row>
          <Row label="24h high / low">
            {money(coin.high_24h)} / {money(coin.low_24h)}
          </Row>
          <Row label="All-time high">
            {money(coin.ath)} <span className="text-xs text-muted">on {formatDay(coin.ath_date)}</span>
          </Row>
          <Row label="From all-time high">
            <PriceChange value={coin.ath_change_percentage} />
          </Row>
        </dl>
      </Panel>
      <Panel title="Supply">
        <dl>
          <Row label="Circulating">{formatCompact(coin.circulating_supply)}</Row>
          <Row label="Total">{formatCompact(coin.total_supply)}</Row>
          <Row label="Maximum">{coin.max_supply === null ? 'No cap' : formatCompact(coin.max_supply)}</Row>
        </dl>
      </Panel>
      <Panel title="Links">
        <Links coin={coin} />
      </Panel>
      <Panel title="Social">
        {known.length === 0 ? (
          <p className="text-sm text-muted">The data source has no social figures for this coin.</p>
        ) : (
          <dl>
            {known.map(([label, v]) => (
              <Row key={label} label={label}>
                {formatCompact(v)}
              </Row>
            ))}
          </dl>
        )}
      </Panel>
    </div>
  );
}

/** /cryptocurrencies/{id}: details, chart, changes, market cap, supply, ATH, links, social. */
export function CoinDetailPage({ actions, extraSections }: CoinDetailPageProps = {}) {
  const { id = '' } = useParams();
  const vs = useBaseCurrency();
  const money = useMoneyFormatter();
  const { favorites, toggle } = useFavorites();
  const { data: coin, error, isPending } = useQuery({ ...coinDetailsQuery(id, vs), enabled: id !== '' });

  if (isPending) return <Spinner label="Loading coin…" className="p-6" />;
  if (!coin) {
    const notFound = isApiError(error) && error.status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <EmptyState title={notFound ? 'Coin not found' : 'The coin could not be loaded'}>
          <Link to="/" className="text-accent underline">
            Back to the Terminal
          </Link>
        </EmptyState>
      </div>
    );
  }
  const favorite = favorites.has(coin.id);
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4 px-3 py-4 md:px-6 md:py-6">
      <nav aria-label="Breadcrumb" className="text-sm text-muted">
        <Link to={`/terminal?coin=${encodeURIComponent(coin.id)}`} className="hover:text-fg">
          ← Terminal
        </Link>
      </nav>
      {/* No right padding for the floating phone controls: the breadcrumb row already clears them. */}
      <header className="flex flex-wrap items-center gap-3">
        {/* One row for the logo and the name block, which wraps inside it on narrow screens. */}
        <div className="flex min-w-0 items-center gap-3">
          <CoinHeadline coin={coin} price={money(coin.current_price)} level="page" />
        </div>
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <Button
            variant="unstyled"
            aria-pressed={favorite}
            onClick={() => toggle(coin.id)}
            className="rounded-lg border border-line px-3 py-1.5 text-sm hover:border-muted"
          >
            {favorite ? '★ Favourite' : '☆ Add to favourites'}
          </Button>
          {typeof actions === 'function' ? actions(coin) : actions}
        </div>
      </header>
      <SourceBadge source={coin.source} />
      <section aria-label="Price chart" className="rounded-xl border border-line bg-surface p-4">
        <CoinChart coinId={coin.id} coinName={coin.name} vs={vs} />
      </section>
      {extraSections}
      <Stats coin={coin} money={money} />
      {coin.description !== '' && (
        <Panel title={`About ${coin.name}`}>
          {/* Plain text only: upstream descriptions may carry markup we do not render. */}
          <p className="whitespace-pre-line text-sm leading-relaxed text-muted">
            {coin.description.replace(/<[^>]*>/g, '').slice(0, 2000)}
          </p>
        </Panel>
      )}
    </div>
  );
}
