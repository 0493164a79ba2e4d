import type { Transaction, TransactionCreateBody, TransactionOptions } from '@app/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { Reveal } from '@/components/ui/reveal';
import { Spinner } from '@/components/ui/spinner';
import { saveOrQueue } from '@/lib/api/saved-or-queued';
import { useCoinLookup } from '@/lib/coin-lookup';
import { toast } from '@/lib/toast';
import {
  createTransaction,
  transactionOptionsQuery,
  transactionsQuery,
  updateTransaction,
} from './api/transactions-api';
import { LazyTransactionForm } from './components/lazy-transaction-form';
import { lazyTransactionList } from './components/lazy-transaction-list';
import { deleteTransactionRequest } from './delete-transaction-request';
import { useDeleteTransactions } from './use-delete-transactions';

const list = lazyTransactionList;
const loadingList = <Spinner label="Loading transactions" />;

/**
 * A portfolio's own transactions, on its page. `?add=1` opens the form, so "Add transaction" on a
 * portfolio card or the page header is a plain link.
 */
export function PortfolioTransactions({
  portfolioId,
  shared,
}: {
  portfolioId: string;
  /** A portfolio shared with the reader: it is not among their own, and a viewer only reads it. */
  shared?: {
    id: string;
    name: string;
    currency: TransactionOptions['currencies'][number];
    canWrite: boolean;
  };
}) {
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [editing, setEditing] = useState<Transaction | null>(null);
  const [page, setPage] = useState(1);
  const options = useQuery(transactionOptionsQuery());
  const transactions = useQuery(transactionsQuery({ portfolio_id: portfolioId, page }));
  useEffect(() => list.preload(), []);
  const coins = useCoinLookup();
  const portfolio = shared ?? options.data?.portfolios.find((p) => p.id === portfolioId);
  const canWrite = shared?.canWrite ?? true;
  const adding = params.get('add') === '1';
  const refresh = () => import('@/lib/books-refresh').then((m) => m.refreshBooks(client));
  const deletes = useDeleteTransactions(refresh);
  const confirm = useConfirm();
  const close = () => {
    setEditing(null);
    setParams(
      (p) => {
        p.delete('add');
        return p;
      },
      { replace: true },
    );
  };
  async function save(body: TransactionCreateBody) {
    const saved = await saveOrQueue(() =>
      editing ? updateTransaction(editing.id, body) : createTransaction(body),
    );
    // Offline: kept on this device and listed under Offline changes until it is sent.
    if (saved.queued) {
      close();
      return;
    }
    toast.success(editing ? 'Transaction saved' : 'Transaction added');
    close();
    await refresh();
  }

  return (
    <section aria-label="Transactions" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Transactions</h2>
      </div>
      {portfolio && canWrite && (adding || editing) && (
        <Reveal key={editing?.id ?? 'new'}>
          <LazyTransactionForm
            portfolios={[portfolio]}
            editing={editing ?? undefined}
            onSubmit={save}
            onCancel={close}
          />
        </Reveal>
      )}
      {transactions.isPending ? (
        loadingList
      ) : transactions.isError ? (
        <p className="text-sm text-danger">Transactions could not be loaded.</p>
      ) : transactions.data.results.length === 0 ? (
        <p className="text-sm text-muted">No transactions in this portfolio yet.</p>
      ) : (
        <Suspense fallback={loadingList}>
          <list.Component
            transactions={transactions.data.results}
            coins={coins}
            portfolios={new Map(portfolio ? [[portfolio.id, portfolio]] : [])}
            showPortfolio={false}
            {...(canWrite
              ? {
                  onEdit: setEditing,
                  onDelete: (t: Transaction) =>
                    confirm.ask(deleteTransactionRequest(() => void deletes.remove([t]))),
                }
              : {})}
          />
        </Suspense>
      )}
      {transactions.data && (transactions.data.next || transactions.data.previous) && (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          <Button
            variant="secondary"
            disabled={!transactions.data.previous}
            onClick={() => setPage(page - 1)}
          >
            Previous page
          </Button>
          <Button variant="secondary" disabled={!transactions.data.next} onClick={() => setPage(page + 1)}>
            Next page
          </Button>
        </nav>
      )}
      {confirm.dialog}
    </section>
  );
}
