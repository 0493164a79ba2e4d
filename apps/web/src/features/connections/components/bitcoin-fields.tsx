import {
  bitcoinScriptTypeLabels,
  bitcoinScriptTypes,
  type FieldErrors,
  gapLimitBounds,
} from '@app/contracts';
import { useId } from 'react';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { type ConnectDraft, namesItsScript } from './connect-draft';

const secretInput = {
  autoComplete: 'off',
  autoCapitalize: 'off',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

/** A Bitcoin wallet's source: an extended public key with its script type and gap limit, or one address. */
export function BitcoinFields({
  draft,
  errors,
  onChange,
}: {
  draft: ConnectDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<ConnectDraft>) => void;
}) {
  const name = useId();
  const fixedScript = namesItsScript(draft.xpub);
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium">Connect by</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {(
            [
              ['key', 'Extended public key (xpub, ypub, zpub)'],
              ['address', 'One address'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={name}
                value={value}
                checked={draft.source === value}
                onChange={() => onChange({ source: value })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.source === 'key' ? (
        <>
          <TextField
            label="Extended public key"
            className="sm:col-span-2"
            {...secretInput}
            value={draft.xpub}
            placeholder="xpub…, ypub… or zpub…"
            errors={errors.xpub}
            onChange={(e) => onChange({ xpub: e.target.value })}
          />
          <Field
            label="Script type"
            errors={errors.script_type}
            hint={
              fixedScript
                ? 'A ypub or zpub says its own script type; this choice is for an xpub.'
                : 'How your wallet turns an xpub into addresses; most wallets say it in their settings.'
            }
          >
            {(control) => (
              <select
                {...control}
                value={draft.scriptType}
                disabled={fixedScript}
                className={controlClass(control['aria-invalid'])}
                onChange={(e) => onChange({ scriptType: e.target.value as ConnectDraft['scriptType'] })}
              >
                {bitcoinScriptTypes.map((t) => (
                  <option key={t} value={t}>
                    {bitcoinScriptTypeLabels[t]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <TextField
            label="Gap limit"
            type="number"
            inputMode="numeric"
            min={gapLimitBounds.min}
            max={gapLimitBounds.max}
            value={draft.gapLimit}
            errors={errors.gap_limit}
            hint={`Unused addresses in a row that end the search (${gapLimitBounds.min} to ${gapLimitBounds.max}; ${gapLimitBounds.default} suits most wallets).`}
            onChange={(e) => onChange({ gapLimit: e.target.value })}
          />
        </>
      ) : (
        <TextField
          label="Bitcoin address"
          className="sm:col-span-2"
          {...secretInput}
          value={draft.bitcoinAddress}
          placeholder="bc1…, 1… or 3…"
          errors={errors.address}
          onChange={(e) => onChange({ bitcoinAddress: e.target.value })}
        />
      )}
    </>
  );
}
