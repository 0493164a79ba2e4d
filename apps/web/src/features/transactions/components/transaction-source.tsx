import type { Transaction } from '@app/contracts';
import { OutsideId } from '@/components/ui/outside-id';

/**
 * Where a connection's row came from: its on-chain id, leading to the connection while it
 * exists, and whether it still waits for its owner to say what it was. Nothing for rows typed or
 * imported by hand.
 */
export function TransactionSource({ transaction: t }: { transaction: Transaction }) {
  if (!t.source) return null;
  const waiting = t.classification === 'received' || t.classification === 'sent';
  return (
    <span className="block text-xs text-muted">
      <OutsideId source={t.source} />
      {waiting && <span className="ml-2 text-warning">waits for you</span>}
    </span>
  );
}
