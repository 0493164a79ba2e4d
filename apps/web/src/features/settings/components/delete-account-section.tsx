import type { FieldErrors } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { deleteAccount } from '../api/account-data-api';
import type { SettingsUser } from '../settings-types';
import { fieldErrorsOf } from './field-errors';
import { SettingsSection } from './settings-section';

interface DeleteAccountSectionProps {
  user: SettingsUser;
  /** Signs this browser out once the server has deleted the account (its cookies are cleared already). */
  onDeleted: () => Promise<void>;
}

const description =
  'Removes this account and everything in it from this server: portfolios, transactions, projections, alerts, notifications, connections, access tokens and settings. It cannot be undone; download your data first to keep a copy.';

export function DeleteAccountSection({ user, onDeleted }: DeleteAccountSectionProps) {
  const [open, setOpen] = useState(false);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // An account made by single sign-on has no password here; it types its email instead.
  const byPassword = user.has_password !== false;
  const field = byPassword ? 'password' : 'confirm_email';

  const mutation = useMutation({
    mutationFn: deleteAccount,
    meta: { silent: true },
    onSuccess: () => onDeleted(),
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    mutation.mutate(byPassword ? { password: proof } : { confirm_email: proof });
  };

  const otherProblem =
    mutation.isError && Object.keys(errors).length === 0
      ? isApiError(mutation.error)
        ? mutation.error.message
        : 'The request failed. Please try again.'
      : null;

  return (
    <SettingsSection title="Delete account" description={description}>
      {!open ? (
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete my account…
        </Button>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4">
          {byPassword ? (
            <TextField
              label="Your password"
              type="password"
              name="password"
              autoComplete="current-password"
              value={proof}
              onChange={(event) => {
                setProof(event.target.value);
                setErrors({});
              }}
              errors={errors[field]}
            />
          ) : (
            <TextField
              label="Type your email address to confirm"
              type="email"
              name="confirm_email"
              autoComplete="off"
              hint={`You sign in through single sign-on, so this account has no password here. Type ${user.email}.`}
              value={proof}
              onChange={(event) => {
                setProof(event.target.value);
                setErrors({});
              }}
              errors={errors[field]}
            />
          )}
          {otherProblem !== null && (
            <p role="alert" className="text-sm text-danger">
              {otherProblem}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" variant="danger" disabled={mutation.isPending || mutation.isSuccess}>
              {mutation.isPending || mutation.isSuccess ? 'Deleting…' : 'Delete my account permanently'}
            </Button>
            <Button
              variant="secondary"
              disabled={mutation.isPending}
              onClick={() => {
                setOpen(false);
                setProof('');
                setErrors({});
                mutation.reset();
              }}
            >
              Cancel
            </Button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
