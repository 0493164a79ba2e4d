import { type CryptoOption, costOrUnknown, type Transaction, transactionTypeLabels } from '@app/contracts';
import { formatDateTime } from '@app/core';
import type { ReactNode } from 'react';
import { Private } from '@/components/ui/private-value';
import { feeText } from '@/lib/fee-text';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { CoinName } from './coin-name';
import { TransactionSource } from './transaction-source';

/** One transaction as a card, for phones: what, when, where from, how much, and its actions. */
export function TransactionCard({
  t,
  coin,
  portfolio: p,
  showPortfolio,
  checkbox,
  actions,
}: {
  t: Transaction;
  coin: CryptoOption | undefined;
  portfolio: { name: string; currency: string } | undefined;
  showPortfolio: boolean;
  /** The row's selection checkbox, when the list is selectable. */
  checkbox: ReactNode;
  actions: ReactNode;
}) {
  const money = useMoneyIn();
  const q = useQuantityFormatter();
  const currency = p?.currency ?? 'usd';
  return (
    <li className="rounded-xl border border-line bg-surface p-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        {checkbox && <div className="pt-0.5">{checkbox}</div>}
        <div className="min-w-0 flex-1">
          <p className="font-medium">
            {transactionTypeLabels[t.type]} <CoinName coin={coin} id={t.coin_id} />
          </p>
          <p className="text-xs text-muted">
            {formatDateTime(t.executed_at)}
            {showPortfolio && p ? ` · ${p.name}` : ''}
          </p>
          <TransactionSource transaction={t} />
        </div>
        <p className="shrink-0 text-right">
          <Private>{q(t.quantity)}</Private>
          <span className="block text-xs text-muted">
            {t.price_per_coin === null ? (
              <Private>{costOrUnknown(null, (v) => money(v, currency))}</Private>
            ) : (
              <>
                at <Private>{money(t.price_per_coin, currency)}</Private>
              </>
            )}
          </span>
        </p>
      </div>
      {(Number(t.fee) > 0 || t.note) && (
        <p className="mt-1 truncate text-xs text-muted">
          {Number(t.fee) > 0 && (
            <>
              Fee <Private>{feeText(t.fee, t.fee_currency, currency, money)}</Private>
              {t.note ? ' · ' : ''}
            </>
          )}
          {t.note}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-1">{actions}</div>
    </li>
  );
}
