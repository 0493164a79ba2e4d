import { authServiceMessages, type FieldErrors } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { updateProfile } from '@/lib/api/account';
import { queuedOr } from '@/lib/api/saved-or-queued';
import { toast } from '@/lib/toast';
import type { SettingsUser } from '../settings-types';
import { fieldErrorsFromIssues, fieldErrorsOf } from './field-errors';

interface ProfileFormProps {
  user: SettingsUser;
  onSaved: () => Promise<void>;
}

export function ProfileForm({ user, onSaved }: ProfileFormProps) {
  const [username, setUsername] = useState(user.username);
  const [picture, setPicture] = useState(user.picture ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});

  const mutation = useMutation({
    mutationFn: updateProfile,
    meta: { silent: true },
    onSuccess: async () => {
      toast.success('Profile updated.');
      await onSaved();
    },
    // Offline: kept on this device and sent later, so no failure is shown.
    onError: queuedOr(
      () => setErrors({}),
      (error) => {
        setErrors(fieldErrorsOf(error));
        toast.error(authServiceMessages.profileUpdate);
      },
    ),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { profileUpdateSchema } = await import('./form-schemas');
    const parsed = profileUpdateSchema.safeParse({
      username,
      picture: picture.trim() === '' ? null : picture,
    });
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(e) => {
          setUsername(e.target.value);
          setErrors(({ username: _cleared, ...rest }) => rest);
        }}
        errors={errors.username}
      />
      <TextField
        label="Picture URL"
        name="picture"
        type="url"
        inputMode="url"
        placeholder="https://…"
        hint="Leave empty to use your initial."
        value={picture}
        onChange={(e) => {
          setPicture(e.target.value);
          setErrors(({ picture: _cleared, ...rest }) => rest);
        }}
        errors={errors.picture}
      />
      <div>
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  );
}
