import type { Portfolio } from '@app/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Private } from '@/components/ui/private-value';
import { isQueuedOffline } from '@/lib/api/api-error';
import { useMoneyFormatter } from '@/lib/settings';
import { toast } from '@/lib/toast';
import { exportHref } from '../api/portfolios-api';
import { usePortfolioMutations } from '../api/use-portfolio-mutations';
import { countOf } from './count-words';
import { LazyImportPanel } from './lazy-import-panel';
import { PortfolioForm } from './portfolio-form';
import { SharedNote } from './shared-note';
import { formatPercent, SignedChange } from './signed-change';

/** One portfolio on the list: its name and figures, with view, edit, import, export and delete. */
export function PortfolioCard({ portfolio: p }: { portfolio: Portfolio }) {
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
            setMode('view');
          }}
        />
      )}
      {confirm.dialog}
    </article>
  );
}
