import type { ConnectionToken } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { tokensQuery } from '../api/connection-detail-api';
import { useUpdateToken } from '../api/use-connection-mutations';
import { chainLabels } from './connection-words';
import { MapTokenDialog } from './map-token-dialog';
import { OnChainId } from './on-chain-id';

/** Tokens the wallet holds that no coin is known for: listed, never valued, until mapped or hidden. */
export function TokensSection({ connectionId }: { connectionId: string }) {
  const tokens = useQuery(tokensQuery(connectionId));
  const [mapping, setMapping] = useState<ConnectionToken | null>(null);
  const all = tokens.data?.results ?? [];
  const visible = all.filter((t) => !t.hidden);
  const hidden = all.filter((t) => t.hidden);
  return (
    <Panel title="Unrecognised tokens">
      {tokens.isPending ? (
        <Spinner label="Loading tokens" />
      ) : tokens.isError ? (
        <p className="text-sm text-danger">The tokens could not be loaded.</p>
      ) : visible.length === 0 ? (
        <p className="text-sm text-muted">Every token this wallet holds is a known coin.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Unrecognised tokens">
          {visible.map((t) => (
            <TokenRow key={t.id} connectionId={connectionId} token={t} onMap={() => setMapping(t)} />
          ))}
        </ul>
      )}
      {hidden.length > 0 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer text-muted">Hidden tokens ({hidden.length})</summary>
          <ul className="divide-y divide-line" aria-label="Hidden tokens">
            {hidden.map((t) => (
              <TokenRow key={t.id} connectionId={connectionId} token={t} />
            ))}
          </ul>
        </details>
      )}
      {mapping && (
        <MapTokenDialog connectionId={connectionId} token={mapping} onClose={() => setMapping(null)} />
      )}
    </Panel>
  );
}

function TokenRow({
  connectionId,
  token,
  onMap,
}: {
  connectionId: string;
  token: ConnectionToken;
  onMap?: () => void;
}) {
  const update = useUpdateToken(connectionId);
  const quantity = useQuantityFormatter();
  const coinName = useCoinName();
  const who = `${token.name} (${token.symbol})`;
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {token.name} <span className="text-muted">{token.symbol}</span>
          <span className="ml-2 tabular-nums">{quantity(token.quantity)}</span>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
          <span>{chainLabels[token.chain]}</span>
          <span aria-hidden="true">·</span>
          <OnChainId value={token.contract_address} label="contract address" />
          {token.coin_id && <span>· Mapped to {coinName(token.coin_id)}</span>}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        {token.hidden ? (
          <Button
            variant="ghost"
            aria-label={`Show ${who}`}
            disabled={update.isPending}
            onClick={() => update.mutate({ tokenId: token.id, body: { hidden: false } })}
          >
            Show
          </Button>
        ) : (
          <>
            <Button variant="secondary" aria-label={`Map ${who} to a coin`} onClick={onMap}>
              Map to a coin
            </Button>
            <Button
              variant="ghost"
              aria-label={`Hide ${who}`}
              disabled={update.isPending}
              onClick={() => update.mutate({ tokenId: token.id, body: { hidden: true } })}
            >
              Hide
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
