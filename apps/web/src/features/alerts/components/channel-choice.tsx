import { useQuery } from '@tanstack/react-query';
import { channelsQuery } from '@/lib/delivery/delivery-api';

/**
 * Where this alert is delivered besides the app. `null` means every enabled channel,
 * so an alert made before a channel was added still reaches it.
 */
export function ChannelChoice({
  value,
  onChange,
}: {
  value: string[] | null;
  onChange: (next: string[] | null) => void;
}) {
  const { data } = useQuery(channelsQuery());
  const channels = data?.results ?? [];
  const enabled = channels.filter((c) => c.enabled).map((c) => c.id);
  const checked = (id: string) => (value === null ? enabled.includes(id) : value.includes(id));
  const toggle = (id: string, on: boolean) => {
    const current = channels.filter((c) => (c.id === id ? on : checked(c.id))).map((c) => c.id);
    const all = current.length === enabled.length && enabled.every((e) => current.includes(e));
    onChange(all ? null : current);
  };
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-medium">Deliver to</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-2 text-muted">
          <input type="checkbox" checked disabled />
          In-app (always)
        </label>
        {channels.map((c) => (
          <label key={c.id} className="flex items-center gap-2">
            <input type="checkbox" checked={checked(c.id)} onChange={(e) => toggle(c.id, e.target.checked)} />
            {c.name}
            {c.status === 'failing' ? <span className="text-xs text-danger">(failing)</span> : null}
          </label>
        ))}
      </div>
      {channels.length === 0 && (
        <p className="text-xs text-muted">
          Email, ntfy, Gotify, Discord, Slack or Telegram:{' '}
          <a href="/settings/notifications" className="underline">
            add a channel
          </a>
          .
        </p>
      )}
    </fieldset>
  );
}
