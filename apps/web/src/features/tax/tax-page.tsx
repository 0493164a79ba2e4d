import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { PageFrame } from '@/components/ui/page-frame';
import { schemaLoader } from '@/lib/api/lazy-schemas';
import { cn } from '@/lib/cn';
import { portfolioListQuery } from '@/lib/portfolios/portfolio-list';
import { LazyDecisionsSection } from './lazy-decisions';
import { LazyWalletAllocationSection } from './lazy-wallet-allocation';
import { LazyWhatIfSection } from './lazy-what-if';
import { LotsPanel } from './lots-panel';
import { ReportPanel } from './report-panel';

// The list's schema loads beside the request (so zod is not in the first paint).
const taxSchemas = schemaLoader(() => import('@/lib/tax/tax-schemas'));

const portfoliosQuery = () => portfolioListQuery(taxSchemas('portfolioListResponseSchema'));

/** Open lots with their holding periods, and the realized-gains report per tax year. */
export function TaxPage() {
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'report' ? 'report' : 'lots';
  const portfolioId = params.get('portfolio') ?? 'all';
  const { data: portfolios } = useQuery(portfoliosQuery());
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };
  return (
    <PageFrame
      title="Tax lots and gains"
      description="Each lot you hold with its holding period, and what you realized per tax year under your tax rule."
      actions={
        <>
          <label className="text-sm">
            <span className="sr-only">Portfolio</span>
            <select
              value={portfolioId}
              onChange={(e) => set('portfolio', e.target.value === 'all' ? null : e.target.value)}
              className="rounded-md border border-line bg-surface px-2 py-1.5"
            >
              <option value="all">All Portfolios</option>
              {(portfolios?.results ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
          <Link to="/settings#tax-rule" className="text-sm text-muted underline">
            Tax rule
          </Link>
        </>
      }
    >
      <div role="tablist" aria-label="Tax views" className="mb-4 flex gap-2">
        {(
          [
            ['lots', 'Lots'],
            ['report', 'Realized gains'],
          ] as const
        ).map(([key, label]) => (
          <Button
            key={key}
            variant="unstyled"
            role="tab"
            aria-selected={view === key}
            onClick={() => set('view', key === 'lots' ? null : key)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm',
              view === key ? 'border-accent text-fg' : 'border-line text-muted',
            )}
          >
            {label}
          </Button>
        ))}
      </div>
      <div role="tabpanel">
        {view === 'lots' ? (
          <LotsPanel portfolioId={portfolioId} />
        ) : (
          <ReportPanel
            portfolioId={portfolioId}
            year={params.get('year') === null ? null : Number(params.get('year'))}
            onYear={(y) => set('year', String(y))}
          />
        )}
      </div>
      <LazyDecisionsSection portfolioId={portfolioId} />
      <LazyWhatIfSection portfolioId={portfolioId} />
      <LazyWalletAllocationSection />
    </PageFrame>
  );
}
