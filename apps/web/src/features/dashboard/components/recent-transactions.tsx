import { transactionTypeLabels } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { recentTransactionsQuery } from '../api/dashboard-api';

export function RecentTransactions({ portfolioId }: { portfolioId: string }) {
  const { data } = useQuery(recentTransactionsQuery(portfolioId));
  if (!data) return null;
  if (data.results.length === 0) return <p className="text-sm text-muted">No transactions yet.</p>;
  return (
    <div>
      <ul className="divide-y divide-line text-sm">
        {data.results.map((t) => (
          <li key={t.id} className="flex justify-between gap-2 py-2">
            <span>
              {transactionTypeLabels[t.type]} {t.quantity} {t.coin_id}
            </span>
            <span className="text-muted">{t.executed_at.slice(0, 10)}</span>
          </li>
        ))}
      </ul>
      <Link to="/transactions" className="mt-2 inline-block text-sm text-accent underline">
        All transactions
      </Link>
    </div>
  );
}
