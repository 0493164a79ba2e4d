import { type Connection, connectionMessages, exchangeNames } from '@app/contracts';
import { Link } from 'react-router';
import { formatCalendarDay } from '@/lib/calendar-day';

/**
 * What an exchange connection's owner should know beside its state: how far back the exchange let
 * its history be read (older trades only come in from the account's CSV export), and that its key
 * can place orders although it is only ever read with.
 */
export function ExchangeNotes({ connection }: { connection: Connection }) {
  if (connection.kind !== 'exchange') return null;
  const { history_from: historyFrom, key_permissions: permissions } = connection;
  const name = connection.exchange ? exchangeNames[connection.exchange] : 'The exchange';
  return (
    <>
      {historyFrom && (
        <p className="text-xs text-muted">
          {name}’s API gave history from <time dateTime={historyFrom}>{formatCalendarDay(historyFrom)}</time>;{' '}
          <Link to={`/portfolios/${connection.portfolio_id}`} className="text-accent underline">
            import older history from a CSV export
          </Link>
          .
        </p>
      )}
      {permissions?.can_trade === true && (
        <p className="text-xs text-warning">
          <span aria-hidden="true">⚠ </span>
          {connectionMessages.exchangeKeyCanTrade}
        </p>
      )}
    </>
  );
}
