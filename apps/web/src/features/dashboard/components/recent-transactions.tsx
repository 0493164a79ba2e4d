import { transactionTypeLabels } from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { Private } from '@/components/ui/private-value';
import { useCoinLookup } from '@/lib/coin-lookup';
import { useQuantityFormatter } from '@/lib/quantity';
import { recentTransactionsQuery } from '../api/dashboard-api';

export function RecentTransactions({ portfolioId }: { portfolioId: string }) {
  const { data } = useQuery(recentTransactionsQuery(portfolioId));
  const coins = useCoinLookup();
  const q = useQuantityFormatter();
  if (!data) return null;
  if (data.results.length === 0) return <p className="text-sm text-muted">No transactions yet.</p>;
  return (
    <div>
      <ul className="divide-y divide-line text-sm">
        {data.results.map((t) => {
          const coin = coins.get(t.coin_id);
          return (
            <li key={t.id} className="flex items-center justify-between gap-2 py-2">
              <span className="flex min-w-0 items-center gap-2">
                {coin && <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} size={20} />}
                <span className="min-w-0 truncate">
                  {transactionTypeLabels[t.type]} <Private>{q(t.quantity)}</Private>{' '}
                  {coin ? coin.symbol.toUpperCase() : t.coin_id}
                  {coin && <span className="text-muted"> · {coin.name}</span>}
                </span>
              </span>
              <time dateTime={t.executed_at} className="shrink-0 text-muted">
                {formatDate(t.executed_at)}
              </time>
            </li>
          );
        })}
      </ul>
      <Link to="/transactions" className="mt-2 inline-block text-sm text-accent underline">
        All transactions
      </Link>
    </div>
  );
}
