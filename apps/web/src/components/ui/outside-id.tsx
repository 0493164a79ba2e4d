import type { TransactionSource } from '@app/contracts';
import { Link } from 'react-router';
import { shortId } from '@/lib/short-id';

/**
 * A connection's row's outside id, cut to fit (whole in the title), leading to the connection
 * while it exists. Shared by every list that shows where a row came from.
 */
export function OutsideId({ source }: { source: TransactionSource }) {
  const id = <span title={source.source_id}>On-chain {shortId(source.source_id, 10)}</span>;
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
