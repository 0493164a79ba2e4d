import { type ConnectionToken, marketLimits } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { marketSelectQuery, useDebouncedValue } from '@/lib/market';
import { useBaseCurrency } from '@/lib/settings';
import { toast } from '@/lib/toast';
import { useUpdateToken } from '../api/use-connection-mutations';

/** Results offered at once: enough to find a coin by its name. */
const shown = 8;

/** Maps an unrecognised token to a coin of the market list; its transfers are then booked as that coin. */
export function MapTokenDialog({
  connectionId,
  token,
  onClose,
}: {
  connectionId: string;
  token: ConnectionToken;
  onClose: () => void;
}) {
  const name = useId();
  const vs = useBaseCurrency();
  const [search, setSearch] = useState(token.symbol);
  const [chosen, setChosen] = useState<string | null>(null);
  const term = useDebouncedValue(search.trim(), marketLimits.searchDebounceMs);
  const searching = term.length >= marketLimits.searchMinChars;
  const found = useQuery({ ...marketSelectQuery(vs, term), enabled: searching });
  const update = useUpdateToken(connectionId);
  const results = searching ? (found.data?.cryptocurrencies ?? []).slice(0, shown) : [];

  const save = () => {
    if (chosen === null) return;
    update.mutate(
      { tokenId: token.id, body: { coin_id: chosen } },
      {
        onSuccess: () => {
          toast.success(`${token.symbol} mapped`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      title={`Map ${token.name} (${token.symbol})`}
      description="Choose the coin this token is. Its transfers are then booked as that coin."
      onClose={onClose}
      closeButton
      width="max-w-md"
    >
      <TextField
        label="Search coins"
        type="search"
        autoComplete="off"
        value={search}
        placeholder="Name or symbol"
        onChange={(e) => setSearch(e.target.value)}
      />
      <div className="mt-3 min-h-24" aria-live="polite">
        {searching && found.isPending && <p className="text-sm text-muted">Searching…</p>}
        {searching && found.isError && <p className="text-sm text-danger">The coin search failed.</p>}
        {searching && found.isSuccess && results.length === 0 && (
          <p className="text-sm text-muted">No coin matches “{term}”.</p>
        )}
        {results.length > 0 && (
          <fieldset>
            <legend className="sr-only">Coins</legend>
            <ul className="grid gap-1.5">
              {results.map((c) => (
                <li key={c.id}>
                  <label className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-2 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2">
                    <input
                      type="radio"
                      name={name}
                      value={c.id}
                      checked={chosen === c.id}
                      onChange={() => setChosen(c.id)}
                    />
                    <CoinAvatar src={c.image || null} name={c.name} symbol={c.symbol} size={20} />
                    <span className="min-w-0 flex-1 truncate">
                      {c.name} <span className="text-muted">({c.symbol.toUpperCase()})</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="primary" disabled={chosen === null || update.isPending} onClick={save}>
          {update.isPending ? 'Mapping…' : 'Map to this coin'}
        </Button>
      </div>
    </Dialog>
  );
}
