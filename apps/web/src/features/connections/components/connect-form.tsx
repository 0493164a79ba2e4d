import type { Connection, FieldErrors, Portfolio } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { notifyError } from '@/lib/notify';
import { connectionCreateBodySchema } from '../api/form-schemas';
import { useCreateConnection } from '../api/use-connection-mutations';
import { BitcoinFields } from './bitcoin-fields';
import { bodyOf, type ConnectDraft, emptyDraft, placeErrors } from './connect-draft';
import { EvmFields } from './evm-fields';
import { ExchangeFields } from './exchange-fields';
import { fieldErrorsFromIssues, otherErrors, serverFieldErrors } from './field-errors';

const placeholders = { bitcoin: 'Cold storage', evm: 'Main wallet', exchange: 'Kraken account' } as const;

const shownFields = [
  'kind',
  'xpub',
  'address',
  'script_type',
  'gap_limit',
  'chains',
  'exchange',
  'api_key',
  'api_secret',
  'passphrase',
  'allow_withdrawal',
  'label',
  'portfolio_id',
];

/**
 * Connects a Bitcoin wallet, an EVM address or an exchange account to a portfolio; checked by the
 * contract, then by the server.
 */
export function ConnectForm({
  portfolios,
  portfolioId,
  label,
  onKindChange,
  onCancel,
  onCreated,
}: {
  portfolios: readonly Portfolio[];
  portfolioId: string | undefined;
  /** The form's accessible name: the dialog's title, which follows what is chosen. */
  label: string;
  onKindChange: (kind: ConnectDraft['kind']) => void;
  onCancel: () => void;
  onCreated: (connection: Connection) => void;
}) {
  const kindName = useId();
  const [draft, setDraft] = useState<ConnectDraft>(() =>
    emptyDraft(portfolios.find((p) => p.id === portfolioId)?.id ?? portfolios[0]?.id ?? ''),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateConnection();
  const change = (patch: Partial<ConnectDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = connectionCreateBodySchema.safeParse(bodyOf(draft));
    if (!parsed.success) {
      setErrors(placeErrors(draft, fieldErrorsFromIssues(parsed.error.issues)));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: onCreated,
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length > 0) setErrors(placeErrors(draft, fields));
        else notifyError(error);
      },
    });
  };

  if (portfolios.length === 0)
    return (
      <p className="text-sm">
        A connection brings its history into a portfolio.{' '}
        <Link to="/portfolios" className="text-accent underline">
          Create a portfolio
        </Link>{' '}
        first.
      </p>
    );

  const rest = otherErrors(errors, shownFields);
  return (
    <form noValidate onSubmit={submit} aria-label={label} className="grid gap-4 sm:grid-cols-2">
      <fieldset className="sm:col-span-2">
        <legend className="mb-1.5 text-sm font-medium">What to connect</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {(
            [
              ['bitcoin', 'Bitcoin'],
              ['evm', 'EVM (Ethereum and others)'],
              ['exchange', 'Exchange account'],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2"
            >
              <input
                type="radio"
                name={kindName}
                value={value}
                checked={draft.kind === value}
                onChange={() => {
                  change({ kind: value });
                  setErrors({});
                  onKindChange(value);
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {draft.kind === 'bitcoin' ? (
        <BitcoinFields draft={draft} errors={errors} onChange={change} />
      ) : draft.kind === 'evm' ? (
        <EvmFields draft={draft} errors={errors} onChange={change} />
      ) : (
        <ExchangeFields draft={draft} errors={errors} onChange={change} />
      )}
      <TextField
        label="Label"
        value={draft.label}
        maxLength={80}
        placeholder={placeholders[draft.kind]}
        errors={errors.label}
        onChange={(e) => change({ label: e.target.value })}
      />
      <Field label="Portfolio" errors={errors.portfolio_id}>
        {(control) => (
          <select
            {...control}
            value={draft.portfolioId}
            className={controlClass(control['aria-invalid'])}
            onChange={(e) => change({ portfolioId: e.target.value })}
          >
            {portfolios.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <PrivacyNote kind={draft.kind} />
      {rest.length > 0 && (
        <p role="alert" className="text-sm text-danger sm:col-span-2">
          {rest.join(' ')}
        </p>
      )}
      <div className="flex justify-end gap-2 sm:col-span-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Connecting…' : 'Connect'}
        </Button>
      </div>
    </form>
  );
}

function PrivacyNote({ kind }: { kind: ConnectDraft['kind'] }) {
  if (kind === 'exchange')
    return (
      <p className="rounded-lg border border-line bg-surface-2 p-3 text-xs text-muted sm:col-span-2">
        The key and its secret are stored encrypted, only ever shown masked, never exported and removed with
        the connection. They are only ever used to read your trades, deposits, withdrawals and balances.
      </p>
    );
  return (
    <p className="rounded-lg border border-line bg-surface-2 p-3 text-xs text-muted sm:col-span-2">
      {kind === 'bitcoin'
        ? 'An extended public key cannot spend, but it reveals every address of the wallet and so every payment. '
        : 'An address reveals every payment it made or received. '}
      It is stored encrypted and only ever shown masked. Its history is read from a block explorer
      {kind === 'bitcoin' && (
        <>
          ; your server can use a self-hosted one (<code>ESPLORA_BASE_URL</code>)
        </>
      )}
      .
    </p>
  );
}
