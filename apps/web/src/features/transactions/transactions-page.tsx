import { portfolioMessages, type Transaction, type TransactionCreateBody } from '@app/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
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
import { TransactionFilters } from './components/transaction-filters';
import { TransactionPagesNav } from './components/transaction-pages-nav';
import { deleteTransactionRequest } from './delete-transaction-request';
import { useDeleteTransactions } from './use-delete-transactions';
import { useTransactionFilters } from './use-transaction-filters';

const loadingList = (
  <div className="flex justify-center py-10">
    <Spinner label="Loading transactions" />
  </div>
);

export function TransactionsPage() {
  const client = useQueryClient();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { filters, page, search, setSearch, setParam } = useTransactionFilters(() => setSelected(new Set()));
  // A sale proposed elsewhere (the what-if's lowest-tax lots) opens the form, which reads it.
  const { state } = useLocation();
  const [form, setForm] = useState<{ editing?: Transaction; draft?: boolean } | null>(() =>
    (state as { saleDraft?: unknown } | null)?.saleDraft ? { draft: true } : null,
  );
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
          <TransactionFilters
            search={search}
            onSearch={setSearch}
            filters={filters}
            onFilter={setParam}
            portfolios={portfolios}
            coins={coins.data?.cryptocurrencies}
          />
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
            <TransactionPagesNav
              page={page}
              // The server's pages hold 50 transactions.
              pages={Math.max(1, Math.ceil(list.data.count / 50))}
              hasPrevious={Boolean(list.data.previous)}
              hasNext={Boolean(list.data.next)}
              onPage={(next) => setParam('page', String(next))}
            />
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
