import {
  portfolioMessages,
  type Transaction,
  type TransactionCreateBody,
  type TransactionType,
  transactionTypeLabels,
  transactionTypes,
} from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { isQueuedOffline } from '@/lib/api/api-error';
import { toast } from '@/lib/toast';
import {
  createTransaction,
  cryptoOptionsQuery,
  transactionOptionsQuery,
  transactionsQuery,
  updateTransaction,
} from './api/transactions-api';
import { TransactionForm } from './components/transaction-form';
import { TransactionList } from './components/transaction-list';
import { useDeleteTransactions } from './use-delete-transactions';

const dependentKeys = [['portfolios'], ['transactions'], ['dashboard']] as const;
const selectClass = 'rounded-lg border border-line bg-bg px-3 py-2 text-sm';

export function TransactionsPage() {
  const client = useQueryClient();
  const [params] = useSearchParams();
  // ?coin= and ?portfolio= open the list filtered (links from Oracle's insight cards).
  const [filters, setFilters] = useState<{ portfolio_id?: string; coin_id?: string; type?: TransactionType }>(
    () => {
      const coin = params.get('coin');
      const portfolio = params.get('portfolio');
      return { ...(coin ? { coin_id: coin } : {}), ...(portfolio ? { portfolio_id: portfolio } : {}) };
    },
  );
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ editing?: Transaction } | null>(null);
  const options = useQuery(transactionOptionsQuery());
  const coins = useQuery(cryptoOptionsQuery());
  const list = useQuery(transactionsQuery({ ...filters, page }));
  const refresh = () => Promise.all(dependentKeys.map((queryKey) => client.invalidateQueries({ queryKey })));
  const deletes = useDeleteTransactions(refresh);
  const confirm = useConfirm();
  const portfolios = options.data?.portfolios ?? [];
  const portfolioById = new Map(portfolios.map((p) => [p.id, p]));
  const coinById = new Map((coins.data?.cryptocurrencies ?? []).map((c) => [c.id, c]));

  async function save(body: TransactionCreateBody) {
    try {
      if (form?.editing) await updateTransaction(form.editing.id, body);
      else await createTransaction(body);
    } catch (error) {
      // Offline (issue 13): kept on this device and listed under Offline changes until it is sent.
      if (!isQueuedOffline(error)) throw error;
      setForm(null);
      return;
    }
    toast.success(form?.editing ? 'Transaction saved' : 'Transaction added');
    setForm(null);
    await refresh();
  }

  const setFilter = (key: keyof typeof filters, value: string) => {
    setPage(1);
    setFilters((f) => ({ ...f, [key]: value || undefined }));
  };

  return (
    <PageFrame
      title="Transactions"
      description="Buys, sells, transfers and rewards. Every figure is computed from these."
      actions={
        portfolios.length > 0 && (
          <button type="button" className={buttonStyles.primary} onClick={() => setForm({})}>
            New transaction
          </button>
        )
      }
    >
      {form && (
        <div className="mb-4">
          <TransactionForm
            portfolios={portfolios}
            editing={form.editing}
            onSubmit={save}
            onCancel={() => setForm(null)}
          />
        </div>
      )}
      {options.isSuccess && portfolios.length === 0 ? (
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
            <select
              aria-label="Filter by portfolio"
              className={selectClass}
              value={filters.portfolio_id ?? ''}
              onChange={(e) => setFilter('portfolio_id', e.target.value)}
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
              onChange={(e) => setFilter('coin_id', e.target.value)}
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
              onChange={(e) => setFilter('type', e.target.value)}
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
            <div className="flex justify-center py-10">
              <Spinner label="Loading transactions" />
            </div>
          ) : list.isError ? (
            <EmptyState title="Transactions could not be loaded" />
          ) : list.data.results.length === 0 ? (
            <EmptyState title="No transactions">
              Add one, or import a CSV from the portfolios page.
            </EmptyState>
          ) : (
            <TransactionList
              transactions={list.data.results}
              coins={coinById}
              portfolios={portfolioById}
              onEdit={(t) => setForm({ editing: t })}
              onDelete={(t) =>
                confirm.ask({
                  title: 'Delete this transaction?',
                  description:
                    'Every figure is recomputed without it. You can undo from the message that follows.',
                  confirmLabel: 'Delete transaction',
                  destructive: true,
                  onConfirm: () => void deletes.remove([t]),
                })
              }
            />
          )}
          {list.data && (list.data.next || list.data.previous) && (
            <nav aria-label="Pages" className="mt-3 flex items-center gap-3 text-sm">
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={!list.data.previous}
                onClick={() => setPage(page - 1)}
              >
                Previous page
              </button>
              <span>
                Page {page} of {Math.max(1, Math.ceil(list.data.count / 50))}
              </span>
              <button
                type="button"
                className={buttonStyles.secondary}
                disabled={!list.data.next}
                onClick={() => setPage(page + 1)}
              >
                Next page
              </button>
            </nav>
          )}
          <p className="mt-6 text-xs text-muted">
            Prices and fees are in each portfolio's currency. {portfolioMessages.ratesNote}
          </p>
        </>
      )}
      {confirm.dialog}
    </PageFrame>
  );
}
