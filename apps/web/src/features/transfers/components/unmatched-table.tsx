import type { TransferMovementOut } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { Fragment, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { MatchByHand } from './match-by-hand';
import { directionLabels, sourceLabel } from './transfer-words';

/** The unmatched movements that could be this one's other half. */
function counterparts(
  movement: TransferMovementOut,
  all: readonly TransferMovementOut[],
): TransferMovementOut[] {
  return all.filter(
    (o) =>
      o.coin_id === movement.coin_id &&
      o.direction !== movement.direction &&
      o.portfolio_id !== movement.portfolio_id,
  );
}

/**
 * Withdrawals and deposits with no counterpart: a deposit here keeps an unknown cost and a
 * withdrawal left the books, until it is matched by hand.
 */
export function UnmatchedTable({ movements }: { movements: readonly TransferMovementOut[] }) {
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Table
      caption="Movements without a match"
      head={
        <>
          <Th>Coin</Th>
          <Th>Kind</Th>
          <Th>Portfolio</Th>
          <Th numeric>Quantity</Th>
          <Th>When</Th>
          <Th>Source</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
    >
      {movements.map((m) => (
        <Fragment key={m.transaction_id}>
          <tr className="border-t border-line align-top">
            <Td>{coinName(m.coin_id)}</Td>
            <Td>{directionLabels[m.direction]}</Td>
            <Td>{m.portfolio_name}</Td>
            <Td numeric>{quantity(m.quantity)}</Td>
            <Td className="whitespace-nowrap">{formatDateTime(m.executed_at)}</Td>
            <Td>{sourceLabel(m.source)}</Td>
            <Td>
              <Button
                variant="secondary"
                aria-expanded={open === m.transaction_id}
                aria-label={`Match by hand: ${directionLabels[m.direction].toLowerCase()} of ${quantity(m.quantity)} ${coinName(m.coin_id)} in ${m.portfolio_name}`}
                onClick={() => setOpen(open === m.transaction_id ? null : m.transaction_id)}
              >
                Match by hand
              </Button>
            </Td>
          </tr>
          {open === m.transaction_id && (
            <tr>
              <Td colSpan={7}>
                <MatchByHand movement={m} others={counterparts(m, movements)} onDone={() => setOpen(null)} />
              </Td>
            </tr>
          )}
        </Fragment>
      ))}
    </Table>
  );
}
