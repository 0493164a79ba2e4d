import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Panel } from '@/components/ui/panel';

/** The page frame only; the market-data issue fills each panel. */
export function TerminalPage() {
  const [params] = useSearchParams();
  const coin = params.get('coin');

  return (
    <PageFrame
      title="Terminal"
      description="Market overview, coin search, watchlists and market breadth."
      actions={
        <label className="flex items-center gap-2 text-sm">
          <span className="sr-only">Search coins</span>
          <input
            type="search"
            disabled
            placeholder="Search coins (coming soon)"
            className="w-56 rounded-lg border border-line bg-surface px-3 py-2 text-sm placeholder:text-muted disabled:opacity-70"
          />
        </label>
      }
    >
      {coin !== null && (
        <p className="mb-4 text-sm text-muted">
          Selected coin: <span className="font-mono text-fg">{coin}</span>
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Panel title="Market">
            <EmptyState title="Market data is being built" headingLevel={3}>
              Prices, charts and market breadth arrive with the market-data feature. Nothing is shown until
              real data is available.
            </EmptyState>
          </Panel>
        </div>
        <Panel title="Watchlist">
          <p className="text-sm text-muted">No watchlist yet.</p>
        </Panel>
      </div>
    </PageFrame>
  );
}
