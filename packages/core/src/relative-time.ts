const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** Relative time: 'now', Nm, Nh, Nd, then MM/DD (after a week). */
export function relativeTime(at: Date | string, now: Date = new Date()): string {
  const then = typeof at === 'string' ? new Date(at) : at;
  const diff = Math.max(0, now.getTime() - then.getTime());
  if (diff < minute) return 'now';
  if (diff < hour) return `${Math.floor(diff / minute)}m`;
  if (diff < day) return `${Math.floor(diff / hour)}h`;
  if (diff < 7 * day) return `${Math.floor(diff / day)}d`;
  const mm = String(then.getMonth() + 1).padStart(2, '0');
  const dd = String(then.getDate()).padStart(2, '0');
  return `${mm}/${dd}`;
}
