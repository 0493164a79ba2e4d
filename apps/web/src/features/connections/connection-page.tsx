import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { connectionPortfoliosQuery, connectionQuery } from './api/connections-api';
import { useBooksRefreshAfterSync } from './api/use-books-refresh';
import { ConnectionActions } from './components/connection-card';
import { ConnectionStatus } from './components/connection-state';
import { kindText } from './components/connection-words';
import { connectionDetails } from './components/lazy-parts';
import { useNow } from './components/moment';
import { SettingsCrumb } from './components/settings-crumb';

/** /settings/connections/{id}: one connection's state, what waits for its owner, and how it reconciles. */
export function ConnectionPage({ connectionId }: { connectionId: string }) {
  const navigate = useNavigate();
  const one = useQuery(connectionQuery(connectionId));
  const portfolios = useQuery(connectionPortfoliosQuery());
  const now = useNow();
  const connection = one.data;
  // The sections' code loads beside the connection's request, not after it.
  useEffect(() => connectionDetails.preload(), []);
  useBooksRefreshAfterSync(useMemo(() => (connection ? [connection] : undefined), [connection]));
  const names = useMemo(
    () => new Map((portfolios.data?.results ?? []).map((p) => [p.id, p.name] as const)),
    [portfolios.data],
  );

  if (one.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading connection" />
      </div>
    );
  if (!connection)
    return (
      <PageFrame title="Connection">
        <SettingsCrumb to="/settings/connections" label="Connections" />
        <EmptyState
          title={
            isApiError(one.error) && one.error.status === 404
              ? 'No such connection'
              : 'The connection could not be loaded'
          }
        >
          <Link className="text-accent underline" to="/settings/connections">
            All connections
          </Link>
        </EmptyState>
      </PageFrame>
    );

  const portfolio = portfolios.data?.results.find((p) => p.id === connection.portfolio_id);
  return (
    <PageFrame title={connection.label} description={`${kindText(connection)} · ${connection.masked}`}>
      <SettingsCrumb to="/settings/connections" label="Connections" />
      <div className="grid gap-6">
        <section
          aria-label="State"
          className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-start sm:justify-between"
        >
          <div className="min-w-0 space-y-1">
            <ConnectionStatus connection={connection} now={now} />
            <p className="text-xs text-muted">
              Portfolio:{' '}
              {portfolio ? (
                <Link to={`/portfolios/${portfolio.id}`} className="text-accent underline">
                  {portfolio.name}
                </Link>
              ) : (
                '…'
              )}
            </p>
          </div>
          <ConnectionActions
            connection={connection}
            onDeleted={() => navigate('/settings/connections', { replace: true })}
          />
        </section>
        <Suspense fallback={<Spinner label="Loading what it brought" />}>
          <connectionDetails.Component
            connection={connection}
            currency={portfolio?.currency ?? 'usd'}
            portfolioNames={names}
          />
        </Suspense>
      </div>
    </PageFrame>
  );
}
