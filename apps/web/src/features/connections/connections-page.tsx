import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { connectionPortfoliosQuery, connectionsQuery } from './api/connections-api';
import { useBooksRefreshAfterSync } from './api/use-books-refresh';
import { ConnectionCard } from './components/connection-card';
import { connectDialog } from './components/lazy-parts';
import { useNow } from './components/moment';
import { SettingsCrumb } from './components/settings-crumb';

/** The search parameter that opens "Connect a wallet": `?connect` alone, or `?connect=<portfolio id>`. */
export const connectParam = 'connect';

/** /settings/connections: every connection with its state, "Connect a wallet", and the transfers between them. */
export function ConnectionsPage() {
  const [params, setParams] = useSearchParams();
  const list = useQuery(connectionsQuery());
  const portfolios = useQuery(connectionPortfoliosQuery());
  const now = useNow();
  const connecting = params.has(connectParam);
  useBooksRefreshAfterSync(list.data?.results);

  const setConnecting = (open: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set(connectParam, '');
        else next.delete(connectParam);
        return next;
      },
      { replace: !open },
    );
  const portfolioName = (id: string) => portfolios.data?.results.find((p) => p.id === id)?.name;
  const connections = list.data?.results ?? [];

  return (
    <PageFrame
      title="Connections"
      description="Wallets and exchange accounts whose history comes into a portfolio by itself."
      actions={
        <>
          <Link className={buttonStyles.secondary} to="/transfers">
            Transfers
          </Link>
          <Button variant="primary" onClick={() => setConnecting(true)}>
            Connect a wallet
          </Button>
        </>
      }
    >
      <SettingsCrumb />
      {list.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading connections" />
        </div>
      ) : list.isError ? (
        <EmptyState title="The connections could not be loaded">
          <Button variant="unstyled" className="text-accent underline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : connections.length === 0 ? (
        <EmptyState title="No connections yet">
          Connect a wallet to bring its history in by itself.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Connections">
          {connections.map((c) => (
            <li key={c.id}>
              <ConnectionCard connection={c} portfolioName={portfolioName(c.portfolio_id)} now={now} />
            </li>
          ))}
        </ul>
      )}
      {connecting && (
        <Suspense fallback={null}>
          <connectDialog.Component
            portfolioId={params.get(connectParam) || undefined}
            onClose={() => setConnecting(false)}
          />
        </Suspense>
      )}
    </PageFrame>
  );
}
