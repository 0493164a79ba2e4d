import type { InsightTable } from '@app/contracts';
import { Table, Td, Th } from '@/components/ui/table';
import { maskMoneyInText, usePrivacyMode } from '@/lib/privacy';

/** One drill-down table; scrolls sideways on a phone instead of squeezing the columns. */
export function InsightTableView({ table }: { table: InsightTable }) {
  usePrivacyMode();
  if (table.rows.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{table.title}</h3>
      <Table
        caption={table.title}
        size="xs"
        className="rounded-lg border border-line"
        tableClassName="min-w-max"
        headClassName="bg-surface-2"
        head={table.columns.map((c) => (
          <Th key={c} density="custom" className="px-2 py-1.5">
            {c}
          </Th>
        ))}
      >
        {table.rows.map((row, i) => (
          // Rows have no identity of their own; their order is the server's and fixed.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are a static, ordered snapshot
          <tr key={i} className="border-t border-line">
            {row.map((cell, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
              <Td key={j} density="custom" className="px-2 py-1.5 tabular-nums">
                {maskMoneyInText(cell)}
              </Td>
            ))}
          </tr>
        ))}
      </Table>
      {table.omitted > 0 && <p className="mt-1 text-xs text-muted">{table.omitted} more rows not shown.</p>}
    </div>
  );
}
