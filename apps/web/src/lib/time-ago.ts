import { relativeTime } from '@app/core';

/**
 * A past moment for people (relative time): "just now", "5m ago", "3d ago", then the
 * day as "on 11/20"; never a timestamp. The full moment belongs in a hover title (localTime).
 */
export function timeAgo(at: string | Date, now: Date = new Date()): string {
  const relative = relativeTime(at, now);
  if (relative === 'now') return 'just now';
  return /^\d+[mhd]$/.test(relative) ? `${relative} ago` : `on ${relative}`;
}
