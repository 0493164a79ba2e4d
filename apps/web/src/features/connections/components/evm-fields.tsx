import { type EvmChainName, evmChainNames, type FieldErrors } from '@app/contracts';
import { useId } from 'react';
import { TextField } from '@/components/ui/text-field';
import type { ConnectDraft } from './connect-draft';
import { chainLabels } from './connection-words';

/** An EVM address and the chains it is followed on. */
export function EvmFields({
  draft,
  errors,
  onChange,
}: {
  draft: ConnectDraft;
  errors: FieldErrors;
  onChange: (patch: Partial<ConnectDraft>) => void;
}) {
  const errorId = useId();
  const toggle = (chain: EvmChainName, on: boolean) =>
    onChange({
      chains: on
        ? evmChainNames.filter((c) => c === chain || draft.chains.includes(c))
        : draft.chains.filter((c) => c !== chain),
    });
  const chainErrors = errors.chains ?? [];
  return (
    <>
      <TextField
        label="Address"
        className="sm:col-span-2"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={draft.evmAddress}
        placeholder="0x…"
        errors={errors.address}
        onChange={(e) => onChange({ evmAddress: e.target.value })}
      />
      <fieldset
        className="sm:col-span-2"
        aria-invalid={chainErrors.length > 0 || undefined}
        aria-describedby={chainErrors.length > 0 ? errorId : undefined}
      >
        <legend className="mb-1.5 text-sm font-medium">Chains</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm">
          {evmChainNames.map((chain) => (
            <label key={chain} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={draft.chains.includes(chain)}
                onChange={(e) => toggle(chain, e.target.checked)}
              />
              {chainLabels[chain]}
            </label>
          ))}
        </div>
        {chainErrors.length > 0 && (
          <p id={errorId} className="mt-1 text-xs text-danger">
            {chainErrors.join(' ')}
          </p>
        )}
      </fieldset>
    </>
  );
}
