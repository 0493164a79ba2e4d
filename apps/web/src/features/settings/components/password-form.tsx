import { authServiceMessages, type FieldErrors } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { changePassword } from '@/lib/api/account';
import { toast } from '@/lib/toast';
import { fieldErrorsFromIssues, fieldErrorsOf } from './field-errors';

const mismatch = 'The new passwords do not match.';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const mutation = useMutation({
    mutationFn: changePassword,
    meta: { silent: true },
    onSuccess: () => {
      toast.success('Password changed.');
      setCurrent('');
      setNext('');
      setConfirm('');
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      toast.error(authServiceMessages.passwordChange);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { passwordChangeSchema } = await import('./form-schemas');
    const parsed = passwordChangeSchema.safeParse({ current_password: current, new_password: next });
    const found = parsed.success ? {} : fieldErrorsFromIssues(parsed.error.issues);
    if (next !== confirm) found.confirm_password = [mismatch];
    setErrors(found);
    if (parsed.success && next === confirm) mutation.mutate(parsed.data);
  };

  const clear = (field: string) => setErrors(({ [field]: _cleared, ...rest }) => rest);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <TextField
        label="Current password"
        type="password"
        name="current_password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          clear('current_password');
        }}
        errors={errors.current_password}
      />
      <TextField
        label="New password"
        type="password"
        name="new_password"
        autoComplete="new-password"
        hint="At least 10 characters; mix letters with numbers or symbols, or use 16 or more."
        value={next}
        onChange={(e) => {
          setNext(e.target.value);
          clear('new_password');
        }}
        errors={errors.new_password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        name="confirm_password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          clear('confirm_password');
        }}
        errors={errors.confirm_password}
      />
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
