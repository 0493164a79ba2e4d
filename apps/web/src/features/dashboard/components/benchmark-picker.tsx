import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useCoinLookup } from '@/lib/coin-lookup';
import { marketSelectQuery, useDebouncedValue } from '@/lib/market';
import { useBaseCurrency } from '@/lib/settings';
import { type Benchmark, defaultBenchmark } from './benchmark';

/** Common yardsticks, offered first; the held coins follow, then a search over every coin. */
const yardsticks: readonly Benchmark[] = [
  defaultBenchmark,
  { id: 'ethereum', name: 'Ethereum' },
  { id: 'solana', name: 'Solana' },
  { id: 'binancecoin', name: 'BNB' },
];

const other = '__other__';

/**
 * A select of common benchmarks and the coins the user holds, plus "Another coin…", which opens a
 * search over the whole market (2 characters, debounced) so any coin can be the benchmark.
 */
export function BenchmarkPicker({
  value,
  onChange,
  className,
}: {
  value: Benchmark;
  onChange: (b: Benchmark) => void;
  className?: string;
}) {
  const id = useId();
  const held = useCoinLookup();
  const vs = useBaseCurrency();
  const [searching, setSearching] = useState(false);
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), 300, (v) => v.length < 2);
  const found = useQuery({ ...marketSelectQuery(vs, term, 8), enabled: searching && term.length >= 2 });
  const options = [...yardsticks];
  for (const c of held.values())
    if (!options.some((o) => o.id === c.id)) options.push({ id: c.id, name: c.name });
  if (!options.some((o) => o.id === value.id)) options.push(value);
  const choose = (b: Benchmark) => {
    onChange(b);
    setSearching(false);
    setText('');
  };

  return (
    <div className={cn('flex flex-wrap items-center gap-2 text-xs text-muted', className)}>
      <label className="flex items-center gap-2" htmlFor={`${id}-select`}>
        Benchmark
      </label>
      <select
        id={`${id}-select`}
        value={searching ? other : value.id}
        onChange={(e) => {
          if (e.target.value === other) setSearching(true);
          else {
            const b = options.find((o) => o.id === e.target.value);
            if (b) choose(b);
          }
        }}
        className="rounded-md border border-line bg-surface px-2 py-1 text-fg"
      >
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
        <option value={other}>Another coin…</option>
      </select>
      {searching && (
        <div className="flex w-full flex-col gap-1 sm:w-auto">
          <input
            type="search"
            aria-label="Search a benchmark coin"
            placeholder="Name or symbol"
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setSearching(false);
            }}
            // biome-ignore lint/a11y/noAutofocus: opened on request, the search is what the user asked for
            autoFocus
            className="rounded-md border border-line bg-surface px-2 py-1 text-fg"
          />
          {term.length >= 2 && (
            <ul aria-label="Benchmark coins found" className="flex flex-wrap gap-1">
              {(found.data?.cryptocurrencies ?? []).map((c) => (
                <li key={c.id}>
                  <Button
                    variant="ghost"
                    className="border border-line px-2 py-0.5 text-xs"
                    onClick={() => choose({ id: c.id, name: c.name })}
                  >
                    {c.name} ({c.symbol.toUpperCase()})
                  </Button>
                </li>
              ))}
              {found.isSuccess && found.data.cryptocurrencies.length === 0 && <li>No coin matches.</li>}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
