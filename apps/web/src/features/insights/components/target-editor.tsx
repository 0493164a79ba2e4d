import { type AllocationTarget, marketCategoryOptions } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { cn } from '@/lib/cn';
import { useOnChange } from '@/lib/use-on-change';
import { insightKeys, putTargets, targetsQuery } from '../api/insights-api';

type TargetType = AllocationTarget['type'];
interface Row {
  key: string;
  percentage: string;
}

const inputClass = 'w-full rounded-lg border border-line bg-bg px-3 py-2 text-sm';

/** Target allocation per coin or per category; the server refuses sets that don't add up to 100 %. */
export function TargetEditor({ portfolioId }: { portfolioId: string }) {
  const client = useQueryClient();
  const stored = useQuery(targetsQuery(portfolioId));
  const [type, setType] = useState<TargetType>('coin');
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const listId = useId();

  useOnChange(stored.data, (data) => {
    if (!data) return;
    setType(data.targets[0]?.type ?? 'coin');
    setRows(data.targets.map((t) => ({ key: t.key, percentage: t.percentage })));
    setErrors({});
  });

  const save = useMutation({
    mutationFn: (targets: AllocationTarget[]) => putTargets({ portfolio_id: portfolioId, targets }),
    onSuccess: async () => {
      setErrors({});
      await client.invalidateQueries({ queryKey: insightKeys.all });
    },
    onError: (error) =>
      setErrors(isApiError(error) ? error.fieldErrors : { targets: ['Could not save targets.'] }),
  });

  const sum = rows.reduce((s, r) => s + (Number(r.percentage) || 0), 0);
  const submit = () =>
    save.mutate(
      rows
        .filter((r) => r.key.trim() !== '' || r.percentage.trim() !== '')
        .map((r) => ({ type, key: r.key.trim(), percentage: r.percentage.trim() })),
    );

  // The form waits for the stored targets: rows added before they arrived would be replaced by them.
  if (stored.isPending) return <Spinner label="Loading targets…" />;

  return (
    <form
      aria-label="Target allocation"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="space-y-3 text-sm"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Targets by</legend>
        {(['coin', 'category'] as const).map((t) => (
          <label key={t} className="flex items-center gap-2">
            <input type="radio" name="target-type" checked={type === t} onChange={() => setType(t)} />
            {t === 'coin' ? 'Per coin' : 'Per category'}
          </label>
        ))}
      </fieldset>
      <datalist id={listId}>
        {type === 'category' &&
          marketCategoryOptions.map((c) => <option key={c.id} value={c.id} label={c.name} />)}
      </datalist>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place and have no id until saved
        <div key={i} className="grid grid-cols-[1fr_6.5rem_auto] items-start gap-2">
          <div>
            <input
              aria-label={`Target ${i + 1} ${type === 'coin' ? 'coin id' : 'category id'}`}
              className={inputClass}
              list={listId}
              placeholder={type === 'coin' ? 'bitcoin' : 'stablecoins'}
              value={row.key}
              onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
            />
            {errors[`targets.${i}.key`]?.map((m) => (
              <p key={m} className="mt-1 text-xs text-danger">
                {m}
              </p>
            ))}
          </div>
          <div>
            <input
              aria-label={`Target ${i + 1} percent`}
              className={inputClass}
              inputMode="decimal"
              placeholder="%"
              value={row.percentage}
              onChange={(e) =>
                setRows(rows.map((r, j) => (j === i ? { ...r, percentage: e.target.value } : r)))
              }
            />
            {errors[`targets.${i}.percentage`]?.map((m) => (
              <p key={m} className="mt-1 text-xs text-danger">
                {m}
              </p>
            ))}
          </div>
          <Button
            aria-label={`Remove target ${i + 1}`}
            variant="ghost"
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            ✕
          </Button>
        </div>
      ))}
      <p
        className={cn(
          'text-xs',
          Math.abs(sum - 100) < 1e-9 || rows.length === 0 ? 'text-muted' : 'text-warning',
        )}
      >
        Total: {Number(sum.toFixed(6))} %{' '}
        {rows.length > 0 && Math.abs(sum - 100) >= 1e-9 ? '(must be 100 %)' : ''}
      </p>
      {errors.targets?.map((m) => (
        <p key={m} role="alert" className="text-xs text-danger">
          {m}
        </p>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => setRows([...rows, { key: '', percentage: '' }])}>
          Add target
        </Button>
        <Button type="submit" variant="primary" disabled={save.isPending}>
          Save targets
        </Button>
      </div>
    </form>
  );
}
