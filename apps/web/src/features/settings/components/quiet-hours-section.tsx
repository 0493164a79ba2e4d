import type { NotificationPreferences } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api/api-error';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { preferencesQuery, useUpdatePreferences } from '@/lib/delivery/delivery-api';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { SettingsSection } from './settings-section';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...all])].sort();
}

/** Quiet hours (held, then sent when they end) and the daily digest, in the user's time zone. */
export function QuietHoursSection() {
  const { data } = useQuery(preferencesQuery());
  const save = useUpdatePreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [quiet, setQuiet] = useState(false);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (!data) return;
    // A user who never saved gets the browser's zone offered, not UTC.
    const fresh = data.time_zone === 'UTC' && data.quiet_start === null && !data.digest;
    setDraft({ ...data, time_zone: fresh ? browserZone() : data.time_zone });
    setQuiet(data.quiet_start !== null);
  }, [data]);
  const options = useMemo(() => zones(draft?.time_zone ?? 'UTC'), [draft?.time_zone]);
  if (!draft) return null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        time_zone: draft.time_zone,
        quiet_start: quiet ? (draft.quiet_start ?? '22:00') : null,
        quiet_end: quiet ? (draft.quiet_end ?? '07:00') : null,
        digest: draft.digest,
        digest_time: draft.digest_time,
      },
      {
        onSuccess: () => {
          setFields({});
          toast.success('Delivery schedule saved');
        },
        // Offline: kept on this device and sent later, so the form is settled, not failed.
        onError: queuedOr(
          () => setFields({}),
          (error) => {
            if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setFields(error.fieldErrors);
            else notifyError(error);
          },
        ),
      },
    );
  };

  return (
    <SettingsSection
      title="Quiet hours and digest"
      description="Channels other than the app wait during quiet hours and are sent when they end. With the daily digest, they get one message a day instead."
    >
      <form onSubmit={submit} aria-label="Quiet hours and digest" className="grid gap-4 sm:grid-cols-2">
        <Field label="Time zone" errors={fields.time_zone} className="sm:col-span-2">
          {(control) => (
            <select
              {...control}
              value={draft.time_zone}
              className={controlClass(control['aria-invalid'])}
              onChange={(e) => setDraft({ ...draft, time_zone: e.target.value })}
            >
              {options.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </select>
          )}
        </Field>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={quiet} onChange={(e) => setQuiet(e.target.checked)} />
          Quiet hours
        </label>
        {quiet && (
          <>
            <Field label="From" errors={fields.quiet_start}>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  value={draft.quiet_start ?? '22:00'}
                  className={controlClass(control['aria-invalid'])}
                  onChange={(e) => setDraft({ ...draft, quiet_start: e.target.value })}
                />
              )}
            </Field>
            <Field label="Until" errors={fields.quiet_end}>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  value={draft.quiet_end ?? '07:00'}
                  className={controlClass(control['aria-invalid'])}
                  onChange={(e) => setDraft({ ...draft, quiet_end: e.target.value })}
                />
              )}
            </Field>
          </>
        )}
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            checked={draft.digest}
            onChange={(e) => setDraft({ ...draft, digest: e.target.checked })}
          />
          Daily digest instead of one message per alert
        </label>
        {draft.digest && (
          <Field label="Digest time" errors={fields.digest_time}>
            {(control) => (
              <input
                {...control}
                type="time"
                value={draft.digest_time}
                className={controlClass(control['aria-invalid'])}
                onChange={(e) => setDraft({ ...draft, digest_time: e.target.value })}
              />
            )}
          </Field>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save schedule'}
          </Button>
        </div>
      </form>
    </SettingsSection>
  );
}
