import { type CsvImportRow, transactionTypeLabels } from '@app/contracts';
import { formatDate } from '@app/core';
import { Private } from '@/components/ui/private-value';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { importRowKey } from './use-csv-import';

/** The parsed rows with a tick each: rows with errors or without a coin cannot be ticked. */
export function ImportPreviewTable({
  rows,
  duplicates,
  excluded,
  selectable,
  onToggle,
}: {
  rows: readonly CsvImportRow[];
  duplicates: ReadonlySet<number>;
  excluded: ReadonlySet<string>;
  selectable: (row: CsvImportRow) => boolean;
  onToggle: (key: string, included: boolean) => void;
}) {
  const q = useQuantityFormatter();
  const money = useMoneyIn();
  return (
    // Scrolls on its own (sideways on a phone) so the page never does.
    <div className="relative mt-2 max-h-80 overflow-auto">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">Rows to import</caption>
        <thead className="text-muted">
          <tr>
            <th className="p-1">Import</th>
            <th className="p-1">Line</th>
            <th className="p-1">Date</th>
            <th className="p-1">Type</th>
            <th className="p-1">Coin</th>
            <th className="p-1 text-right">Quantity</th>
            <th className="p-1 text-right">Price</th>
            <th className="p-1">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => {
            const key = importRowKey(r, i);
            const ok = selectable(r);
            return (
              <tr key={key} className="border-t border-line">
                <td className="p-1">
                  <input
                    type="checkbox"
                    aria-label={`Import line ${r.line} ${r.symbol}`}
                    disabled={!ok}
                    checked={ok && !excluded.has(key)}
                    onChange={(e) => onToggle(key, e.target.checked)}
                  />
                </td>
                <td className="p-1">{r.line}</td>
                <td className="p-1 whitespace-nowrap">{formatDate(r.transaction.date)}</td>
                <td className="p-1">{transactionTypeLabels[r.transaction.type]}</td>
                <td className="p-1 whitespace-nowrap">
                  {r.symbol}
                  {r.coin_id && <span className="block text-muted">{r.coin_id}</span>}
                </td>
                <td className="p-1 text-right">
                  <Private>{q(r.transaction.quantity)}</Private>
                </td>
                <td className="p-1 text-right tabular-nums whitespace-nowrap">
                  <Private>
                    {r.price_currency
                      ? money(r.transaction.price_per_coin, r.price_currency)
                      : q(r.transaction.price_per_coin)}
                  </Private>
                </td>
                <td className="p-1">
                  {r.coin_id === null ? (
                    <span className="text-warning">Choose a coin</span>
                  ) : !ok ? (
                    <span className="text-danger">Error</span>
                  ) : duplicates.has(r.line) ? (
                    <span className="text-warning">Likely duplicate</span>
                  ) : (
                    'Ready'
                  )}
                  {r.warnings.length > 0 && <span className="block text-muted">{r.warnings.join('; ')}</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
