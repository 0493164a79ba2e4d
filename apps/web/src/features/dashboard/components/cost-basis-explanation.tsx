import {
  costOrUnknown,
  type ExplainResponse,
  type LedgerStep,
  transactionTypeLabels,
  unknownCostLines,
  unknownCostMessages,
} from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { OutsideId } from '@/components/ui/outside-id';
import { Private } from '@/components/ui/private-value';
import { Table, Td, Th } from '@/components/ui/table';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { explainQuery } from '../api/dashboard-api';

/** "Explain this number": the lots (FIFO/LIFO/HIFO) or the running average behind the cost basis. */
export function Explanation({ portfolioId, coinId }: { portfolioId: string; coinId: string }) {
  const { data, isPending } = useQuery(explainQuery(portfolioId, coinId));
  const moneyIn = useMoneyIn();
  const q = useQuantityFormatter();
  if (isPending || !data) return <p className="text-sm text-muted">Loading…</p>;
  return (
    <div className="grid gap-3 text-xs">
      {data.portfolios.map((p) => {
        const m = (v: string | null) => moneyIn(v, p.currency);
        const from = rowSources(p);
        return (
          <section key={p.portfolio_id} aria-label={`How ${p.name} got its cost basis`}>
            <h4 className="mb-1 text-sm font-semibold">
              {p.name}: <Private>{q(p.quantity)}</Private> held, cost basis{' '}
              <Private>{m(p.cost_basis)}</Private> ({data.method}, {p.currency.toUpperCase()})
              {p.unknown_cost_quantity && (
                <>
                  , <Private>{unknownCostMessages.unknownCostUnits(q(p.unknown_cost_quantity))}</Private>
                </>
              )}
            </h4>
            <LeftOutNote lines={unknownCostLines(p)} className="mb-1" />
            {p.explanation.method === 'average' ? (
              <Table
                caption={`${p.name}: running average, oldest first`}
                size="xs"
                head={
                  <ExplainHead
                    headings={[
                      'Date',
                      'Type',
                      'Quantity',
                      'Holding after',
                      'Cost basis after',
                      'Running average',
                    ]}
                  />
                }
              >
                {p.explanation.timeline.map((s, index, steps) => (
                  <tr key={s.transaction_id} className="border-t border-line">
                    <Td density="compact" className="whitespace-nowrap">
                      {formatDate(s.executed_at)}
                    </Td>
                    <Td density="compact">
                      {transactionTypeLabels[s.type]}
                      {addsUnknownCost(s, steps[index - 1]) && ` (${unknownCostMessages.costUnknown})`}
                      {from(s.transaction_id)}
                    </Td>
                    <ExplainFigure value={q(s.quantity)} />
                    <ExplainFigure value={q(s.holding_after)} />
                    <ExplainFigure value={m(s.cost_basis_after)} />
                    <ExplainFigure
                      value={
                        s.average_cost_after === null && isPositive(s.unknown_cost_quantity_after)
                          ? unknownCostMessages.costUnknown
                          : m(s.average_cost_after)
                      }
                    />
                  </tr>
                ))}
              </Table>
            ) : p.explanation.lots.length === 0 ? (
              <p className="text-muted">No lots left.</p>
            ) : (
              <Table
                caption={`${p.name}: lots left, in the order they are sold`}
                size="xs"
                head={
                  <ExplainHead headings={['Acquired', 'Type', 'Bought', 'Left', 'Unit cost', 'Cost basis']} />
                }
              >
                {p.explanation.lots.map((l) => (
                  <tr key={l.transaction_id} className="border-t border-line">
                    <Td density="compact" className="whitespace-nowrap">
                      {formatDate(l.acquired_at)}
                    </Td>
                    <Td density="compact">
                      {transactionTypeLabels[l.type]}
                      {from(l.transaction_id)}
                    </Td>
                    <ExplainFigure value={q(l.quantity_acquired)} />
                    <ExplainFigure value={q(l.quantity_left)} />
                    <ExplainFigure value={costOrUnknown(l.unit_cost, m)} />
                    <ExplainFigure value={costOrUnknown(l.cost_basis, m)} />
                  </tr>
                ))}
              </Table>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Under a row's type: where a connection's row came from (nothing for rows typed by hand). */
function rowSources(p: ExplainResponse['portfolios'][number]) {
  const sources = new Map(p.sources.map((s) => [s.transaction_id, s]));
  return (transactionId: string) => {
    const source = sources.get(transactionId);
    return source ? (
      <span className="block text-muted">
        <OutsideId source={source} />
      </span>
    ) : null;
  };
}

/** A quantity above 0 (quantities are never negative). */
function isPositive(value: string | undefined): boolean {
  return value !== undefined && !/^0*(\.0*)?$/.test(value);
}

/**
 * An acquisition whose units joined the units of unknown cost (a transfer in without a price):
 * an acquisition only ever adds to them, so a changed figure means it did.
 */
function addsUnknownCost(step: LedgerStep, before: LedgerStep | undefined): boolean {
  if (step.type === 'sell' || step.type === 'transfer_out') return false;
  return (step.unknown_cost_quantity_after ?? '0') !== (before?.unknown_cost_quantity_after ?? '0');
}

/** The explanation's header: two text columns (date, type), then four figures. */
function ExplainHead({ headings }: { headings: readonly string[] }) {
  return headings.map((h, i) => (
    <Th key={h} density="compact" numeric={i >= 2}>
      {h}
    </Th>
  ));
}

function ExplainFigure({ value }: { value: string }) {
  return (
    <Td density="compact" numeric>
      <Private>{value}</Private>
    </Td>
  );
}
