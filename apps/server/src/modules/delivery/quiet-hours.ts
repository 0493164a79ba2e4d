/** Quiet hours and digest times are wall-clock times in the user's time zone. */

const minutesOf = (hhmm: string): number => {
  const [h = '0', m = '0'] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
};

/** The local calendar date (YYYY-MM-DD) and minute of the day of `at` in `timeZone`. */
export function localClock(at: Date, timeZone: string): { date: string; minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    seconds: Number(get('second')),
  };
}

/**
 * When delivery may resume: `at` itself outside quiet hours, else the end of the quiet window
 * (which may wrap past midnight, e.g. 22:00–07:00). Equal start and end means no quiet hours.
 */
export function quietUntil(
  at: Date,
  prefs: { timeZone: string; quietStart: string | null; quietEnd: string | null },
): Date {
  if (!prefs.quietStart || !prefs.quietEnd) return at;
  const start = minutesOf(prefs.quietStart);
  const end = minutesOf(prefs.quietEnd);
  if (start === end) return at;
  const { minutes, seconds } = localClock(at, prefs.timeZone);
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return at;
  const wait = (end - minutes + 1440) % 1440;
  return new Date(at.getTime() + (wait * 60 - seconds) * 1000);
}

/**
 * A digest is due once the local time has reached the digest time on a local date without a
 * digest yet. It covers the alerts held before that day's digest time (`cutoff`): one that fires
 * later, on the day the digest was turned on or while a late server catches up, belongs to the
 * next day's, so a digest never goes out a minute after the alert it lists. The cutoff counts
 * back the wall-clock minutes since the digest time, which a daylight-saving change between the
 * two would shift by its hour; the digest times people choose lie far from those changes.
 */
export function digestDue(
  at: Date,
  prefs: { timeZone: string; digestTime: string; lastDigestDate: string | null },
): { date: string; cutoff: Date } | null {
  const { date, minutes, seconds } = localClock(at, prefs.timeZone);
  if (prefs.lastDigestDate === date) return null;
  const since = minutes - minutesOf(prefs.digestTime);
  if (since < 0) return null;
  return { date, cutoff: new Date(at.getTime() - (since * 60 + seconds) * 1000 - at.getUTCMilliseconds()) };
}
