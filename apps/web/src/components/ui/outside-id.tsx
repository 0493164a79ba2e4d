import type { TransactionSource } from '@app/contracts';
import { Link } from 'react-router';

/** How long an on-chain id shows before it is cut: a txid is 64 characters, a hash 66. */
const shown = 10;

function short(id: string): string {
  return id.length <= shown * 2 + 1 ? id : `${id.slice(0, shown)}…${id.slice(-6)}`;
}

/**
 * A connection's row's outside id, cut to fit (whole in the title), leading to the connection
 * while it exists. Shared by every list that shows where a row came from.
 */
export function OutsideId({ source }: { source: TransactionSource }) {
  const id = <span title={source.source_id}>On-chain {short(source.source_id)}</span>;
  if (!source.connection_id) return id;
  return (
    <Link
      to={`/settings/connections/${encodeURIComponent(source.connection_id)}`}
      className="hover:underline"
    >
      {id}
    </Link>
  );
}
