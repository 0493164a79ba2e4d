import {
  type AccessTokenCreated,
  type AccessTokenLifetime,
  type AccessTokenScope,
  accessTokenScopes,
  type FieldErrors,
} from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { notifyError } from '@/lib/notify';
import { issueFieldErrors, otherErrors, serverFieldErrors } from '../api/field-errors';
import { useCreateAccessToken } from '../api/use-access-token-mutations';
import { ChoiceGroup } from './choice-group';
import { PortfolioChoice, type PortfolioPick } from './portfolio-choice';
import { lifetimeLabels, lifetimeOf, lifetimeValue, scopeText } from './token-words';

/** The fields this form shows messages at; any other message is shown above the button. */
const shownFields = ['name', 'scopes', 'portfolio_ids', 'expires_in_days'];

interface Draft {
  name: string;
  scopes: readonly AccessTokenScope[];
  portfolios: PortfolioPick;
  lifetime: AccessTokenLifetime;
}

/** Reading is the one scope on by default; each kind of write is an opt-in of its own. */
const fresh: Draft = { name: '', scopes: ['read'], portfolios: { all: true, ids: [] }, lifetime: 90 };

/** Makes a token; the whole token goes to `onCreated`, never into the form or the list. */
export function CreateTokenForm({ onCreated }: { onCreated: (created: AccessTokenCreated) => void }) {
  const [draft, setDraft] = useState<Draft>(fresh);
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateAccessToken();
  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const toggleScope = (scope: AccessTokenScope, on: boolean) =>
    edit({
      // Kept in the contract's order, whatever order they were ticked in.
      scopes: accessTokenScopes.filter((s) => (s === scope ? on : draft.scopes.includes(s))),
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { accessTokenCreateSchema } = await import('../access-token-parts');
    const parsed = accessTokenCreateSchema.safeParse({
      name: draft.name,
      scopes: draft.scopes,
      portfolio_ids: draft.portfolios.all ? null : draft.portfolios.ids,
      expires_in_days: draft.lifetime,
    });
    if (!parsed.success) {
      setErrors(issueFieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setDraft(fresh);
        onCreated(created);
        // The mutation's copy of the answer holds the whole token: let it go (its gcTime is 0).
        create.reset();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else notifyError(error);
      },
    });
  };

  const others = otherErrors(errors, shownFields);
  return (
    <form
      noValidate
      aria-label="Create a token"
      className="grid gap-5"
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label="Name"
        value={draft.name}
        maxLength={100}
        autoComplete="off"
        placeholder="Backup script"
        hint="What will use it, so you know it again in the list."
        errors={errors.name}
        onChange={(e) => edit({ name: e.target.value })}
      />
      <ChoiceGroup legend="Scopes" errors={errors.scopes}>
        {accessTokenScopes.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5"
              checked={draft.scopes.includes(scope)}
              onChange={(e) => toggleScope(scope, e.target.checked)}
            />
            <span className="min-w-0">
              {scopeText(scope)} <code className="font-mono text-xs text-muted">{scope}</code>
            </span>
          </label>
        ))}
      </ChoiceGroup>
      <PortfolioChoice
        value={draft.portfolios}
        errors={errors.portfolio_ids}
        onChange={(portfolios) => edit({ portfolios })}
      />
      <Field
        label="Expires after"
        errors={errors.expires_in_days}
        hint={draft.lifetime === null ? 'A token that never expires works until you revoke it.' : undefined}
        className="sm:max-w-xs"
      >
        {(control) => (
          <select
            {...control}
            value={lifetimeValue(draft.lifetime)}
            className={controlClass(control['aria-invalid'])}
            onChange={(e) => edit({ lifetime: lifetimeOf(e.target.value) })}
          >
            {lifetimeLabels.map(([lifetime, label]) => (
              <option key={label} value={lifetimeValue(lifetime)}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {others.length > 0 && (
        <ul role="alert" className="text-sm text-danger">
          {others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create token'}
        </Button>
      </div>
    </form>
  );
}
