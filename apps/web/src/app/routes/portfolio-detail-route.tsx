import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { portfoliosQuery } from '@/features/portfolios/api/portfolios-api';
import { PortfolioPage } from '@/features/portfolios/portfolio-page';
import { PortfolioTransactions } from '@/features/transactions/portfolio-transactions';
import { lazyPart } from '@/lib/lazy-part';

/**
 * The figures (summary, allocation, holdings, value chart) show after the portfolio and its
 * figures have arrived, so their code loads beside those requests instead of before the page
 * paints (to keep the page's first load within the route budget). The fallback is the overview's own loading state.
 */
const overview = lazyPart(
  () => import('@/features/dashboard/portfolio-overview'),
  (m) => m.PortfolioOverview,
);

/** /portfolios/{id}: the portfolio's header and import, its figures, and its transactions. */
export function PortfolioDetailRoute() {
  const { id = '' } = useParams();
  useEffect(() => overview.preload(), []);
  // The page's own list query (cached): a portfolio shared with the reader is not among their
  // own in the transaction options, and a viewer's rows carry no actions.
  const listed = useQuery(portfoliosQuery()).data?.results.find((p) => p.id === id);
  const shared =
    listed && listed.access !== 'owner'
      ? { id: listed.id, name: listed.name, currency: listed.currency, canWrite: listed.access === 'editor' }
      : undefined;
  return (
    <PortfolioPage
      portfolioId={id}
      overview={
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label="Loading holdings" />
            </div>
          }
        >
          <overview.Component portfolioId={id} />
        </Suspense>
      }
      transactions={<PortfolioTransactions portfolioId={id} {...(shared ? { shared } : {})} />}
    />
  );
}
