import { formatDateTime } from '@app/core';
import { useEffect, useState } from 'react';
import { timeSince, timeUntil } from './connection-words';

/** The clock relative times are read against, moved on every half minute so "5m ago" keeps up. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A moment said relatively ("5m ago", "in 2h"), with the date and time in its title. */
export function Moment({ at, now, ahead = false }: { at: string; now: Date; ahead?: boolean }) {
  return (
    <time dateTime={at} title={formatDateTime(at)} className="underline decoration-dotted underline-offset-2">
      {ahead ? timeUntil(at, now) : timeSince(at, now)}
    </time>
  );
}
