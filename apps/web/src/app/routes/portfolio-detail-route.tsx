import { useParams } from 'react-router';
import { PortfolioOverview } from '@/features/dashboard/portfolio-overview';
import { PortfolioPage } from '@/features/portfolios/portfolio-page';
import { PortfolioTransactions } from '@/features/transactions/portfolio-transactions';

/** /portfolios/{id}: the portfolio's header and import, its figures, and its transactions. */
export function PortfolioDetailRoute() {
  const { id = '' } = useParams();
  return (
    <PortfolioPage
      portfolioId={id}
      overview={<PortfolioOverview portfolioId={id} />}
      transactions={<PortfolioTransactions portfolioId={id} />}
    />
  );
}
