import { type CryptoOption, marketLimits, type UnresolvedSymbol } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CoinAvatar } from '@/components/ui/coin-avatar';
import { marketSelectQuery, useDebouncedValue } from '@/lib/market';
import { useBaseCurrency } from '@/lib/settings';
import { countOf } from './count-words';

/** Search results shown under the candidates; enough to find a coin by name. */
const searchShown = 8;

function linesText(lines: readonly number[]): string {
  const shown = lines.slice(0, 6).join(', ');
  const more = lines.length > 6 ? ` and ${lines.length - 6} more` : '';
  return `${lines.length === 1 ? 'line' : 'lines'} ${shown}${more}`;
}

/**
 * One choice per symbol the import could not identify, applied to all its rows. Coins whose
 * symbol matches come first (several coins often share a ticker); a search of the market list
 * finds any other.
 */
export function CoinChooser({
  groups,
  choices,
  busy,
  onChoose,
}: {
  groups: readonly UnresolvedSymbol[];
  choices: Readonly<Record<string, CryptoOption>>;
  busy: boolean;
  onChoose: (symbol: string, coin: CryptoOption) => void;
}) {
  if (groups.length === 0) return null;
  const open = groups.filter((g) => !choices[g.symbol]).length;
  return (
    <section
      aria-label="Choose coins"
      aria-busy={busy}
      className="mt-3 rounded-lg border border-line bg-surface p-2.5 sm:p-3"
    >
      <h4 className="text-sm font-semibold">Choose the coin for each unknown symbol</h4>
      <p className="mt-1 text-xs text-muted">
        {open > 0
          ? `${open} of ${countOf(groups.length, 'symbol')} still ${open === 1 ? 'needs' : 'need'} a coin; their rows are left out until you choose.`
          : 'Every symbol has a coin. The rows were checked again with your choices.'}
      </p>
      <div className="mt-2 grid gap-3 lg:grid-cols-2">
        {groups.map((g) => (
          <SymbolChoice
            key={g.symbol}
            group={g}
            chosen={choices[g.symbol]}
            onChoose={(coin) => onChoose(g.symbol, coin)}
          />
        ))}
      </div>
    </section>
  );
}

function SymbolChoice({
  group,
  chosen,
  onChoose,
}: {
  group: UnresolvedSymbol;
  chosen: CryptoOption | undefined;
  onChoose: (coin: CryptoOption) => void;
}) {
  const ids = { search: useId(), name: useId() };
  const vs = useBaseCurrency();
  const [search, setSearch] = useState('');
  const term = useDebouncedValue(search.trim(), marketLimits.searchDebounceMs);
  // A box just cleared hides the old results at once, before the debounce settles.
  const searching =
    term.length >= marketLimits.searchMinChars && search.trim().length >= marketLimits.searchMinChars;
  const found = useQuery({ ...marketSelectQuery(vs, term), enabled: searching });
  const symbol = group.symbol.toLowerCase();
  const offered = new Set(group.candidates.map((c) => c.id));
  const results: CryptoOption[] = searching
    ? (found.data?.cryptocurrencies ?? [])
        .filter((c) => !offered.has(c.id))
        // Same symbol first, then the server's relevance order.
        .sort((a, b) => Number(b.symbol.toLowerCase() === symbol) - Number(a.symbol.toLowerCase() === symbol))
        .slice(0, searchShown)
        .map((c) => ({ id: c.id, symbol: c.symbol, name: c.name, image: c.image || null }))
    : [];
  // A coin chosen from an earlier search stays visible and checked.
  const extra = chosen && !offered.has(chosen.id) && !results.some((r) => r.id === chosen.id) ? [chosen] : [];
  const options = [...group.candidates, ...extra, ...results];

  return (
    <fieldset className="min-w-0 rounded-lg border border-line p-2.5 sm:p-3">
      <legend className="px-1 text-sm font-semibold">
        {group.symbol}{' '}
        <span className="font-normal text-muted">
          · {countOf(group.lines.length, 'row')}, {linesText(group.lines)}
        </span>
      </legend>
      <p className="text-xs" aria-live="polite">
        {chosen ? (
          <>
            Importing as <strong>{chosen.name}</strong> ({chosen.symbol.toUpperCase()})
          </>
        ) : group.candidates.length > 1 ? (
          `${group.candidates.length} coins use the symbol ${group.symbol}: pick the one you traded.`
        ) : group.candidates.length === 1 ? (
          `One coin in the market list uses ${group.symbol}: confirm it, or search for another.`
        ) : (
          `No coin in the market list uses ${group.symbol}: search by name.`
        )}
      </p>
      {options.length > 0 && (
        <ul className="mt-2 grid gap-1.5">
          {options.map((c) => (
            <li key={c.id}>
              <label className="flex cursor-pointer items-center gap-2 rounded-md border border-line px-2 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2">
                <input
                  type="radio"
                  name={ids.name}
                  value={c.id}
                  checked={chosen?.id === c.id}
                  onChange={() => onChoose(c)}
                />
                <CoinAvatar src={c.image} name={c.name} symbol={c.symbol} size={20} />
                <span className="min-w-0 flex-1 truncate">
                  {c.name} <span className="text-muted">({c.symbol.toUpperCase()})</span>
                </span>
                <span className="hidden truncate text-xs text-muted sm:inline">{c.id}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={ids.search} className="mt-2 block text-xs font-medium">
        Search coins for {group.symbol}
      </label>
      <input
        id={ids.search}
        type="search"
        value={search}
        placeholder="Name or symbol"
        autoComplete="off"
        onChange={(e) => setSearch(e.target.value)}
        className="mt-1 w-full rounded-lg border border-line bg-bg px-3 py-1.5 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent"
      />
      {searching && found.isSuccess && results.length === 0 && (
        <p className="mt-1 text-xs text-muted">No other coin matches “{term}”.</p>
      )}
      {searching && found.isError && <p className="mt-1 text-xs text-danger">The coin search failed.</p>}
    </fieldset>
  );
}
