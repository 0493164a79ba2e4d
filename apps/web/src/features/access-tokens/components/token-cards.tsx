import type { AccessToken } from '@app/contracts';
import { useEffect, useState } from 'react';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { useRevokeAccessToken } from '../api/use-access-token-mutations';
import { TokenCard } from './token-card';

/** The clock "5m ago" is read against, moved every half minute so it keeps up. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

export interface TokenCardsProps {
  tokens: readonly AccessToken[];
  /** Portfolio names by id; null while the list of portfolios is not there. */
  portfolioNames: ReadonlyMap<string, string> | null;
}

/** The tokens as cards, each with Revoke (after a confirmation) and its activity. */
export function TokenCards({ tokens, portfolioNames }: TokenCardsProps) {
  const revoke = useRevokeAccessToken();
  const confirm = useConfirm();
  const now = useNow();
  const ask = (token: AccessToken) =>
    confirm.ask({
      title: `Revoke “${token.name}”?`,
      description: 'Anything using this token is refused from now on. This cannot be undone.',
      confirmLabel: 'Revoke token',
      destructive: true,
      onConfirm: () => revoke.mutate(token),
    });
  return (
    <>
      <ul className="grid gap-3" aria-label="Access tokens">
        {tokens.map((token) => (
          <li key={token.id}>
            <TokenCard
              token={token}
              now={now}
              portfolioName={(id) => portfolioNames?.get(id)}
              portfolioNamesKnown={portfolioNames !== null}
              onRevoke={ask}
            />
          </li>
        ))}
      </ul>
      {confirm.dialog}
    </>
  );
}
