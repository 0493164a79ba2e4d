import { type Connection, type ConnectionChain, exchangeNames } from '@app/contracts';
import { relativeTime } from '@app/core';

/** Chains as people name them. */
export const chainLabels: Readonly<Record<ConnectionChain, string>> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  arbitrum: 'Arbitrum',
  base: 'Base',
  optimism: 'Optimism',
  polygon: 'Polygon',
  exchange: 'Exchange',
};

/** "1 address", "3 addresses". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? singular : plural}`;
}

/** "Bitcoin", "EVM · Ethereum, Base", or "Exchange · Kraken". */
export function kindText(connection: Pick<Connection, 'kind' | 'chains' | 'exchange'>): string {
  if (connection.kind === 'bitcoin') return 'Bitcoin';
  if (connection.kind === 'exchange')
    return `Exchange · ${connection.exchange ? exchangeNames[connection.exchange] : 'unknown'}`;
  return `EVM · ${connection.chains.map((c) => chainLabels[c]).join(', ')}`;
}

/**
 * "120 addresses scanned, 48 transactions found"; an exchange reads histories (its trades of one
 * market, its ledger, its deposits) rather than addresses.
 */
export function progressText(connection: Pick<Connection, 'kind' | 'progress'>): string {
  const { progress } = connection;
  const scanned =
    connection.kind === 'exchange'
      ? `${countOf(progress.addresses_scanned, 'history', 'histories')} read`
      : `${countOf(progress.addresses_scanned, 'address', 'addresses')} scanned`;
  return `${scanned}, ${countOf(progress.transactions_found, 'transaction')} found`;
}

/**
 * A moment past in the app's relative form: "just now", "5m ago", "on 11/20" (lib/time-ago's
 * wording). Built on core's relativeTime, which the app shell already carries: importing the
 * lib helper as well would move it into the parts every page loads.
 */
export function timeSince(at: string, now: Date = new Date()): string {
  const relative = relativeTime(at, now);
  if (relative === 'now') return 'just now';
  return /^\d+[mhd]$/.test(relative) ? `${relative} ago` : `on ${relative}`;
}

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * A moment ahead, in the app's relative form (Nm, Nh, Nd, then the day): "in 5m", "in 3h",
 * "on 11/20"; "now" once it has come. The full moment belongs in a hover title.
 */
export function timeUntil(at: string, now: Date = new Date()): string {
  const then = new Date(at);
  const diff = then.getTime() - now.getTime();
  if (diff < minute) return 'now';
  if (diff < hour) return `in ${Math.floor(diff / minute)}m`;
  if (diff < day) return `in ${Math.floor(diff / hour)}h`;
  if (diff < 7 * day) return `in ${Math.floor(diff / day)}d`;
  const mm = String(then.getMonth() + 1).padStart(2, '0');
  const dd = String(then.getDate()).padStart(2, '0');
  return `on ${mm}/${dd}`;
}
