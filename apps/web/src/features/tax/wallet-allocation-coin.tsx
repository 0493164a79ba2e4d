import { costOrUnknown, type WalletAllocationCoin } from '@app/contracts';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';

const row = 'grid grid-cols-[1fr_auto_auto] gap-x-3';

/**
 * One coin's allocation: per portfolio, the units it held on 31 December 2024 and the lots placed
 * there (date, quantity, cost). A list, not a table, so it reads the same on a phone.
 */
export function WalletAllocationCoinView({
  coin,
  label,
  money,
}: {
  coin: WalletAllocationCoin;
  label: string;
  money: (value: string | null) => string;
}) {
  return (
    <section aria-label={label} className="mt-4">
      <h3 className="text-sm font-semibold">
        {label}{' '}
        <span className="font-normal text-muted">· {formatCoinQuantity(coin.held)} held on 31 Dec 2024</span>
      </h3>
      <ul className="mt-2 grid gap-3 md:grid-cols-2">
        {coin.portfolios.map((p) => (
          <li key={p.portfolio_id} className="min-w-0 rounded-lg border border-line p-3">
            <p className="flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="font-medium">{p.portfolio_name}</span>
              <span className="text-muted">held {formatCoinQuantity(p.held)}</span>
            </p>
            <p aria-hidden="true" className={`mt-2 text-xs text-muted ${row}`}>
              <span>Acquired</span>
              <span className="text-right">Quantity</span>
              <span className="min-w-20 text-right">Cost</span>
            </p>
            <ul aria-label={`Lots placed in ${p.portfolio_name}`} className="mt-1 space-y-1 text-sm">
              {p.pieces.map((piece) => (
                <li key={piece.acquisition_id} className={`${row} tabular-nums`}>
                  <span>{formatCalendarDay(piece.acquired_at.slice(0, 10))}</span>
                  <span className="text-right">{formatCoinQuantity(piece.quantity)}</span>
                  <span className="min-w-20 text-right">{costOrUnknown(piece.cost, money)}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
