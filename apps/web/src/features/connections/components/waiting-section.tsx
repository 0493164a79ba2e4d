import { type Connection, exchangeNames, type Transaction } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { waitingQuery } from '../api/connection-detail-api';
import { useHeldRecords } from '../api/held-records-api';
import { ClassifyForm } from './classify-form';
import { HeldList } from './held-list';
import { OnChainId } from './on-chain-id';

const directionOf = (t: Transaction): 'received' | 'sent' | null =>
  t.classification === 'received' || t.classification === 'sent' ? t.classification : null;

/**
 * What waits for the connection's owner: for an exchange account, the records its sync held back
 * (HeldList); for every connection, the rows a sync brought that wait to be told what they were.
 */
export function WaitingSection({
  connection,
  currency,
  portfolioNames,
}: {
  connection: Connection;
  currency: string;
  portfolioNames: ReadonlyMap<string, string>;
}) {
  const waiting = useQuery(waitingQuery(connection.id));
  const held = useHeldRecords(connection);
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const rows = (waiting.data?.results ?? []).flatMap((t) => {
    const direction = directionOf(t);
    return direction ? [{ t, direction }] : [];
  });
  const heldRecords = held?.data?.results ?? [];
  const exchangeName = connection.exchange ? exchangeNames[connection.exchange] : 'the exchange';
  return (
    <Panel title="Waiting for you">
      {waiting.isPending || held?.isPending ? (
        <Spinner label="Loading what waits for you" />
      ) : (
        <div className="grid gap-4">
          {held?.isError && (
            <p className="text-sm text-danger">What the sync held back could not be loaded.</p>
          )}
          {heldRecords.length > 0 && (
            <div>
              <HeldList
                connectionId={connection.id}
                exchangeName={exchangeName}
                records={heldRecords}
                currency={currency}
              />
            </div>
          )}
          {waiting.isError ? (
            <p className="text-sm text-danger">What waits for you could not be loaded.</p>
          ) : rows.length > 0 ? (
            <div>
              <p className="mb-3 text-sm text-muted">
                Coins that came in or went out of the {held ? 'account' : 'wallet'}. Say what each was, so its
                cost and gains are right.
              </p>
              <ul className="grid gap-3">
                {rows.map(({ t, direction }) => {
                  const heading = `${direction === 'received' ? 'Received' : 'Sent'} ${quantity(t.quantity)} ${coinName(t.coin_id)}`;
                  return (
                    <li key={t.id}>
                      <article aria-label={heading} className="rounded-lg border border-line p-3">
                        <div className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
                          <h3 className="text-sm font-semibold">{heading}</h3>
                          <span className="text-xs text-muted">{formatDateTime(t.executed_at)}</span>
                          {direction === 'received' && t.price_per_coin == null && (
                            <span className="rounded-full border border-warning/50 px-2 py-0.5 text-xs text-warning">
                              cost unknown
                            </span>
                          )}
                          {t.source && <OnChainId value={t.source.source_id} />}
                        </div>
                        {t.proposed_transfer && (
                          <p className="mb-3 text-sm">
                            Counted as a transfer {direction === 'received' ? 'from' : 'to'}{' '}
                            {t.proposed_transfer.portfolio_name} (proposed):{' '}
                            <Link to="/transfers" className="text-accent underline">
                              confirm or undo it on Transfers
                            </Link>
                            , or say here what it was instead.
                          </p>
                        )}
                        <ClassifyForm
                          transaction={t}
                          direction={direction}
                          currency={currency}
                          portfolioNames={portfolioNames}
                        />
                      </article>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : (
            heldRecords.length === 0 &&
            !held?.isError && (
              <p className="text-sm text-muted">
                {held
                  ? `Nothing waits for you: every record ${exchangeName} gave is booked, and no coin it brought in or sent out needs your word.`
                  : 'Nothing waits for you: no coin it brought in or sent out still needs your word.'}
              </p>
            )
          )}
        </div>
      )}
    </Panel>
  );
}
