import type { AccessToken } from '@app/contracts';
import { formatDate } from '@app/core';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { TokenActivity } from './token-activity';
import { expiryText, momentText, portfoliosText, scopeText } from './token-words';

/** One term and its value; `wide` ones take the whole row on a phone, where two columns are narrow. */
function Fact({ term, wide = false, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('min-w-0', wide && 'col-span-2 sm:col-span-1')}>
      <dt className="text-xs text-muted">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

function LastUsed({ token, now }: { token: AccessToken; now: Date }) {
  if (token.last_used_at === null) return <>Never</>;
  const { relative, date } = momentText(token.last_used_at, now);
  return (
    <>
      <time dateTime={token.last_used_at}>{relative === null ? date : `${relative} · ${date}`}</time>
      {token.last_used_address !== null && (
        <span className="block text-xs text-muted">
          from <span className="font-mono break-all">{token.last_used_address}</span>
        </span>
      )}
    </>
  );
}

export interface TokenCardProps {
  token: AccessToken;
  now: Date;
  portfolioName: (id: string) => string | undefined;
  portfolioNamesKnown: boolean;
  onRevoke: (token: AccessToken) => void;
}

/** One token: what it may do and reach, when it was made, ends and was last used; Revoke; its activity. */
export function TokenCard({ token, now, portfolioName, portfolioNamesKnown, onRevoke }: TokenCardProps) {
  const [open, setOpen] = useState(false);
  const activityId = useId();
  return (
    <article aria-label={token.name} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="text-base font-semibold break-words">{token.name}</h3>
          <p className="font-mono text-xs text-muted break-all" title="The token's first characters">
            {token.prefix}…
          </p>
        </div>
        <Button
          variant="secondary"
          className="shrink-0"
          aria-label={`Revoke ${token.name}`}
          onClick={() => onRevoke(token)}
        >
          Revoke
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3">
        <Fact term="Scopes" wide>
          <ul>
            {token.scopes.map((scope) => (
              <li key={scope}>{scopeText(scope)}</li>
            ))}
          </ul>
        </Fact>
        <Fact term="Portfolios" wide>
          {portfoliosText(token, portfolioName, portfolioNamesKnown)}
        </Fact>
        <Fact term="Created">
          <time dateTime={token.created_at}>{formatDate(token.created_at)}</time>
        </Fact>
        <Fact term="Expires">{expiryText(token.expires_at, now)}</Fact>
        <Fact term="Last used" wide>
          <LastUsed token={token} now={now} />
        </Fact>
      </dl>
      <div className="mt-3 border-t border-line pt-2">
        <Button
          variant="ghost"
          className="-ml-2"
          aria-label={`Activity of ${token.name}`}
          aria-expanded={open}
          aria-controls={activityId}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> Activity
        </Button>
        <div id={activityId} hidden={!open} className="mt-2">
          {open && <TokenActivity id={token.id} name={token.name} />}
        </div>
      </div>
    </article>
  );
}
