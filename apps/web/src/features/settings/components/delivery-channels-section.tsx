import { type NotificationChannel, webhookPresetFacts } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import {
  channelsQuery,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from '@/lib/delivery/delivery-api';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { ChannelForm } from './channel-form';
import { SettingsSection } from './settings-section';

const kindLabel = (c: NotificationChannel) => (c.preset ? webhookPresetFacts[c.preset].label : 'Email');

function ChannelRow({ channel }: { channel: NotificationChannel }) {
  const test = useTestChannel();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const sendTest = () =>
    test.mutate(channel.id, {
      onSuccess: (result) => {
        if (result.delivered) toast.success(`Test sent to “${channel.name}”`);
        else toast.error(`Test to “${channel.name}” failed`, { description: result.error ?? undefined });
      },
      onError: (error) => notifyError(error),
    });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <span className="truncate">{channel.name}</span>
          <span className="rounded-full border border-line px-2 py-0.5 text-xs text-muted">
            {kindLabel(channel)}
          </span>
          {channel.status === 'failing' && (
            <span className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-semibold text-danger">
              Failing
            </span>
          )}
          {!channel.enabled && <span className="text-xs text-muted">Off</span>}
        </p>
        <p className="truncate font-mono text-xs text-muted" title="Saved target (masked)">
          {channel.target}
        </p>
        {channel.last_error && (
          <p className="break-words text-xs text-danger">
            {channel.status === 'failing' ? 'Stopped: ' : 'Last error: '}
            {channel.last_error}
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <label className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={channel.enabled}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: channel.id, body: { enabled: e.target.checked } })}
          />
          On
        </label>
        <Button variant="secondary" disabled={test.isPending} onClick={sendTest}>
          {test.isPending ? 'Sending…' : 'Send test'}
        </Button>
        <Button
          variant="ghost"
          aria-label={`Remove ${channel.name}`}
          disabled={remove.isPending}
          onClick={() => remove.mutate(channel.id, { onSuccess: () => toast.success('Channel removed') })}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** In-app always; email and webhooks the user adds, each with a test button. */
export function DeliveryChannelsSection() {
  const { data, isPending } = useQuery(channelsQuery());
  const channels = data?.results ?? [];
  return (
    <SettingsSection
      title="Alert delivery"
      description="Every alert shows in the app. Add channels to receive alerts elsewhere too; each alert can pick its channels."
    >
      <ul className="divide-y divide-line" aria-label="Delivery channels">
        <li className="flex items-center justify-between py-3 text-sm">
          <span className="font-medium">In-app notifications</span>
          <span className="text-xs text-muted">Always on</span>
        </li>
        {channels.map((c) => (
          <ChannelRow key={c.id} channel={c} />
        ))}
      </ul>
      {isPending && <p className="text-sm text-muted">Loading channels…</p>}
      <h3 className="mt-5 mb-3 text-sm font-semibold">Add a channel</h3>
      <ChannelForm hasEmail={channels.some((c) => c.kind === 'email')} />
    </SettingsSection>
  );
}
