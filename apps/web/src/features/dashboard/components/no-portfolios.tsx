import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';

/** Metrics with no portfolio yet: what the page draws, and the server's shell paints (prerender). */
export function NoPortfoliosYet() {
  return (
    <EmptyState title="No portfolios yet">
      <Link className="text-accent underline" to="/portfolios">
        Create a portfolio
      </Link>{' '}
      and add transactions to see your metrics.
    </EmptyState>
  );
}
