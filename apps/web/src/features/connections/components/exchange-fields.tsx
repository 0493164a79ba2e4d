import { type ExchangeId, exchangeDescriptors, exchangeIds, type FieldErrors } from '@app/contracts';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import type { ConnectDraft } from './connect-draft';

/**
 * An exchange account: which exchange, and the read-only key its own pages create, with a link
 * to them. A key that can withdraw is refused by the server until the owner ticks the box the
 * refusal brings up.
 */
export function ExchangeFields({
  draft,
  errors,
  onChange,
}: {
  draft: ConnectDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<ConnectDraft>) => void;
}) {
  const d = exchangeDescriptors[draft.exchange];
  const secretInput = { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false } as const;
  return (
    <>
      <Field label="Exchange" errors={errors.exchange} className="sm:col-span-2">
        {(control) => (
          <select
            {...control}
            value={draft.exchange}
            className={controlClass(control['aria-invalid'])}
            onChange={(e) => onChange({ exchange: e.target.value as ExchangeId, passphrase: '' })}
          >
            {exchangeIds.map((id) => (
              <option key={id} value={id}>
                {exchangeDescriptors[id].name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="text-xs text-muted sm:col-span-2">
        Create a key that can only read. {d.readOnlyHint}{' '}
        <a href={d.helpUrl} target="_blank" rel="noreferrer noopener" className="text-accent underline">
          How to create a key on {d.name}
        </a>
      </p>
      <TextField
        label={d.keyLabel}
        className="sm:col-span-2"
        {...secretInput}
        value={draft.apiKey}
        errors={errors.api_key}
        onChange={(e) => onChange({ apiKey: e.target.value })}
      />
      <TextField
        label={d.secretLabel}
        type="password"
        className="sm:col-span-2"
        {...secretInput}
        value={draft.apiSecret}
        errors={errors.api_secret}
        onChange={(e) => onChange({ apiSecret: e.target.value })}
      />
      {d.passphraseLabel !== null && (
        <TextField
          label={d.passphraseLabel}
          type="password"
          className="sm:col-span-2"
          {...secretInput}
          value={draft.passphrase}
          errors={errors.passphrase}
          onChange={(e) => onChange({ passphrase: e.target.value })}
        />
      )}
      {(errors.allow_withdrawal || draft.allowWithdrawal) && (
        <div className="sm:col-span-2">
          {errors.allow_withdrawal && (
            <p role="alert" className="mb-1 text-sm text-danger">
              {errors.allow_withdrawal.join(' ')}
            </p>
          )}
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.allowWithdrawal}
              onChange={(e) => onChange({ allowWithdrawal: e.target.checked })}
            />
            Use this key anyway: it will only ever be used to read
          </label>
        </div>
      )}
    </>
  );
}
