import {
  costBasisMethodLabels,
  type TransactionPreviewResponse,
  type TransactionType,
  unknownCostMessages,
} from '@app/contracts';
import { Private } from '@/components/ui/private-value';
import type { QuantityFormatter } from '@/lib/quantity';

const positive = (v: string | undefined) => (v !== undefined && !/^0*(\.0*)?$/.test(v) ? v : null);

/**
 * What saving would do to the holding: quantity before and after, cost basis, average cost and a
 * sale's realized P&L, with what is left out for lack of a known cost or a fee's price.
 */
export function TransactionPreview({
  preview,
  type,
  feeCode,
  money,
  q,
}: {
  preview: TransactionPreviewResponse;
  type: TransactionType;
  feeCode: string | undefined;
  money: (v: string | null) => string;
  q: QuantityFormatter;
}) {
  const unknownAfter = positive(preview.unknown_cost_quantity_after);
  const unknownRemoved = positive(preview.unknown_cost_quantity_removed);
  return (
    <output aria-label="Preview" className="rounded-lg bg-surface-2 p-3 text-sm sm:col-span-2 lg:col-span-4">
      After this: holding <Private>{q(preview.holding_after)}</Private> (was{' '}
      <Private>{q(preview.holding_before)}</Private>), cost basis{' '}
      <Private>{money(preview.cost_basis_after)}</Private>
      {unknownAfter && (
        <>
          {' '}
          (<Private>{unknownCostMessages.unknownCostUnits(q(unknownAfter))}</Private>)
        </>
      )}
      {preview.average_cost_after !== null ? (
        <>
          , average cost <Private>{money(preview.average_cost_after)}</Private>
        </>
      ) : (
        unknownAfter && <>, average cost: {unknownCostMessages.costUnknown}</>
      )}
      {preview.realized_pnl !== null ? (
        <>
          , realized P&amp;L <Private>{money(preview.realized_pnl)}</Private>
          {unknownRemoved && (
            <>
              {' '}
              (leaves out <Private>{q(unknownRemoved)}</Private> at {unknownCostMessages.costUnknown})
            </>
          )}
        </>
      ) : (
        type === 'sell' && unknownRemoved && <>, realized P&amp;L: {unknownCostMessages.costUnknown}</>
      )}
      . Method: {costBasisMethodLabels[preview.method]}.
      {(preview.lots_without_cost_after ?? 0) > 0 &&
        ` ${unknownCostMessages.lotsWithoutCost(preview.lots_without_cost_after ?? 0)}.`}
      {preview.fee_without_price &&
        ` The fee in ${(feeCode ?? '').toUpperCase()} has no rate or price for that day and is left out.`}
    </output>
  );
}
