import type { InsightTable } from '@app/contracts';
import { maskMoneyInText, usePrivacyMode } from '@/lib/privacy';

/** One drill-down table; scrolls sideways on a phone instead of squeezing the columns. */
export function InsightTableView({ table }: { table: InsightTable }) {
  usePrivacyMode();
  if (table.rows.length === 0) return null;
  return (
    <div className="mt-3">
      <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted">{table.title}</h4>
      <div className="overflow-x-auto rounded-lg border border-line">
        <table className="w-full min-w-max text-left text-xs">
          <thead className="bg-surface-2 text-muted">
            <tr>
              {table.columns.map((c) => (
                <th key={c} scope="col" className="px-2 py-1.5 font-medium">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, i) => (
              // Rows have no identity of their own; their order is the server's and fixed.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are a static, ordered snapshot
              <tr key={i} className="border-t border-line">
                {row.map((cell, j) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional columns
                  <td key={j} className="px-2 py-1.5 tabular-nums">
                    {maskMoneyInText(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.omitted > 0 && <p className="mt-1 text-xs text-muted">{table.omitted} more rows not shown.</p>}
    </div>
  );
}
