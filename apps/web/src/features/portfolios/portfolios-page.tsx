import { portfolioMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { isQueuedOffline } from '@/lib/api/api-error';
import { pageHeaders } from '@/lib/page-headers';
import { toast } from '@/lib/toast';
import { portfoliosQuery } from './api/portfolios-api';
import { usePortfolioMutations } from './api/use-portfolio-mutations';
import { PortfolioCard } from './components/portfolio-card';
import { PortfolioForm } from './components/portfolio-form';

export function PortfoliosPage() {
  const { data, isPending, isError, refetch } = useQuery(portfoliosQuery());
  const mutations = usePortfolioMutations();
  const [creating, setCreating] = useState(false);

  return (
    <PageFrame
      title={pageHeaders['/portfolios'].title}
      description={pageHeaders['/portfolios'].description}
      actions={
        <Button variant="primary" onClick={() => setCreating(true)}>
          New portfolio
        </Button>
      }
    >
      {creating && (
        <Reveal className="mb-4">
          <PortfolioForm
            submitLabel="Create portfolio"
            onCancel={() => setCreating(false)}
            onSubmit={async (body) => {
              try {
                await mutations.create.mutateAsync(body);
                toast.success(`Portfolio ${body.name} created`);
              } catch (error) {
                // Offline: kept on this device and listed under Offline changes.
                if (!isQueuedOffline(error)) throw error;
              }
              setCreating(false);
            }}
          />
        </Reveal>
      )}
      {isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading portfolios" />
        </div>
      ) : isError ? (
        <EmptyState title="Portfolios could not be loaded">
          <Button variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </EmptyState>
      ) : data.results.length === 0 ? (
        <EmptyState title="No portfolios yet">
          Create a portfolio, then add transactions or import a CSV.
        </EmptyState>
      ) : (
        <ul className="grid gap-4">
          {data.results.map((p) => (
            // min-w-0: a wide import preview scrolls inside the card instead of widening the page.
            <li key={p.id} className="min-w-0">
              <PortfolioCard portfolio={p} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6 text-xs text-muted">{portfolioMessages.ratesNote}</p>
    </PageFrame>
  );
}
