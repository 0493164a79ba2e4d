import {
  type AccessToken,
  type AccessTokenLifetime,
  type AccessTokenScope,
  accessTokenScopeLabels,
} from '@app/contracts';
import { formatDate, formatDateTime } from '@app/core';
import { timeAgo } from '@/lib/time-ago';

/** The expiry choices as the select shows them; null is a token that lives until revoked. */
export const lifetimeLabels: ReadonlyArray<readonly [AccessTokenLifetime, string]> = [
  [30, '30 days'],
  [90, '90 days'],
  [365, '365 days'],
  [null, 'Never'],
];

/** A select's value for a lifetime, and back: an option's value is always a string. */
export const lifetimeValue = (lifetime: AccessTokenLifetime) =>
  lifetime === null ? 'never' : String(lifetime);
export const lifetimeOf = (value: string): AccessTokenLifetime =>
  lifetimeLabels.find(([lifetime]) => lifetimeValue(lifetime) === value)?.[0] ?? null;

export const scopeText = (scope: AccessTokenScope) => accessTokenScopeLabels[scope];

/** The portfolios a token reaches, by name; a portfolio deleted since is said to be so. */
export function portfoliosText(
  token: Pick<AccessToken, 'portfolio_ids'>,
  nameOf: (id: string) => string | undefined,
  namesKnown: boolean,
): string {
  if (token.portfolio_ids === null) return 'All';
  if (!namesKnown) {
    const n = token.portfolio_ids.length;
    return `${n} portfolio${n === 1 ? '' : 's'}`;
  }
  return token.portfolio_ids.map((id) => nameOf(id) ?? 'A deleted portfolio').join(', ');
}

export function expiryText(expiresAt: string | null, now: Date): string {
  if (expiresAt === null) return 'Never';
  const date = formatDate(expiresAt);
  return new Date(expiresAt).getTime() <= now.getTime() ? `Expired on ${date}` : date;
}

/**
 * A moment as "5m ago" with its date and time beside it; past a week the relative form is only
 * the day again ("on 11/20"), so the date alone says it.
 */
export function momentText(at: string, now: Date): { relative: string | null; date: string } {
  const relative = timeAgo(at, now);
  return { relative: relative.startsWith('on ') ? null : relative, date: formatDateTime(at) };
}
