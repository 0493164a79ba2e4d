import type { ConnectionReconciliation } from '@app/contracts';
import { formatDateTime, roundDecimalString } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { Table, Td, Th } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { shortId } from '@/lib/short-id';
import { reconciliationQuery } from '../api/connection-detail-api';
import { chainLabels } from './connection-words';

type Explanation = ConnectionReconciliation['coins'][number]['explained_by'][number];

const reasonText: Readonly<Record<Explanation['reason'], string>> = {
  pending: 'pending: not confirmed yet',
  removed: 'removed: no longer on the chain',
  changed: 'changed: the chain now says otherwise',
};

const isZero = (value: string) => roundDecimalString(value, 18) === '0';

/** Per coin, what the ledger holds from this connection against what the chain says, and why they differ. */
export function ReconciliationSection({ connectionId }: { connectionId: string }) {
  const rec = useQuery(reconciliationQuery(connectionId));
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const signed = (value: string) =>
    `${!value.startsWith('-') && !isZero(value) ? '+' : ''}${quantity(value)}`;
  return (
    <Panel title="Reconciliation">
      {rec.isPending ? (
        <Spinner label="Loading the reconciliation" />
      ) : rec.isError ? (
        <p className="text-sm text-danger">The reconciliation could not be loaded.</p>
      ) : rec.data.coins.length === 0 ? (
        <p className="text-sm text-muted">Nothing to compare yet: a sync reads the chain’s balances.</p>
      ) : (
        <>
          {rec.data.as_of && (
            <p className="mb-2 text-xs text-muted">Chain read {formatDateTime(rec.data.as_of)}</p>
          )}
          <Table
            caption="Ledger against chain, per coin"
            head={
              <>
                <Th density="normal">Coin</Th>
                <Th density="normal" numeric>
                  Ledger
                </Th>
                <Th density="normal" numeric>
                  Chain
                </Th>
                <Th density="normal" numeric>
                  Difference
                </Th>
              </>
            }
          >
            {rec.data.coins.map((c) => {
              const differs = !isZero(c.difference);
              return (
                <Fragment key={`${c.chain}:${c.coin_id}`}>
                  <tr className="border-t border-line">
                    <Td density="normal">
                      {coinName(c.coin_id)}
                      {/* Bitcoin has one chain; an EVM coin is told apart by its chain. */}
                      {c.chain !== 'bitcoin' && (
                        <span className="block text-xs text-muted">on {chainLabels[c.chain]}</span>
                      )}
                    </Td>
                    <Td density="normal" numeric>
                      {quantity(c.ledger_quantity)}
                    </Td>
                    <Td density="normal" numeric>
                      {quantity(c.chain_quantity)}
                    </Td>
                    <Td
                      density="normal"
                      numeric
                      data-differs={differs || undefined}
                      className={cn(differs && 'font-semibold text-warning')}
                    >
                      {differs ? signed(c.difference) : quantity(c.difference)}
                      {differs && <span className="sr-only"> (differs)</span>}
                    </Td>
                  </tr>
                  {c.explained_by.length > 0 && (
                    <tr>
                      <td colSpan={4} className="px-2 pb-2">
                        <ul
                          className="grid gap-0.5 text-xs text-muted"
                          aria-label={`Why ${coinName(c.coin_id)} differs`}
                        >
                          {c.explained_by.map((e) => (
                            <li key={`${e.source_id}:${e.reason}`}>
                              {signed(e.quantity)} {reasonText[e.reason]} ·{' '}
                              <code title={e.source_id}>{shortId(e.source_id)}</code>
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </Table>
        </>
      )}
    </Panel>
  );
}
