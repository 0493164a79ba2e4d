import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { accessTokensQuery, tokenPortfoliosQuery } from '../api/access-tokens-api';
import { tokenCards } from './lazy-parts';

const loading = <Spinner label="Loading your tokens" className="justify-center py-8" />;

/** Every token of the user, newest first; loading, failed and empty say so in place. */
export function TokenList() {
  const list = useQuery(accessTokensQuery());
  const portfolios = useQuery(tokenPortfoliosQuery());
  if (list.isPending) return loading;
  if (list.isError)
    return (
      <EmptyState title="Your tokens could not be loaded" headingLevel={3}>
        <Button variant="secondary" className="mt-2" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </EmptyState>
    );
  if (list.data.tokens.length === 0)
    return (
      <EmptyState title="No tokens yet" headingLevel={3}>
        Nothing can reach your account with a token until you create one.
      </EmptyState>
    );
  return (
    <Suspense fallback={loading}>
      <tokenCards.Component
        tokens={list.data.tokens}
        portfolioNames={portfolios.data ? new Map(portfolios.data.results.map((p) => [p.id, p.name])) : null}
      />
    </Suspense>
  );
}
