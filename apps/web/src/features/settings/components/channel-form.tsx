import {
  type ChannelCreateBody,
  type WebhookPreset,
  webhookPresetFacts,
  webhookPresets,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { useCreateChannel } from '@/lib/delivery/delivery-api';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';

type Choice = 'email' | WebhookPreset;

const choiceLabel = (c: Choice) =>
  c === 'email' ? 'Email (your account address)' : webhookPresetFacts[c].label;

/** Adds a channel: email, or a webhook preset with the fields that preset needs. */
export function ChannelForm({ hasEmail }: { hasEmail: boolean }) {
  const choices: Choice[] = [...(hasEmail ? [] : (['email'] as const)), ...webhookPresets];
  const [choice, setChoice] = useState<Choice>(choices[0] ?? 'ntfy');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [chatId, setChatId] = useState('');
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const create = useCreateChannel();
  const facts = choice === 'email' ? null : webhookPresetFacts[choice];

  const body = (): ChannelCreateBody | Record<string, unknown> =>
    choice === 'email'
      ? { kind: 'email', name: name.trim() || 'Email' }
      : {
          kind: 'webhook',
          preset: choice,
          name: name.trim() || webhookPresetFacts[choice].label,
          ...(url.trim() ? { url: url.trim() } : {}),
          ...(token.trim() ? { token: token.trim() } : {}),
          ...(chatId.trim() ? { chat_id: chatId.trim() } : {}),
        };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { channelCreateBodySchema } = await import('./form-schemas');
    const parsed = channelCreateBodySchema.safeParse(body());
    if (!parsed.success) {
      const next: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'name';
        next[key] = [...(next[key] ?? []), issue.message];
      }
      setFields(next);
      return;
    }
    const clear = () => {
      setName('');
      setUrl('');
      setToken('');
      setChatId('');
      setFields({});
    };
    create.mutate(parsed.data, {
      onSuccess: (channel) => {
        toast.success(`Channel “${channel.name}” added`);
        clear();
      },
      // Offline: kept on this device and sent later; the form clears as after a save.
      onError: queuedOr(clear, (error) => {
        if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) setFields(error.fieldErrors);
        else notifyError(error);
      }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label="Add a channel"
      className="grid gap-3 sm:grid-cols-2"
    >
      <Field label="Channel type">
        {(control) => (
          <select
            {...control}
            value={choice}
            className={controlClass(undefined)}
            onChange={(e) => {
              setChoice(e.target.value as Choice);
              setFields({});
            }}
          >
            {choices.map((c) => (
              <option key={c} value={c}>
                {choiceLabel(c)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label="Name"
        value={name}
        placeholder={facts?.label ?? 'Email'}
        maxLength={60}
        errors={fields.name}
        onChange={(e) => setName(e.target.value)}
      />
      {facts && (
        <TextField
          label={
            choice === 'telegram'
              ? 'Bot API server (optional)'
              : choice === 'ntfy'
                ? 'Topic URL'
                : 'Webhook URL'
          }
          className="sm:col-span-2"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          placeholder={facts.urlHint}
          errors={fields.url}
          hint="Kept encrypted; shown masked after saving."
          onChange={(e) => setUrl(e.target.value)}
        />
      )}
      {facts && facts.token !== 'none' && (
        <TextField
          label={
            choice === 'telegram'
              ? 'Bot token'
              : choice === 'gotify'
                ? 'Application token'
                : `Access token${facts.token === 'optional' ? ' (optional)' : ''}`
          }
          type="password"
          autoComplete="off"
          value={token}
          errors={fields.token}
          onChange={(e) => setToken(e.target.value)}
        />
      )}
      {facts?.chatId && (
        <TextField
          label="Chat id"
          inputMode="numeric"
          autoComplete="off"
          value={chatId}
          errors={fields.chat_id}
          onChange={(e) => setChatId(e.target.value)}
        />
      )}
      <div className="flex items-end sm:col-span-2">
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Adding…' : 'Add channel'}
        </Button>
      </div>
    </form>
  );
}
