import type { Transaction } from '@app/contracts';
import { Link } from 'react-router';

/** How long an on-chain id shows before it is cut: a txid is 64 characters, a hash 66. */
const shown = 10;

function short(id: string): string {
  return id.length <= shown * 2 + 1 ? id : `${id.slice(0, shown)}…${id.slice(-6)}`;
}

/**
 * Where a connection's row came from: its on-chain id (whole in the title), leading to the
 * connection while it exists, and whether it still waits for its owner to say what it was.
 * Nothing for rows typed or imported by hand.
 */
export function TransactionSource({ transaction: t }: { transaction: Transaction }) {
  if (!t.source) return null;
  const waiting = t.classification === 'received' || t.classification === 'sent';
  const id = <span title={t.source.source_id}>On-chain {short(t.source.source_id)}</span>;
  return (
    <span className="block text-xs text-muted">
      {t.source.connection_id ? (
        <Link
          to={`/settings/connections/${encodeURIComponent(t.source.connection_id)}`}
          className="hover:underline"
        >
          {id}
        </Link>
      ) : (
        id
      )}
      {waiting && <span className="ml-2 text-warning">waits for you</span>}
    </span>
  );
}
