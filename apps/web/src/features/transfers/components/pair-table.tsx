import type { TransferPair } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { Table, Td, Th } from '@/components/ui/table';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { useTransferDecision } from '../api/transfers-api';
import { hoursApartText, MovementCell } from './movement-cell';
import { reasonLabels } from './transfer-words';

/**
 * Own transfers the books apply: each withdrawal beside its deposit, what the network kept and
 * how far apart they are. Proposals can be confirmed; every pair can be undone.
 */
export function PairTable({
  caption,
  pairs,
  confirmable,
}: {
  caption: string;
  pairs: readonly TransferPair[];
  confirmable: boolean;
}) {
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const confirm = useTransferDecision('confirm');
  const undo = useTransferDecision('undo');
  const busy = confirm.isPending || undo.isPending;
  return (
    <Table
      caption={caption}
      head={
        <>
          <Th>Coin</Th>
          <Th>Withdrawal</Th>
          <Th>Deposit</Th>
          <Th numeric>Network fee</Th>
          <Th>Apart</Th>
          <Th>Why</Th>
          <Th>
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
    >
      {pairs.map((p) => {
        const body = { out_id: p.out.transaction_id, in_id: p.in.transaction_id };
        const name = `${quantity(p.out.quantity)} ${coinName(p.out.coin_id)} from ${p.out.portfolio_name} to ${p.in.portfolio_name}`;
        return (
          <tr
            key={`${p.out.transaction_id}:${p.in.transaction_id}`}
            className="border-t border-line align-top"
          >
            <Td>{coinName(p.out.coin_id)}</Td>
            <Td>
              <MovementCell movement={p.out} />
            </Td>
            <Td>
              <MovementCell movement={p.in} />
            </Td>
            <Td numeric>{quantity(p.network_fee)}</Td>
            <Td className="whitespace-nowrap">{hoursApartText(p.hours_apart)}</Td>
            <Td>{reasonLabels[p.reason]}</Td>
            <Td>
              <div className="flex flex-wrap justify-end gap-2">
                {confirmable && (
                  <Button
                    variant="primary"
                    disabled={busy}
                    aria-label={`Confirm ${name}`}
                    onClick={() => confirm.mutate(body)}
                  >
                    Confirm
                  </Button>
                )}
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={`Undo ${name}`}
                  onClick={() => undo.mutate(body)}
                >
                  Undo
                </Button>
              </div>
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
