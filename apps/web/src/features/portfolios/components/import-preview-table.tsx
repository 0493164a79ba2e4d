import {
  type CsvImportRow,
  type CsvRowError,
  transactionTypeLabels,
  unknownCostMessages,
} from '@app/contracts';
import { formatDate } from '@app/core';
import { Private } from '@/components/ui/private-value';
import { Table, Td, Th } from '@/components/ui/table';
import { useCoinNames } from '@/lib/coin-names';
import { feeText } from '@/lib/fee-text';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { conversionText, OriginalAmount } from './import-conversion';
import { importRowKey } from './use-csv-import';

/** The parsed rows with a tick each: rows with errors or without a coin cannot be ticked. */
export function ImportPreviewTable({
  rows,
  errors = [],
  duplicates,
  excluded,
  selectable,
  onToggle,
}: {
  rows: readonly CsvImportRow[];
  /** The preview's row errors: a row that has some says why in its status. */
  errors?: readonly CsvRowError[];
  duplicates: ReadonlySet<number>;
  excluded: ReadonlySet<string>;
  selectable: (row: CsvImportRow) => boolean;
  onToggle: (key: string, included: boolean) => void;
}) {
  const q = useQuantityFormatter();
  const money = useMoneyIn();
  const names = useCoinNames();
  // In its own currency: a BNB fee reads "0.00009883 BNB", not an amount of the trade's currency.
  const rowFee = (r: CsvImportRow) =>
    r.price_currency || r.transaction.fee_currency
      ? feeText(r.transaction.fee, r.transaction.fee_currency, r.price_currency ?? '', money)
      : q(r.transaction.fee);
  return (
    // Scrolls on its own (sideways on a phone) so the page never does.
    <Table
      caption="Rows to import"
      size="xs"
      className="mt-2 max-h-80 overflow-y-auto"
      head={
        <>
          <Th density="compact">Import</Th>
          <Th density="compact">Line</Th>
          <Th density="compact">Date</Th>
          <Th density="compact">Type</Th>
          <Th density="compact">Coin</Th>
          <Th density="compact" numeric>
            Quantity
          </Th>
          <Th density="compact" numeric>
            Price
          </Th>
          <Th density="compact" numeric>
            Fee
          </Th>
          <Th density="compact">Status</Th>
        </>
      }
    >
      {rows.map((r, i) => {
        const key = importRowKey(r, i);
        const ok = selectable(r);
        return (
          <tr key={key} className="border-t border-line">
            <Td density="compact">
              <input
                type="checkbox"
                aria-label={`Import line ${r.line} ${r.symbol}`}
                disabled={!ok}
                checked={ok && !excluded.has(key)}
                onChange={(e) => onToggle(key, e.target.checked)}
              />
            </Td>
            <Td density="compact">{r.line}</Td>
            <Td density="compact" className="whitespace-nowrap">
              {formatDate(r.transaction.date)}
            </Td>
            <Td density="compact">{transactionTypeLabels[r.transaction.type]}</Td>
            <Td density="compact" className="whitespace-nowrap">
              {r.symbol}
              {/* The name's line is there before the names arrive: filled in later, it made every
                  row a line taller and moved the Import button under a click aimed at it. */}
              {r.coin_id && <span className="block text-muted">{names.get(r.coin_id) ?? '\u00a0'}</span>}
            </Td>
            <Td density="compact" numeric>
              <Private>{q(r.transaction.quantity)}</Private>
            </Td>
            <Td density="compact" numeric>
              <Private>
                {r.transaction.price_per_coin === null
                  ? unknownCostMessages.costUnknown
                  : r.price_currency
                    ? money(r.transaction.price_per_coin, r.price_currency)
                    : q(r.transaction.price_per_coin)}
                {r.conversion && (
                  <OriginalAmount
                    amount={r.conversion.original_price_per_coin}
                    conversion={r.conversion}
                    money={money}
                  />
                )}
              </Private>
            </Td>
            <Td density="compact" numeric className="whitespace-nowrap">
              <Private>
                {rowFee(r)}
                {r.conversion && r.transaction.fee_currency === undefined && (
                  <OriginalAmount
                    amount={r.conversion.original_fee}
                    conversion={r.conversion}
                    money={money}
                  />
                )}
              </Private>
            </Td>
            <Td density="compact">
              {r.coin_id === null ? (
                <span className="text-warning">Choose a coin</span>
              ) : !ok ? (
                <span className="text-danger">
                  {errors
                    .filter((e) => e.line === r.line)
                    .map((e) => e.message)
                    .join('; ') || 'Cannot be imported'}
                </span>
              ) : duplicates.has(r.line) ? (
                <span className="text-warning">Likely duplicate</span>
              ) : (
                'Ready'
              )}
              {r.conversion && <span className="block text-muted">{conversionText(r.conversion)}</span>}
              {r.warnings.length > 0 && <span className="block text-muted">{r.warnings.join('; ')}</span>}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
