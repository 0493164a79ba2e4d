import type { TransferMovementOut } from '@app/contracts';
import { formatDateTime, numberFormat } from '@app/core';
import { useQuantityFormatter } from '@/lib/quantity';
import { sourceLabel } from './transfer-words';

/** One side of a transfer: its portfolio, quantity, time and source, in one table cell. */
export function MovementCell({ movement }: { movement: TransferMovementOut }) {
  const quantity = useQuantityFormatter();
  return (
    <div className="grid gap-0.5">
      <span className="font-medium">{movement.portfolio_name}</span>
      <span className="tabular-nums">{quantity(movement.quantity)}</span>
      <span className="text-xs text-muted">
        {formatDateTime(movement.executed_at)} · {sourceLabel(movement.source)}
      </span>
    </div>
  );
}

/** "3 h later", "0.5 h earlier": how far the deposit is from the withdrawal. */
export function hoursApartText(hours: number): string {
  const size = numberFormat(undefined, { maximumFractionDigits: 2 }).format(Math.abs(hours));
  if (hours === 0) return 'at the same time';
  return `${size} h ${hours > 0 ? 'later' : 'earlier'}`;
}
