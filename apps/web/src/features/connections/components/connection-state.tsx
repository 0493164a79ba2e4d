import type { Connection } from '@app/contracts';
import { Suspense } from 'react';
import { cn } from '@/lib/cn';
import { progressText } from './connection-words';
import { exchangeNotes } from './lazy-parts';
import { Moment } from './moment';

const withoutStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

/** A connection's state in words, with its progress while it syncs and its next try after a failure. */
function ConnectionState({ connection, now }: { connection: Connection; now: Date }) {
  const { state, error_message: error, next_sync_at: next } = connection;
  const tone =
    state === 'failed' || state === 'needs_attention'
      ? 'text-danger'
      : state === 'up_to_date'
        ? 'text-accent'
        : 'text-fg';
  return (
    <p className={cn('text-sm', tone)}>
      {state === 'pending' && 'Waiting for its first sync'}
      {state === 'syncing' && (
        <>
          <span className="font-medium">Syncing</span>: {progressText(connection)}
        </>
      )}
      {state === 'up_to_date' && 'Up to date'}
      {state === 'failed' && (
        <>
          Failed{error ? `: ${withoutStop(error)}` : ''}.
          {next && (
            <>
              {' '}
              Next try <Moment at={next} now={now} ahead />
            </>
          )}
        </>
      )}
      {state === 'needs_attention' && <>Needs attention{error ? `: ${withoutStop(error)}` : ''}</>}
    </p>
  );
}

/** When it last synced and when it syncs next, each relative with the moment in its title. */
function ConnectionTimes({ connection, now }: { connection: Connection; now: Date }) {
  const { last_synced_at: last, next_sync_at: next, state } = connection;
  return (
    <p className="text-xs text-muted">
      {last ? (
        <>
          Last synced <Moment at={last} now={now} />
        </>
      ) : (
        'Never synced yet'
      )}
      {next && state !== 'failed' && state !== 'syncing' && (
        <>
          {' · '}Next sync <Moment at={next} now={now} ahead />
        </>
      )}
    </p>
  );
}

/**
 * How a connection stands, as its card and its page show it: its state, its sync times and, for an
 * exchange account, what its owner should know of its key and history (ExchangeNotes).
 */
export function ConnectionStatus({ connection, now }: { connection: Connection; now: Date }) {
  return (
    <>
      <ConnectionState connection={connection} now={now} />
      <ConnectionTimes connection={connection} now={now} />
      <Suspense fallback={null}>
        <exchangeNotes.Component connection={connection} />
      </Suspense>
    </>
  );
}
