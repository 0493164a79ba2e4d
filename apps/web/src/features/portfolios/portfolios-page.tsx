import { type Portfolio, portfolioMessages } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Private } from '@/components/ui/private-value';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { isQueuedOffline } from '@/lib/api/api-error';
import { pageHeaders } from '@/lib/page-headers';
import { useMoneyFormatter } from '@/lib/settings';
import { toast } from '@/lib/toast';
import { exportHref, portfoliosQuery } from './api/portfolios-api';
import { usePortfolioMutations } from './api/use-portfolio-mutations';
import { countOf } from './components/count-words';
import { LazyImportPanel } from './components/lazy-import-panel';
import { PortfolioForm } from './components/portfolio-form';
import { SharedNote } from './components/shared-note';
import { formatPercent, SignedChange } from './components/signed-change';

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

function PortfolioCard({ portfolio: p }: { portfolio: Portfolio }) {
  const money = useMoneyFormatter();
  const mutations = usePortfolioMutations();
  const [mode, setMode] = useState<'view' | 'edit' | 'import'>('view');
  const confirm = useConfirm();

  return (
    <article aria-label={p.name} className="rounded-xl border border-line bg-surface p-5">
      {mode === 'edit' ? (
        <PortfolioForm
          initial={{ name: p.name, description: p.description, currency: p.currency }}
          submitLabel="Save"
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            try {
              await mutations.update.mutateAsync({ id: p.id, body });
            } catch (error) {
              if (!isQueuedOffline(error)) throw error;
            }
            setMode('view');
          }}
        />
      ) : (
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold">
              <Link to={`/portfolios/${p.id}`} className="hover:underline">
                {p.name}
              </Link>
            </h2>
            {p.description && <p className="text-sm text-muted">{p.description}</p>}
            <p className="mt-1 text-xs text-muted">Prices entered in {p.currency.toUpperCase()}</p>
            <SharedNote portfolio={p} canLeave />
          </div>
          <div className="flex flex-wrap gap-2">
            <Link className={buttonStyles.primary} to={`/portfolios/${p.id}`}>
              View <span className="sr-only">{p.name}</span>
            </Link>
            {p.access !== 'viewer' && (
              <Link className={buttonStyles.secondary} to={`/portfolios/${p.id}?add=1`}>
                Add transaction <span className="sr-only">to {p.name}</span>
              </Link>
            )}
            {p.access === 'owner' && (
              <Button variant="secondary" onClick={() => setMode('edit')}>
                Edit <span className="sr-only">{p.name}</span>
              </Button>
            )}
            {p.access !== 'viewer' && (
              <Button variant="secondary" onClick={() => setMode('import')}>
                Import CSV <span className="sr-only">into {p.name}</span>
              </Button>
            )}
            <a className={buttonStyles.secondary} href={exportHref(p.id)} download>
              Export CSV <span className="sr-only">of {p.name}</span>
            </a>
            {p.access === 'owner' && (
              <Button
                variant="ghost"
                onClick={() => {
                  confirm.ask({
                    title: `Delete ${p.name}?`,
                    description: 'The portfolio and all its transactions are deleted. This cannot be undone.',
                    confirmLabel: 'Delete portfolio',
                    destructive: true,
                    onConfirm: () => mutations.remove.mutate(p.id),
                  });
                }}
              >
                Delete <span className="sr-only">{p.name}</span>
              </Button>
            )}
          </div>
        </div>
      )}
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted">Total value</dt>
          <dd className="font-semibold">
            <Private>{money(p.total_value)}</Private>
          </dd>
        </div>
        <div>
          <dt className="text-muted">Coins</dt>
          <dd className="font-semibold tabular-nums">{p.unique_coins_count}</dd>
        </div>
        <div>
          <dt className="text-muted">24h change</dt>
          <dd className="font-semibold tabular-nums">
            <Private>
              <SignedChange value={p.change_24h}>{money(p.change_24h)}</SignedChange>
            </Private>
          </dd>
        </div>
        <div>
          <dt className="text-muted">24h change %</dt>
          <dd className="font-semibold tabular-nums">
            <SignedChange value={p.change_percentage_24h}>
              {formatPercent(p.change_percentage_24h)}
            </SignedChange>
          </dd>
        </div>
      </dl>
      {mode === 'import' && (
        <LazyImportPanel
          portfolioId={p.id}
          portfolioName={p.name}
          currency={p.currency}
          onClose={() => setMode('view')}
          onDone={(created) => {
            toast.success(`Imported ${countOf(created, 'transaction')}`);
            void mutations.refresh();
            setMode('view');
          }}
        />
      )}
      {confirm.dialog}
    </article>
  );
}
