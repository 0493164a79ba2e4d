import {
  portfolioMessages,
  type Transaction,
  type TransactionCreateBody,
  type TransactionType,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { saveOrQueue } from '@/lib/api/saved-or-queued';
import { pageHeaders } from '@/lib/page-headers';
import { toast } from '@/lib/toast';
import {
  createTransaction,
  cryptoOptionsQuery,
  transactionOptionsQuery,
  transactionsQuery,
  updateTransaction,
} from './api/transactions-api';
import { LazyTransactionForm } from './components/lazy-transaction-form';
import { lazyTransactionList } from './components/lazy-transaction-list';
import { deleteTransactionRequest } from './delete-transaction-request';
import { useDeleteTransactions } from './use-delete-transactions';

const selectClass = 'rounded-lg border border-line bg-bg px-3 py-2 text-sm';
const loadingList = (
  <div className="flex justify-center py-10">
    <Spinner label="Loading transactions" />
  </div>
);

type FilterParam = 'portfolio' | 'coin' | 'type' | 'q';

export function TransactionsPage() {
  const client = useQueryClient();
  // Filters, search and page live in the URL (?coin=bitcoin&q=cold&page=2): other pages link
  // to a coin's transactions, and a reload or a shared link opens the same list.
  const [params, setParams] = useSearchParams();
  const filters = {
    ...(params.get('portfolio') ? { portfolio_id: params.get('portfolio') ?? '' } : {}),
    ...(params.get('coin') ? { coin_id: params.get('coin') ?? '' } : {}),
    ...(transactionTypes.includes(params.get('type') as TransactionType)
      ? { type: params.get('type') as TransactionType }
      : {}),
    ...(params.get('q') ? { q: params.get('q') ?? '' } : {}),
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(filters.q ?? '');
  // A sale proposed elsewhere (the what-if's lowest-tax lots) opens the form, which reads it.
  const { state } = useLocation();
  const [form, setForm] = useState<{ editing?: Transaction; draft?: boolean } | null>(() =>
    (state as { saleDraft?: unknown } | null)?.saleDraft ? { draft: true } : null,
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const options = useQuery(transactionOptionsQuery());
  const coins = useQuery(cryptoOptionsQuery());
  const list = useQuery({ ...transactionsQuery({ ...filters, page }), placeholderData: keepPreviousData });
  useEffect(() => lazyTransactionList.preload(), []);
  const refresh = () => import('@/lib/books-refresh').then((m) => m.refreshBooks(client));
  const deletes = useDeleteTransactions(refresh);
  const confirm = useConfirm();
  const portfolios = options.data?.portfolios ?? [];
  const portfolioById = new Map(portfolios.map((p) => [p.id, p]));
  const coinById = new Map((coins.data?.cryptocurrencies ?? []).map((c) => [c.id, c]));
  const rows = list.data?.results ?? [];
  const chosen = rows.filter((t) => selected.has(t.id));

  const setParam = (key: FilterParam | 'page', value: string) => {
    setSelected(new Set());
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        if (key !== 'page') p.delete('page');
        return p;
      },
      { replace: key === 'q' },
    );
  };

  // As for every search: debounced 300 ms, and clearing the text clears the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text changes
  useEffect(() => {
    const text = search.trim();
    if (text === (filters.q ?? '')) return;
    const timer = setTimeout(() => setParam('q', text), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const askBulkDelete = () =>
    confirm.ask({
      title: `Delete ${chosen.length === 1 ? '1 transaction' : `${chosen.length} transactions`}?`,
      description: 'Every figure is recomputed without them. You can undo from the message that follows.',
      confirmLabel: 'Delete selected',
      destructive: true,
      onConfirm: () => {
        void deletes.remove(chosen).then(() => setSelected(new Set()));
      },
    });

  async function save(body: TransactionCreateBody) {
    const editing = form?.editing;
    const saved = await saveOrQueue(() =>
      editing ? updateTransaction(editing.id, body) : createTransaction(body),
    );
    // Offline: kept on this device and listed under Offline changes until it is sent.
    if (saved.queued) {
      setForm(null);
      return;
    }
    toast.success(form?.editing ? 'Transaction saved' : 'Transaction added');
    setForm(null);
    await refresh();
  }

  return (
    <PageFrame
      title={pageHeaders['/transactions'].title}
      description={pageHeaders['/transactions'].description}
      actions={
        portfolios.length > 0 && (
          <Button variant="primary" onClick={() => setForm({})}>
            New transaction
          </Button>
        )
      }
    >
      {form && (
        <Reveal key={form.editing?.id ?? 'new'} className="mb-4">
          <LazyTransactionForm
            portfolios={portfolios}
            editing={form.editing}
            draft={form.draft}
            onSubmit={save}
            onCancel={() => setForm(null)}
          />
        </Reveal>
      )}
      {/* Until the portfolios are known, neither the filters nor the empty state: a new user saw
          the filters and the list's note flash before "No portfolios yet". */}
      {options.isPending ? (
        loadingList
      ) : options.isSuccess && portfolios.length === 0 ? (
        <EmptyState title="No portfolios yet">
          Transactions belong to a portfolio.{' '}
          <Link className="text-accent underline" to="/portfolios">
            Create a portfolio
          </Link>{' '}
          first.
        </EmptyState>
      ) : (
        <>
          <fieldset className="mb-4 grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
            <legend className="sr-only">Filters</legend>
            <input
              type="search"
              aria-label="Search transactions"
              placeholder="Search coin or note"
              className={`${selectClass} sm:w-56`}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            <select
              aria-label="Filter by portfolio"
              className={selectClass}
              value={filters.portfolio_id ?? ''}
              onChange={(e) => setParam('portfolio', e.target.value)}
            >
              <option value="">All portfolios</option>
              {portfolios.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            <select
              aria-label="Filter by coin"
              className={selectClass}
              value={filters.coin_id ?? ''}
              onChange={(e) => setParam('coin', e.target.value)}
            >
              <option value="">All coins</option>
              {coins.data?.cryptocurrencies.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.symbol.toUpperCase()})
                </option>
              ))}
            </select>
            <select
              aria-label="Filter by type"
              className={selectClass}
              value={filters.type ?? ''}
              onChange={(e) => setParam('type', e.target.value)}
            >
              <option value="">All types</option>
              {transactionTypes.map((t) => (
                <option key={t} value={t}>
                  {transactionTypeLabels[t]}
                </option>
              ))}
            </select>
          </fieldset>
          {list.isPending ? (
            loadingList
          ) : list.isError ? (
            <EmptyState title="Transactions could not be loaded" />
          ) : list.data.results.length === 0 ? (
            filters.q || filters.coin_id || filters.type || filters.portfolio_id ? (
              <EmptyState title="No matching transactions">Change the search or the filters.</EmptyState>
            ) : (
              <EmptyState title="No transactions">
                Add one, or import a CSV from the portfolios page.
              </EmptyState>
            )
          ) : (
            <Suspense fallback={loadingList}>
              <div className="mb-2 flex min-h-9 flex-wrap items-center gap-2 text-sm">
                <span className="text-muted" aria-live="polite">
                  {list.data.count === 1 ? '1 transaction' : `${list.data.count} transactions`}
                  {chosen.length > 0 && `, ${chosen.length} selected`}
                </span>
                {chosen.length > 0 && (
                  <>
                    <Button variant="secondary" disabled={deletes.busy} onClick={askBulkDelete}>
                      Delete selected
                    </Button>
                    <Button variant="ghost" onClick={() => setSelected(new Set())}>
                      Clear selection
                    </Button>
                  </>
                )}
              </div>
              <lazyTransactionList.Component
                transactions={list.data.results}
                selected={selected}
                onSelect={setSelected}
                coins={coinById}
                portfolios={portfolioById}
                onEdit={(t) => setForm({ editing: t })}
                onDelete={(t) => confirm.ask(deleteTransactionRequest(() => void deletes.remove([t])))}
              />
            </Suspense>
          )}
          {list.data && (list.data.next || list.data.previous) && (
            <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
              <Button
                variant="secondary"
                disabled={!list.data.previous}
                onClick={() => setParam('page', String(page - 1))}
              >
                Previous page
              </Button>
              <span>
                Page {page} of {Math.max(1, Math.ceil(list.data.count / 50))}
              </span>
              <Button
                variant="secondary"
                disabled={!list.data.next}
                onClick={() => setParam('page', String(page + 1))}
              >
                Next page
              </Button>
            </nav>
          )}
          {/* It explains the listed figures: with none listed it says nothing. */}
          {rows.length > 0 && (
            <p className="mt-6 text-xs text-muted">
              Prices and fees are in each portfolio's currency, except a fee recorded in another one (shown in
              it and valued at its day's rate or price). {portfolioMessages.ratesNote}
            </p>
          )}
        </>
      )}
      {confirm.dialog}
    </PageFrame>
  );
}
