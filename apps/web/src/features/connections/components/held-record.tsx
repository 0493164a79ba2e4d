import type { HeldRecord } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { heldDecideBodySchema } from '../api/form-schemas';
import { useDecideHeld } from '../api/held-records-api';
import { serverFieldErrors } from './field-errors';
import { CandidateFacts, HeldLegFacts } from './held-rows';
import { choosesSeveral, decisionText, heldHeading } from './held-words';

const subheading = 'mb-1 text-xs font-semibold uppercase tracking-wide text-muted';

/** The server's refusal in its words: a field's messages when it names one, else its message. */
function refusalText(error: unknown): string {
  const fields = Object.values(serverFieldErrors(error)).flat();
  return fields.length > 0 ? fields.join(' ') : error instanceof Error ? error.message : String(error);
}

/**
 * One record an exchange sync held back: what the exchange says beside the transactions it may
 * already be. A possible duplicate is decided here; any other waits for what its explanation names.
 */
export function HeldRecordItem({
  connectionId,
  exchangeName,
  record,
  currency,
}: {
  connectionId: string;
  exchangeName: string;
  record: HeldRecord;
  currency: string;
}) {
  const id = useId();
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const decide = useDecideHeld(connectionId);
  const [ticked, setTicked] = useState<readonly string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const heading = heldHeading(record, quantity, coinName);
  const open = record.reason === 'possible_duplicate' && record.decision === null;
  const several = choosesSeveral(record);

  const send = (body: Record<string, unknown>) => {
    // The contract's own check, so "choose one" reads the same here as from the server.
    const parsed = heldDecideBodySchema.safeParse({ key: record.key, ...body });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => i.message).join(' '));
      return;
    }
    setError(null);
    decide.mutate(parsed.data, { onError: (e) => setError(refusalText(e)) });
  };
  const same = (transactionIds: readonly string[]) =>
    send({ decision: 'same', transaction_ids: transactionIds });
  const toggle = (transactionId: string) =>
    setTicked((now) =>
      now.includes(transactionId) ? now.filter((t) => t !== transactionId) : [...now, transactionId],
    );

  return (
    <article aria-label={heading} className="min-w-0 rounded-lg border border-line p-3">
      <div className="mb-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="min-w-0 break-words text-sm font-semibold">{heading}</h3>
        <time dateTime={record.executed_at} className="text-xs text-muted">
          {formatDateTime(record.executed_at)}
        </time>
      </div>
      <p className="mb-3 text-sm text-muted">{record.explanation}</p>
      <div className={cn('grid gap-3', record.candidates.length > 0 && 'md:grid-cols-2')}>
        <section aria-label={`What ${exchangeName} says`} className="min-w-0">
          <h4 className={subheading}>What {exchangeName} says</h4>
          {record.legs.length === 0 ? (
            <p className="text-sm text-muted">
              Nothing it could book yet{record.detail && `: ${record.detail}`}.
            </p>
          ) : (
            <ul className="grid gap-2">
              {record.legs.map((leg) => (
                <li
                  key={`${leg.type}:${leg.coin_id}:${leg.quantity}`}
                  className="rounded-md bg-surface-2 p-2"
                >
                  <HeldLegFacts leg={leg} currency={currency} />
                </li>
              ))}
            </ul>
          )}
          {record.outside_ref && (
            <p className="mt-1 text-xs text-muted">
              Exchange id: <code className="break-all">{record.outside_ref}</code>
            </p>
          )}
        </section>
        {record.candidates.length > 0 && (
          <section aria-label="Already in the portfolio" className="min-w-0">
            <h4 className={subheading}>Already in the portfolio</h4>
            <ul className="grid gap-2">
              {record.candidates.map((c) => {
                const factsId = `${id}-${c.transaction_id}`;
                return (
                  <li key={c.transaction_id} className="rounded-md border border-line p-2">
                    <CandidateFacts id={factsId} candidate={c} currency={currency} />
                    {open && several && (
                      <label className="mt-2 flex cursor-pointer items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          aria-describedby={factsId}
                          checked={ticked.includes(c.transaction_id)}
                          onChange={() => toggle(c.transaction_id)}
                        />
                        Part of this record
                      </label>
                    )}
                    {open && !several && (
                      <Button
                        variant="secondary"
                        className="mt-2"
                        aria-describedby={factsId}
                        disabled={decide.isPending}
                        onClick={() => same([c.transaction_id])}
                      >
                        Same transaction
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
      </div>
      {record.decision !== null ? (
        <p role="status" className="mt-3 text-sm">
          <span className="font-medium text-accent">Decided: books at the next sync.</span>{' '}
          {decisionText[record.decision]}
        </p>
      ) : (
        open && (
          <div className="mt-3 flex flex-wrap gap-2">
            {several && (
              <Button variant="primary" disabled={decide.isPending} onClick={() => same(ticked)}>
                Same transactions
              </Button>
            )}
            <Button
              variant="secondary"
              disabled={decide.isPending}
              onClick={() => send({ decision: 'separate' })}
            >
              Keep both
            </Button>
          </div>
        )
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm text-danger">
          {error}
        </p>
      )}
    </article>
  );
}
