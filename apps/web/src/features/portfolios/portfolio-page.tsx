import { portfolioMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { exportHref, portfoliosQuery } from './api/portfolios-api';
import { countOf } from './components/count-words';
import { LazyImportPanel } from './components/lazy-import-panel';
import { LazySharePanel } from './components/lazy-share-panel';
import { SharedNote } from './components/shared-note';

/**
 * /portfolios/{id}: one portfolio with its actions. The figures and the transactions come from
 * their own features, composed by the route (features do not import each other).
 */
export function PortfolioPage({
  portfolioId,
  overview,
  transactions,
}: {
  portfolioId: string;
  overview: ReactNode;
  transactions: ReactNode;
}) {
  const { data, isPending, isError } = useQuery(portfoliosQuery());
  const [importing, setImporting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const portfolio = data?.results.find((p) => p.id === portfolioId);

  if (isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading portfolio" />
      </div>
    );
  if (isError || !portfolio)
    return (
      <PageFrame title="Portfolio">
        <EmptyState title={isError ? 'The portfolio could not be loaded' : 'No such portfolio'}>
          <Link className="text-accent underline" to="/portfolios">
            All portfolios
          </Link>
        </EmptyState>
      </PageFrame>
    );

  return (
    <PageFrame
      title={portfolio.name}
      description={
        [portfolio.description, `Prices entered in ${portfolio.currency.toUpperCase()}`]
          .filter(Boolean)
          .join(' · ') || undefined
      }
      actions={
        <>
          {portfolio.access !== 'viewer' && (
            <Link className={buttonStyles.primary} to={`/portfolios/${portfolio.id}?add=1`}>
              Add transaction
            </Link>
          )}
          {portfolio.access !== 'viewer' && (
            <Button variant="secondary" onClick={() => setImporting(true)}>
              Import CSV
            </Button>
          )}
          <a className={buttonStyles.secondary} href={exportHref(portfolio.id)} download>
            Export CSV
          </a>
          {portfolio.access === 'owner' && (
            <>
              <Button variant="secondary" onClick={() => setSharing(true)}>
                Share
              </Button>
              {/* Settings → Connections opens its connect dialog with this portfolio chosen. */}
              <Link
                className={buttonStyles.secondary}
                to={`/settings/connections?connect=${encodeURIComponent(portfolio.id)}`}
              >
                Connect a wallet
              </Link>
              {/* Withdrawals and deposits of every portfolio, matched into own transfers. */}
              <Link className={buttonStyles.secondary} to="/transfers">
                Transfers
              </Link>
            </>
          )}
        </>
      }
    >
      <nav aria-label="Breadcrumb" className="-mt-4 mb-4 text-sm">
        <Link to="/portfolios" className="text-muted hover:text-fg">
          ← All portfolios
        </Link>
      </nav>
      <SharedNote portfolio={portfolio} />
      {sharing && (
        <Reveal className="mb-4 min-w-0">
          <LazySharePanel
            portfolioId={portfolio.id}
            portfolioName={portfolio.name}
            onClose={() => setSharing(false)}
          />
        </Reveal>
      )}
      {importing && (
        <Reveal className="mb-4 min-w-0">
          <LazyImportPanel
            portfolioId={portfolio.id}
            portfolioName={portfolio.name}
            currency={portfolio.currency}
            onClose={() => setImporting(false)}
            onDone={(created) => {
              toast.success(`Imported ${countOf(created, 'transaction')}`);
              setImporting(false);
            }}
          />
        </Reveal>
      )}
      <div className="grid gap-6">
        {overview}
        {transactions}
      </div>
      <p className="mt-6 text-xs text-muted">{portfolioMessages.ratesNote}</p>
    </PageFrame>
  );
}
