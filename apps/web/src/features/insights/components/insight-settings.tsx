import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api/api-error';
import { insightKeys, insightSettingsQuery, updateInsightSettings } from '../api/insights-api';

/** The concentration limit and the "near" distance for alerts and exit rungs. */
export function InsightSettingsForm() {
  const client = useQueryClient();
  const settings = useQuery(insightSettingsQuery());
  const [threshold, setThreshold] = useState('');
  const [near, setNear] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!settings.data) return;
    setThreshold(settings.data.concentration_threshold);
    setNear(settings.data.near_percent);
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      updateInsightSettings({ concentration_threshold: threshold.trim(), near_percent: near.trim() }),
    onSuccess: async () => {
      setError(null);
      await client.invalidateQueries({ queryKey: insightKeys.all });
    },
    onError: (e) =>
      setError(
        isApiError(e) ? Object.values(e.fieldErrors).flat().join(' ') || e.message : 'Could not save.',
      ),
  });
  const inputClass = 'w-24 rounded-lg border border-line bg-bg px-3 py-2 text-sm';
  return (
    <form
      aria-label="Insight settings"
      className="flex flex-wrap items-end gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="text-muted">Concentration limit (%)</span>
        <input
          className={inputClass}
          inputMode="decimal"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1">
        <span className="text-muted">Near distance (%)</span>
        <input
          className={inputClass}
          inputMode="decimal"
          value={near}
          onChange={(e) => setNear(e.target.value)}
        />
      </label>
      <Button type="submit" variant="secondary" disabled={save.isPending}>
        Save
      </Button>
      {error && (
        <p role="alert" className="w-full text-xs text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
