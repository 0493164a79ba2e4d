import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { pageHeaders } from '@/lib/page-headers';
import { insightPortfoliosQuery, insightsQuery } from './api/insights-api';
import { type AlertActionRenderer, InsightCardView } from './components/insight-card';
import { InsightSettingsForm } from './components/insight-settings';
import { NarrationPanel } from './components/narration-panel';
import { TargetEditor } from './components/target-editor';

interface OraclePageProps {
  /** Renders the prefilled "create alert" action; composed by the app layer (features stay apart). */
  renderAlertAction?: AlertActionRenderer;
}

/** Oracle (/insights): a ranked feed of deterministic insight cards for one scope. */
export function OraclePage({ renderAlertAction }: OraclePageProps) {
  const [portfolioId, setPortfolioId] = useState('all');
  const portfolios = useQuery(insightPortfoliosQuery());
  const known = portfolios.data?.results ?? [];
  const scope = portfolioId === 'all' || known.some((p) => p.id === portfolioId) ? portfolioId : 'all';
  const feed = useQuery(insightsQuery(scope));

  return (
    <PageFrame title={pageHeaders['/insights'].title} description={pageHeaders['/insights'].description}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span className="text-muted">Portfolio</span>
          <select
            className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
            value={scope}
            onChange={(e) => setPortfolioId(e.target.value)}
          >
            <option value="all">All Portfolios</option>
            {known.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        {feed.data?.market.demo && (
          <span className="rounded-full border border-warning/60 px-2 py-0.5 text-xs text-warning">
            Made from demo market data
          </span>
        )}
      </div>
      {feed.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading insights" />
        </div>
      ) : feed.isError ? (
        <EmptyState title="Insights could not be loaded" />
      ) : feed.data.empty ? (
        <EmptyState title="Nothing to analyse yet">
          <p>{feed.data.empty.message}</p>
          <Link className={`${buttonStyles.primary} mt-3`} to={feed.data.empty.action.href}>
            {feed.data.empty.action.label}
          </Link>
        </EmptyState>
      ) : (
        // minmax(0, 1fr) on phones too: an implicit grid column grows to its widest table and the
        // page scrolled sideways (1,179 px at 390) instead of the table inside its frame.
        <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-3">
            {feed.data.narration.available && (
              <NarrationPanel portfolioId={scope} consented={feed.data.narration.consented} />
            )}
            <ol aria-label="Insights" className="space-y-3">
              {feed.data.cards.map((card) => (
                <li key={`${card.kind}:${card.subject ?? ''}`}>
                  <InsightCardView card={card} portfolioId={scope} renderAlertAction={renderAlertAction} />
                </li>
              ))}
            </ol>
          </div>
          <div className="space-y-4">
            <div id="targets">
              <Panel title="Target allocation">
                <TargetEditor portfolioId={scope} />
              </Panel>
            </div>
            <Panel title="Settings">
              <InsightSettingsForm />
            </Panel>
          </div>
        </div>
      )}
    </PageFrame>
  );
}
